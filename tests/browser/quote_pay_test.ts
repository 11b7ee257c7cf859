import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { overflowX, PHONE } from "../_lib/admin-browser.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";
import { freePort } from "../_lib/server.ts";
import { type Received, smtpSink, waitFor } from "../_lib/smtp.ts";

const SMTP_PORT = freePort();
const EMAIL = "purchasing@uni.example";

/** A mail's text, its quoted-printable soft breaks and escapes undone. */
const mailText = (m: Received) =>
  m.raw.replace(/=\r?\n/g, "").replace(
    /=([0-9A-F]{2})/g,
    (_, h) => String.fromCharCode(parseInt(h, 16)),
  );

browserTest(
  "[browser] quote page at 390 px: the buyer pays the quote by card (sandbox) and lands on the paid order",
  async ({ server, newPage }) => {
    const smtp = await smtpSink(SMTP_PORT);
    // A university asks a quote from its cart (the API the request page calls), in English.
    const products = await (await fetch(`${server.url}/api/public/products`)).json() as {
      _id: string;
      name: string;
    }[];
    const board = products.find((p) => p.name.includes("DSP Board"))!;
    const requested = await fetch(`${server.url}/api/quote-requests`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        items: [{ id: board._id, quantity: 1 }],
        shippingCountry: "France",
        customer: { firstName: "Ada", lastName: "Byron", email: EMAIL, phone: "+33 1 00 00 00 00" },
        business: { companyName: "University of Paris" },
        shippingAddress: {
          address: "1 rue Victor Cousin",
          city: "Paris",
          state: "",
          zipCode: "75005",
          country: "France",
        },
        locale: "en",
      }),
    });
    assertEquals(requested.status, 201);
    const pattern = /https?:\/\/[^/\s]+(\/quotes\/D\d{4}-\d{6}\?t=[\w-]+)/;
    const link = () =>
      smtp.received.filter((m) => m.to.includes(EMAIL)).map((m) => pattern.exec(mailText(m))?.[1])
        .find(Boolean);
    await waitFor(() => !!link(), "the quote's mail");

    const page = await newPage(PHONE);
    await page.goto(link()!);
    const pay = page.getByTestId("quote-pay");
    await pay.scrollIntoViewIfNeeded();
    await hydrated(page, pay);
    assertEquals(await overflowX(page), 0, "the quote page fits a phone");
    // A card left incomplete is said before anything is sent.
    await pay.getByLabel("Card number").fill("4242 4242 4242 4241");
    await pay.getByRole("button", { name: /^Pay €/ }).click();
    await pay.getByRole("alert").filter({ hasText: /card number/i }).waitFor();
    await pay.getByLabel("Card number").fill("4242 4242 4242 4242");
    await pay.getByLabel(/Expir/).fill("12 / 34");
    await pay.getByLabel(/CVC/).fill("123");
    const total = await page.getByTestId("quote-total").innerText();
    const button = pay.getByRole("button", { name: `Pay ${total}` });
    await button.click();
    await page.waitForURL(/\/orders\/ORD-\d+\?t=/);
    const order = await page.locator("main").innerText();
    assertStringIncludes(order, total, "charged the quote's total");
    assert(/paid/i.test(order), order);

    await page.goto(link()!);
    assertStringIncludes(
      await page.getByTestId("quote-state").innerText(),
      "You paid this quote by card",
    );
    assertEquals(await page.getByTestId("quote-pay").count(), 0, "nothing left to pay");
    assertEquals(page.problems, []);
    await smtp.close();
  },
  { env: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` } },
);
