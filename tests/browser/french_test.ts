import type { Page } from "playwright-core";
import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { browserTest, eachInTabs } from "../_lib/browser.ts";
import { englishSentences } from "../_lib/i18n.ts";
import { messagesFor } from "../../src/i18n/catalog.ts";
import type { OutboxEntry } from "../../src/domain/mail.ts";
import { createOutboxStore } from "../../src/store/outbox.ts";
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

/**
 * French typography a reader notices: a no-break space before « : ; ! ? » and after «, numbers
 * grouped with one (5 000), no currency code in brackets, no brackets inside brackets.
 */
function typographyFaults(text: string): string[] {
  const faults = [
    / [:;!?»]/g,
    /[^\s\u00a0\u202f\d][:;!?»]/g,
    /«[^\u00a0\u202f]/g,
    /\d \d{3}(?!\d)/g,
    /\(EUR\)/g,
    /\([^()]*\(/g,
  ];
  return faults.flatMap((fault) =>
    [...text.matchAll(fault)].map((m) => text.slice(Math.max(0, m.index! - 30), m.index! + 10))
  );
}

/** A page's meta keywords; its JSON-LD's categories. */
const keywords = (html: string) => /<meta name="keywords" content="([^"]*)"/.exec(html)?.[1];
const CATEGORIES: Record<string, string> = messagesFor("fr").shop.categories;
const categories = (html: string) => [...html.matchAll(/"category":"([^"]+)"/g)].map((m) => m[1]);

/** The words drawn in an SVG illustration. */
const drawnWords = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1].trim());

/** The words of the English illustrations that French ones do not share (not "PID" or "Σ"). */
function englishDrawnWords(): Set<string> {
  const dir = new URL("../../public/images/illustrations/", import.meta.url);
  const read = (sub: string) =>
    [...Deno.readDirSync(new URL(sub, dir))].filter((f) => f.name.endsWith(".svg"))
      .flatMap((f) => drawnWords(Deno.readTextFileSync(new URL(sub + f.name, dir))));
  const french = new Set(read("fr/"));
  return new Set(read("./").filter((w) => /[a-z]{3}/i.test(w) && !french.has(w)));
}

browserTest(
  "[browser] French: every page of the site map answers in French under /fr/, with hreflang both ways (the 404 too), French typography, illustrations, keywords and JSON-LD categories, and no English sentence of the catalogue",
  async ({ server, newPage }) => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const french = locs.filter((p) => p.startsWith("/fr/"));
    assertEquals(french.length, locs.length / 2, "each English page has its French one");
    assert(french.includes("/fr/shop") && french.some((p) => p.startsWith("/fr/shop/")));
    const sentences = englishSentences();
    const englishDrawn = englishDrawnWords();
    assert(englishDrawn.has("Motor"), [...englishDrawn].join(", "));
    const drawings = new Map<string, string[]>();
    const paths = [...french, "/fr/search?q=filtre", "/fr/unsubscribe", "/fr/no-such-page"];
    // Three tabs take the pages in turn: each page's wait for a quiet network (500 ms) overlaps
    // the others' loading.
    const tabs = await Promise.all(
      [1, 2, 3].map(() => newPage({ viewport: { width: 390, height: 844 } })),
    );
    const found: string[] = [];
    const faults: string[] = [];
    await eachInTabs(tabs, paths, async (page, path) => {
      const res = await page.goto(path);
      assert(res, path);
      await page.waitForLoadState("networkidle");
      assertEquals(await page.getAttribute("html", "lang"), "fr", path);
      const text = await frenchText(page);
      for (const sentence of sentences) {
        if (text.includes(sentence)) found.push(`${path}: "${sentence}"`);
      }
      faults.push(...typographyFaults(text).map((f) => `${path}: "${f}"`));
      for (
        const src of await page.locator("main img[src$='.svg']").evaluateAll((imgs) =>
          imgs.map((img) => (img as HTMLImageElement).getAttribute("src")!)
        )
      ) {
        if (!drawings.has(src)) {
          drawings.set(src, drawnWords(await (await fetch(`${server.url}${src}`)).text()));
        }
        const english = drawings.get(src)!.filter((w) => englishDrawn.has(w));
        if (english.length) found.push(`${path}: ${src} draws "${english.join('", "')}"`);
      }
      if (path === "/fr/no-such-page") {
        // The 404 page names itself and its English page, as every page does.
        const html = await res.text();
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? "none";
        assertEquals(new URL(canonical, server.url).pathname, path);
        const paths = Object.entries(alternates(html)).map(([l, u]) => [l, new URL(u).pathname]);
        assertEquals(Object.fromEntries(paths), {
          en: "/no-such-page",
          fr: path,
          "x-default": "/no-such-page",
        });
      }
      if (!french.includes(path)) return;
      // Reciprocal alternates: the French page names its English one, which names it back.
      const html = await res.text();
      const links = alternates(html);
      assertEquals(new URL(links.fr).pathname, path, `${path} names itself as fr`);
      const english = await (await fetch(links.en.replace(/^https?:\/\/[^/]+/, server.url)))
        .text();
      assertEquals(new URL(alternates(english).fr).pathname, path, `${links.en} names ${path}`);
      assertEquals(alternates(english)["x-default"], links.en, `${path} x-default`);
      // What search engines read is French too: the keywords, the JSON-LD's product categories.
      assert(keywords(html) !== keywords(english), `${path}: the English keywords`);
      assertEquals(categories(html), categories(english).map((c) => CATEGORIES[c] ?? c), path);
    });
    assertEquals(found, [], `English on French pages:\n${found.join("\n")}`);
    assertEquals(faults, [], `French typography:\n${faults.join("\n")}`);
    assert(drawings.size >= 2, "the walk saw the illustrations");
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
  "[browser] French: a buyer on /fr/shop adds to cart (countries in French), checks out (no region, the company's refusals in French) and pays in French, gets a French mail, and its order page is French, in French typography",
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
    const countries = drawer.getByLabel("Pays de livraison");
    await countries.locator("option", { hasText: "Allemagne" }).waitFor({ state: "attached" });
    const names = (await countries.locator("option").allInnerTexts()).slice(1);
    assert(names.includes("Royaume-Uni") && !names.includes("Germany"), names.join(", "));
    assertEquals(names, [...names].sort((a, b) => a.localeCompare(b, "fr")), "sorted in French");
    await countries.selectOption("France");
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
        ["Code postal", "31000"],
        ["Ville", "Toulouse"],
      ]
    ) await form.getByLabel(new RegExp(`^${label}`)).fill(value);
    // A French address has no region to give.
    await form.getByLabel("Région / État (facultatif)").waitFor();

    // The company's refusals, the server's, are French under their fields: the VAT number's,
    // then the SIREN's.
    await form.getByLabel("Achat pour une entreprise").check();
    await form.getByLabel(/^Raison sociale/).fill("Martin SARL");
    await form.getByLabel("Numéro de TVA").fill("BE0411905848");
    await form.getByLabel("SIREN").fill("123");
    await form.getByRole("button", { name: "Passer au paiement" }).click();
    await form.locator("#checkout-company-vatNumber-error").filter({
      hasText: "La clé de contrôle de ce numéro de TVA est fausse\u00a0: vérifiez",
    }).waitFor();
    await form.getByLabel("Numéro de TVA").fill("");
    await form.getByRole("button", { name: "Passer au paiement" }).click();
    await form.locator("#checkout-company-siren-error").filter({
      hasText: "Un SIREN compte 9 chiffres (par exemple 732\u00a0829\u00a0320)",
    }).waitFor();
    const said = [await form.innerText()];
    await form.getByLabel("Achat pour une entreprise").uncheck();
    await form.getByRole("button", { name: "Passer au paiement" }).click();

    const payment = page.getByRole("dialog", { name: "Paiement par carte" });
    said.push(await payment.innerText());
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
    said.push(await success.innerText());
    const text = await frenchText(page);
    for (const sentence of englishSentences()) {
      assert(!text.includes(sentence), `English in the checkout: "${sentence}"`);
    }

    // The order keeps its language: its mail is French and links the French order page.
    const kv = await openKv(server.kvPath);
    let mail: OutboxEntry | undefined;
    for (const m of await createOutboxStore(kv).list()) {
      if (m.to === "claire@example.fr") mail = m;
    }
    kv.close();
    assert(mail, "a mail to the buyer");
    assertStringIncludes(mail.subject, "est confirmée");
    assertStringIncludes(mail.text, "Bonjour Claire,");
    assertStringIncludes(mail.text, "1 × Carte DSP Vectra");
    assertStringIncludes(mail.text, "Retrouver mes commandes\u00a0: http");
    // A consumer's confirmation: the French terms accepted and the withdrawal form, linked and
    // attached in French.
    assertStringIncludes(mail.text, "(version du 27 novembre 2026)\u00a0: http");
    assertStringIncludes(mail.text, "/fr/general-terms/2026-11-27\n");
    assertStringIncludes(mail.text, "/fr/withdrawal-form\n");
    assertEquals(mail.attachments?.map((a) => `${a.kind} ${a.lang}`), [
      "terms fr",
      "withdrawal-form fr",
    ]);
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
    said.push(await page.locator("main").innerText());
    const faults = said.flatMap((text) => typographyFaults(text.replace(/[ \r\n]+/g, " ")));
    assertEquals(faults, [], "French typography in the checkout and on the order page");
    // The refused company and the declined card are the only failed calls.
    assertEquals(page.problems.filter((p) => !/status of 4(02|22)/.test(p)), []);
  },
);
