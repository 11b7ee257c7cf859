import { createOutboxStore } from "../../src/store/outbox.ts";
import { openKv } from "../../src/store/kv.ts";
import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { BOSS } from "../_lib/admin-browser.ts";
import { seriousViolations } from "../_lib/axe.ts";
import { browserTest } from "../_lib/browser.ts";

browserTest(
  "[browser] the buyer's order page from the shipped mail's link: progress, tracking, invoice; altered and unknown links get the same 404",
  async ({ server, newPage }) => {
    const call = async (path: string, method: string, body: unknown, token?: string) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          "Content-Type": "application/json",
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const { token } = await call("/api/superadmins/login", "POST", BOSS);
    const products = await (await fetch(`${server.url}/api/public/products`)).json();
    const product = (products.products ?? products).find((p: { stock: number }) => p.stock > 2);
    const { order } = await call("/api/orders/admin", "POST", {
      customer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "" },
      shippingAddress: { address: "1 Rue X", city: "Lyon", state: "", zipCode: "69001" },
      items: [{ id: product._id ?? product.id, quantity: 1 }],
      shippingCountry: "France",
      paymentMethod: "delivery",
    }, token);
    await call(`/api/orders/${order._id}/payment`, "PUT", { paymentStatus: "paid" }, token);
    await call(`/api/orders/${order._id}/status`, "PUT", {
      status: "shipped",
      carrier: "DHL",
      trackingNumber: "JD0146",
    }, token);

    // The link, as the buyer gets it in the shipped mail (the shop's outbox).
    const kv = await openKv(server.kvPath);
    let link = "";
    for (const mail of await createOutboxStore(kv).list()) {
      if (mail.subject.includes("has shipped")) {
        link = /https?:\/\/\S+\/orders\/\S+/.exec(mail.text)![0];
      }
    }
    kv.close();
    assert(link, "the shipped mail links the order page");
    const url = new URL(link);

    const page = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const res = await page.goto(url.pathname + url.search);
    assertEquals(res!.status(), 200);
    assertEquals(res!.headers()["cache-control"], "private, no-store");
    assertEquals(await page.locator('meta[name="robots"]').getAttribute("content"), "noindex");
    assertEquals(await page.locator("h1").innerText(), order.orderNumber);
    const steps = page.getByRole("list", { name: "Order progress" }).locator("li");
    assertEquals(
      await steps.evaluateAll((els) => els.map((el) => el.getAttribute("data-done"))),
      ["true", "true", "true", "false"],
    );
    assertEquals(
      await page.getByRole("link", { name: "Track the parcel" }).getAttribute("href"),
      "https://www.dhl.com/en/express/tracking.html?AWB=JD0146",
    );
    const pdfLink = page.getByTestId("order-documents").getByRole("link").first();
    assertStringIncludes(await pdfLink.innerText(), "Invoice F");
    const pdf = await page.request.get(await pdfLink.getAttribute("href") as string);
    assertEquals([pdf.status(), pdf.headers()["content-type"]], [200, "application/pdf"]);
    assert(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth));
    assertEquals(await seriousViolations(page, "order page"), []);

    // An altered token, another order's number, no token: the 404 page, as an unknown address.
    const t = url.searchParams.get("t")!;
    const altered = `${url.pathname}?t=${t.slice(0, -1)}${t.endsWith("A") ? "B" : "A"}`;
    const notFound = await page.goto("/no-such-page");
    const expected = await page.locator("main").innerText();
    assertEquals(notFound!.status(), 404);
    for (const path of [altered, url.pathname, `/orders/ORD-999999?t=${t}`]) {
      const r = await page.goto(path);
      assertEquals(r!.status(), 404, path);
      assertEquals(await page.locator("main").innerText(), expected, path);
    }
  },
);
