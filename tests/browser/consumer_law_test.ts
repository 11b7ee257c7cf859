import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { seriousViolations } from "../_lib/axe.ts";
import { browserTest } from "../_lib/browser.ts";
import { BOSS, bossApi, signInAs } from "../_lib/admin-browser.ts";
import type { RunningServer } from "../_lib/server.ts";
import { createOutboxStore } from "../../src/store/outbox.ts";
import { openKv } from "../../src/store/kv.ts";

const PHONE = { viewport: { width: 390, height: 800 } };

/** The legal-notice and mediator settings a shop in production has. */
const SETTINGS = {
  SELLER_LEGAL_NAME: "Vectra Systems SAS",
  SELLER_ADDRESS: "12 allée des Sciences, 31400 Toulouse, France",
  SELLER_RCS: "RCS Toulouse 912 345 678",
  SELLER_SIREN: "912345678",
  SELLER_VAT_NUMBER: "FR12912345678",
  SELLER_SHARE_CAPITAL: "5 000 €",
  SELLER_LEGAL_FORM: "SAS (société par actions simplifiée)",
  SELLER_EMAIL: "contact@vectra.example",
  SELLER_PHONE: "+33 5 61 00 00 00",
  SELLER_PUBLICATION_DIRECTOR: "Jeanne Martin",
  SELLER_HOST_NAME: "Deno Land Inc.",
  SELLER_HOST_ADDRESS: "1111 6th Ave Ste 550, San Diego, CA 92101, USA",
  SELLER_HOST_PHONE: "+1 415 000 0000",
  SELLER_MEDIATOR_NAME: "CM2C",
  SELLER_MEDIATOR_ADDRESS: "49 rue de Ponthieu, 75008 Paris",
  SELLER_MEDIATOR_URL: "https://www.cm2c.net",
};

for (
  const lang of [
    {
      prefix: "",
      notice: "Legal notice",
      director: "Publication director",
      findOrders: "Find my orders",
      businessOnly: "Business buyers only",
      withdrawal: "34. Right of withdrawal (consumers)",
      guarantee: "two years from the delivery of the goods",
      form: "Model withdrawal form",
      formLine: "I/We (*) hereby give notice",
    },
    {
      prefix: "/fr",
      notice: "Mentions légales",
      director: "Directeur de la publication",
      findOrders: "Retrouver mes commandes",
      businessOnly: "Acheteurs professionnels uniquement",
      withdrawal: "34. Droit de rétractation (consommateurs)",
      guarantee:
        "Le consommateur dispose d’un délai de deux ans à compter de la délivrance du bien pour obtenir la mise en œuvre de la garantie légale de conformité",
      form: "Formulaire de rétractation",
      formLine: "Je/Nous (*) vous notifie/notifions (*)",
    },
  ]
) {
  browserTest(
    `[browser] consumer law (${
      lang.prefix || "/"
    }, 390 px): the footer leads to the legal notice and to finding one's orders; the terms give consumers withdrawal and the legal guarantees, mark the business-only clauses, name the mediator; the withdrawal form as a page and a PDF`,
    async ({ server, newPage }) => {
      const page = await newPage(PHONE);
      await page.goto(`${lang.prefix}/home`);
      const footer = page.locator("footer");
      await footer.getByRole("link", { name: lang.notice }).click();
      await page.waitForURL(`**${lang.prefix}/legal-notice`);
      const main = page.locator("main");
      assertEquals(await page.getByRole("heading", { level: 1 }).innerText(), lang.notice);
      const text = await main.innerText();
      for (const value of Object.values(SETTINGS)) assertStringIncludes(text, value);
      assertStringIncludes(text, lang.director);
      assertEquals(
        await main.getByRole("link", { name: SETTINGS.SELLER_MEDIATOR_URL }).getAttribute("href"),
        SETTINGS.SELLER_MEDIATOR_URL,
      );
      assertEquals(await seriousViolations(page, page.url()), []);

      await page.locator("footer").getByRole("link", { name: lang.findOrders }).click();
      await page.waitForURL(`**${lang.prefix}/orders`);

      // The terms: the mediator named, no ODR platform, the business-only clauses marked.
      const mediation: string[] = [];
      const scopes: string[] = [];
      for (const n of [1, 2, 3]) {
        await page.goto(`${lang.prefix}/general-terms/page/${n}`);
        const body = await page.locator("main").innerText();
        assert(
          !/online dispute resolution|règlement en ligne des litiges|on request|sur demande/i.test(
            body,
          ),
          `page ${n}`,
        );
        mediation.push(body);
        scopes.push(
          ...await page.locator("section[data-scope=business] h2").allInnerTexts(),
        );
      }
      assertEquals(scopes.length, 3, "receipt, warranty, limitation period");
      assertEquals(
        await page.locator("section[data-scope=business] [data-testid=terms-scope]").first()
          .innerText(),
        lang.businessOnly,
      );
      const all = mediation.join("\n");
      assertStringIncludes(
        all,
        `${SETTINGS.SELLER_MEDIATOR_NAME}, ${SETTINGS.SELLER_MEDIATOR_ADDRESS}, ${SETTINGS.SELLER_MEDIATOR_URL}`,
      );
      assertStringIncludes(all, lang.withdrawal);
      assertStringIncludes(all, lang.guarantee);
      assertStringIncludes(all, SETTINGS.SELLER_EMAIL);

      // The withdrawal article leads to the form, addressed to the seller, and its PDF.
      await page.locator("#withdrawal").getByRole("link", { name: lang.form }).first().click();
      await page.waitForURL(`**${lang.prefix}/withdrawal-form`);
      const form = await page.getByTestId("withdrawal-form").innerText();
      assertStringIncludes(form, SETTINGS.SELLER_LEGAL_NAME);
      assertStringIncludes(form, SETTINGS.SELLER_EMAIL);
      assertStringIncludes(form, lang.formLine);
      assertEquals(await seriousViolations(page, page.url()), []);
      const pdf = await fetch(`${server.url}${lang.prefix}/withdrawal-form.pdf`);
      assertEquals(pdf.headers.get("content-type"), "application/pdf");
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      assertEquals(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
      const pdfText = await pdfToText(bytes);
      assertStringIncludes(pdfText, lang.formLine);
      assertStringIncludes(pdfText, SETTINGS.SELLER_EMAIL);

      // The dated version of the terms on one page, and as a PDF.
      await page.goto(`${lang.prefix}/general-terms/page/1`);
      await page.getByTestId("terms-version").getByRole("link").first().click();
      await page.waitForURL(`**${lang.prefix}/general-terms/2026-11-27`);
      assertEquals(await page.locator("main section[id]").count(), 36);
      const terms = await fetch(`${server.url}${lang.prefix}/general-terms/2026-11-27.pdf`);
      assertStringIncludes(
        await pdfToText(new Uint8Array(await terms.arrayBuffer())),
        lang.withdrawal,
      );
      assertEquals(
        (await fetch(`${server.url}${lang.prefix}/general-terms/1999-01-01`)).status,
        404,
      );
      assertEquals(page.problems, []);
    },
    { env: SETTINGS },
  );
}

/** The text of a PDF (poppler's pdftotext), one line per line. */
async function pdfToText(bytes: Uint8Array): Promise<string> {
  const file = await Deno.makeTempFile({ suffix: ".pdf" });
  try {
    await Deno.writeFile(file, bytes);
    const out = await new Deno.Command("pdftotext", { args: ["-layout", file, "-"] }).output();
    return new TextDecoder().decode(out.stdout).replace(/\s+/g, " ");
  } finally {
    await Deno.remove(file);
  }
}

/** A consumer's order paid and shipped by staff; answers its number and the shipped mail's link. */
async function shippedOrder(server: RunningServer) {
  const boss = await bossApi(server);
  const products = await boss("/api/public/products");
  const product = (products.products ?? products).find((p: { stock: number }) => p.stock > 2);
  const { order } = await boss("/api/orders/admin", "POST", {
    customer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "" },
    shippingAddress: { address: "1 Rue X", city: "Lyon", state: "", zipCode: "69001" },
    items: [{ id: product._id ?? product.id, quantity: 1 }],
    shippingCountry: "France",
    paymentMethod: "delivery",
  });
  await boss(`/api/orders/${order._id}/payment`, "PUT", { paymentStatus: "paid" });
  await boss(`/api/orders/${order._id}/status`, "PUT", { status: "shipped", carrier: "DHL" });
  const mails = await outbox(server);
  const shipped = mails.find((m) => m.text.includes(order.orderNumber))!;
  const link = new URL(/https?:\/\/\S+\/orders\/\S+/.exec(shipped.text)![0]);
  return { boss, order, link, shipped, title: product.name as string };
}

async function outbox(server: RunningServer) {
  const kv = await openKv(server.kvPath);
  const mails = await createOutboxStore(kv).list();
  kv.close();
  return mails;
}

for (
  const lang of [
    {
      prefix: "",
      heading: "Withdraw from this order",
      received: "Withdrawal received on",
    },
    {
      prefix: "/fr",
      heading: "Me rétracter de cette commande",
      received: "Rétractation reçue le",
    },
  ]
) {
  browserTest(
    `[browser] consumer law (${
      lang.prefix || "/"
    }, 390 px): the buyer withdraws from the order page; the withdrawal is acknowledged by mail and staff see it on the order`,
    async ({ server, newPage }) => {
      const { order, link, shipped, title } = await shippedOrder(server);
      assertStringIncludes(shipped.text, "Find my orders", "every order mail links it");
      assertStringIncludes(shipped.html ?? "", '/orders"');
      const page = await newPage(PHONE);
      await page.goto(`${lang.prefix}${link.pathname}${link.search}`);
      const section = page.getByRole("region", { name: lang.heading });
      await section.getByRole("checkbox", { name: title }).uncheck();
      await section.getByRole("button", { name: lang.heading }).click();
      assert((await section.getByRole("alert").innerText()).length > 0, "no item: said so");
      await section.getByRole("checkbox", { name: title }).check();
      await Promise.all([
        page.waitForEvent("load"),
        section.getByRole("button", { name: lang.heading }).click(),
      ]);
      const received = page.getByTestId("withdrawal-received");
      assertStringIncludes(await received.innerText(), lang.received);
      assertStringIncludes(await received.innerText(), `1 × ${title}`);
      assert(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth));
      assertEquals(await seriousViolations(page, "order page, withdrawn"), []);

      // The mail speaks the order's language (this staff-made order's: English).
      const ack = (await outbox(server)).find((m) =>
        m.subject.startsWith("Your withdrawal from order")
      );
      assert(ack, "the acknowledgement mail");
      assertStringIncludes(ack.subject, order.orderNumber);
      assertStringIncludes(ack.text, "Find my orders");

      await signInAs(page, BOSS);
      await page.goto(`/admin/orders/${order._id}`);
      const badge = page.getByTestId("order-withdrawal");
      assertStringIncludes(await badge.innerText(), `1 × ${title}`);
      assertStringIncludes(
        await page.getByTestId("order-timeline").innerText(),
        "Withdrawal received",
      );
      assertEquals(page.problems, []);
    },
  );
}

for (
  const lang of [
    {
      prefix: "",
      terms: "general terms of sale",
      withdrawal: "right of withdrawal",
      privacy: "privacy notice",
      notify: "Notify When Available",
      demoPrivacy: "privacy notice",
    },
    {
      prefix: "/fr",
      terms: "conditions générales de vente",
      withdrawal: "droit de rétractation",
      privacy: "politique de confidentialité",
      notify: "M’avertir du retour en stock",
      demoPrivacy: "politique de confidentialité",
    },
  ]
) {
  browserTest(
    `[browser] consumer law (${
      lang.prefix || "/"
    }, 390 px): the pay button says paying accepts the dated terms and the withdrawal information, with the privacy notice; the stock alert and the demo form give the privacy notice`,
    async ({ server, newPage }) => {
      const page = await newPage(PHONE);
      // The terms line is server HTML in the checkout's payment dialog.
      const shop = await (await fetch(`${server.url}${lang.prefix}/shop`)).text();
      const versionPath = `${lang.prefix}/general-terms/2026-11-27`;
      assertStringIncludes(shop, `href="${versionPath}"`);
      assertStringIncludes(shop, `href="${versionPath}#withdrawal"`);
      assertStringIncludes(shop, `href="${lang.prefix}/privacy"`);

      // The stock alert dialog: the seeded sold-out product's "notify" button.
      await page.goto(`${lang.prefix}/shop`);
      await page.locator("astro-island[component-url*=ShopCatalog]:not([ssr])").waitFor({
        state: "attached",
      });
      await page.getByRole("button", { name: lang.notify }).first().click();
      const dialog = page.getByRole("dialog", { name: lang.notify });
      // The privacy line is page HTML handed to the island, with its link.
      assertEquals(
        await dialog.getByTestId("notify-privacy").getByRole("link", { name: lang.privacy })
          .getAttribute("href"),
        `${lang.prefix}/privacy`,
      );

      await page.goto(`${lang.prefix}/request-a-demo`);
      assertEquals(
        await page.getByTestId("demo-privacy").getByRole("link", { name: lang.demoPrivacy })
          .getAttribute("href"),
        `${lang.prefix}/privacy`,
      );
      assertEquals(page.problems, []);
    },
  );
}
