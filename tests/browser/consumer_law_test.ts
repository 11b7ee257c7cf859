import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { seriousViolations } from "../_lib/axe.ts";
import { browserTest } from "../_lib/browser.ts";

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
