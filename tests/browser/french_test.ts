import type { Page } from "playwright-core";
import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { browserTest, eachInTabs } from "../_lib/browser.ts";
import { englishSentences } from "../_lib/i18n.ts";
import { outboxEntrySchema } from "../../src/domain/mail.ts";
import { openKv } from "../../src/store/kv.ts";

/** The page's visible text, leaving out what is marked English (the language switch, a name). */
async function frenchText(page: Page): Promise<string> {
  return await page.evaluate(() => {
    const english = [...document.querySelectorAll<HTMLElement>("body [lang]:not([lang=fr])")];
    for (const el of english) el.dataset.shown = el.style.display, el.style.display = "none";
    const text = document.body.innerText;
    for (const el of english) el.style.display = el.dataset.shown ?? "";
    return text.replace(/[ \t\r\n]+/g, " ");
  });
}

const alternates = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)"/g)].map((m) => [
      m[1],
      m[2],
    ]),
  );

browserTest(
  "[browser] French: every page of the site map answers in French under /fr/, with hreflang both ways and no English sentence of the catalogue",
  async ({ server, newPage }) => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const french = locs.filter((p) => p.startsWith("/fr/"));
    assertEquals(french.length, locs.length / 2, "each English page has its French one");
    assert(french.includes("/fr/shop") && french.some((p) => p.startsWith("/fr/shop/")));
    const sentences = englishSentences();
    const paths = [...french, "/fr/search?q=filtre", "/fr/unsubscribe", "/fr/no-such-page"];
    // Three tabs take the pages in turn: each page's wait for a quiet network (500 ms) overlaps
    // the others' loading.
    const tabs = await Promise.all([1, 2, 3].map(() => newPage()));
    const found: string[] = [];
    await eachInTabs(tabs, paths, async (page, path) => {
      const res = await page.goto(path);
      assert(res, path);
      await page.waitForLoadState("networkidle");
      assertEquals(await page.getAttribute("html", "lang"), "fr", path);
      const text = await frenchText(page);
      for (const sentence of sentences) {
        if (text.includes(sentence)) found.push(`${path}: "${sentence}"`);
      }
      if (!french.includes(path)) return;
      // Reciprocal alternates: the French page names its English one, which names it back.
      const links = alternates(await res.text());
      assertEquals(new URL(links.fr).pathname, path, `${path} names itself as fr`);
      const english = await (await fetch(links.en.replace(/^https?:\/\/[^/]+/, server.url)))
        .text();
      assertEquals(new URL(alternates(english).fr).pathname, path, `${links.en} names ${path}`);
      assertEquals(alternates(english)["x-default"], links.en, `${path} x-default`);
    });
    assertEquals(found, [], `English on French pages:\n${found.join("\n")}`);
    // The unsubscribe page without a token answers 400, the unknown page 404: nothing else fails.
    const problems = tabs.flatMap((page) => page.problems);
    assertEquals(problems.filter((p) => !/status of 40[04]/.test(p)), []);
  },
);

browserTest(
  "[browser] French: the header's switch keeps the page and its query; a French browser is offered French once, never redirected",
  async ({ newPage }) => {
    const fr = await newPage({ locale: "fr-FR" });
    const res = await fr.goto("/");
    assertEquals(res?.status(), 200);
    assertEquals(new URL(fr.url()).pathname, "/", "no redirect by Accept-Language");
    assertEquals(await fr.getAttribute("html", "lang"), "en");
    const offer = fr.getByTestId("lang-offer");
    await offer.waitFor();
    await offer.getByRole("button", { name: "Non merci" }).click();
    await offer.waitFor({ state: "hidden" });
    await fr.reload();
    await fr.waitForLoadState("networkidle");
    assert(!(await offer.isVisible()), "a dismissed offer stays dismissed");

    const other = await newPage({ locale: "fr-FR" });
    await other.goto("/features");
    await other.getByRole("link", { name: "Lire en français" }).click();
    await other.waitForURL("**/fr/features");
    assertEquals(await other.getAttribute("html", "lang"), "fr");
    await other.goto("/fr/search?q=filtre");
    await other.getByTestId("lang-switch").click();
    await other.waitForURL("**/search?q=filtre");
    assertEquals(new URL(other.url()).pathname + new URL(other.url()).search, "/search?q=filtre");
    await other.getByTestId("lang-switch").click();
    await other.waitForURL("**/fr/search?q=filtre");
    await other.goto("/home");
    await other.waitForLoadState("networkidle");
    assert(!(await other.getByTestId("lang-offer").isVisible()), "a chosen language is remembered");

    const en = await newPage({ locale: "en-GB" });
    await en.goto("/");
    await en.waitForLoadState("networkidle");
    assert(!(await en.getByTestId("lang-offer").isVisible()), "no offer to an English browser");
  },
);

browserTest(
  "[browser] French: a buyer on /fr/shop adds to cart, checks out and pays in French, gets a French mail, and its order page is French",
  async ({ server, newPage }) => {
    const page = await newPage();
    await page.goto("/fr/shop");
    await page.locator("astro-island[component-url*=Checkout]:not([ssr])").waitFor({
      state: "attached",
    });
    const card = page.locator("article", { hasText: "Carte DSP Vectra" });
    // Every card's price says TTC and that delivery is extra.
    assertStringIncludes(await card.innerText(), "600,00\u00a0€ TTC, hors frais de livraison");
    await card.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.getByTestId("toaster").getByText("Article ajouté au panier\u00a0: Carte DSP Vectra")
      .waitFor();
    await page.getByRole("button", { name: "Voir le panier (1)" }).click();
    const drawer = page.getByRole("dialog", { name: "Panier" });
    await drawer.getByLabel("Pays de livraison").selectOption("France");
    await drawer.getByTestId("cart-shipping").filter({ hasText: "9,90\u00a0€" }).waitFor();
    assertEquals(await drawer.getByTestId("cart-total").innerText(), "609,90\u00a0€");
    await drawer.getByRole("button", { name: "Passer la commande" }).click();

    const form = page.getByRole("dialog", { name: "Commande" });
    await form.getByRole("button", { name: "Passer au paiement" }).click();
    await form.getByRole("alert").filter({
      hasText: "Veuillez remplir tous les champs obligatoires.",
    }).waitFor();
    for (
      const [label, value] of [
        ["Prénom", "Claire"],
        ["Nom", "Martin"],
        ["E-mail", "claire@example.fr"],
        ["Téléphone", "+33612345678"],
        ["Adresse", "1 rue de la Paix"],
        ["Ville", "Toulouse"],
        ["Région / État", "Occitanie"],
        ["Code postal", "31000"],
      ]
    ) await form.getByLabel(new RegExp(`^${label}`)).fill(value);
    await form.getByRole("button", { name: "Passer au paiement" }).click();

    const payment = page.getByRole("dialog", { name: "Paiement par carte" });
    await payment.getByLabel("Numéro de carte").fill("4000 0000 0000 0002");
    await payment.getByLabel("Expiration (MM / AA)").fill("12 / 34");
    await payment.getByLabel("Cryptogramme").fill("123");
    await payment.getByRole("button", { name: "Payer 609,90\u00a0€" }).click();
    const declined = page.getByRole("alertdialog", { name: "Carte refusée" });
    await declined.getByText("Votre carte a été refusée.", { exact: false }).waitFor();
    await declined.getByRole("button", { name: "Réessayer" }).click();
    await payment.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
    await payment.getByRole("button", { name: "Payer 609,90\u00a0€" }).click();
    const success = page.getByRole("dialog", { name: "Paiement réussi\u202f!" });
    await success.waitFor();
    assertStringIncludes(await success.innerText(), "claire@example.fr");
    const text = await frenchText(page);
    for (const sentence of englishSentences()) {
      assert(!text.includes(sentence), `English in the checkout: "${sentence}"`);
    }

    // The order keeps its language: its mail is French and links the French order page.
    const kv = await openKv(server.kvPath);
    let mail: { subject: string; text: string } | undefined;
    for await (const e of kv.list({ prefix: ["outbox"] })) {
      const parsed = outboxEntrySchema.safeParse(e.value);
      if (parsed.success && parsed.data.to === "claire@example.fr") mail = parsed.data;
    }
    kv.close();
    assert(mail, "a mail to the buyer");
    assertStringIncludes(mail.subject, "est confirmée");
    assertStringIncludes(mail.text, "Bonjour Claire,");
    assertStringIncludes(mail.text, "1 × Carte DSP Vectra");
    const link = new URL(/https?:\/\/\S+\/fr\/orders\/\S+/.exec(mail.text)![0]);
    await page.goto(link.pathname + link.search);
    assertEquals(await page.getAttribute("html", "lang"), "fr");
    await page.getByRole("list", { name: "Avancement de la commande" }).waitFor();
    const orderText = await frenchText(page);
    assertStringIncludes(orderText, "Commande passée");
    assertStringIncludes(orderText, "Total TTC");
    assertStringIncludes(orderText, "609,90\u00a0€");
    for (const sentence of englishSentences()) {
      assert(!orderText.includes(sentence), `English on the order page: "${sentence}"`);
    }
    assertEquals(page.problems.filter((p) => !/status of 402/.test(p)), []);
  },
);
