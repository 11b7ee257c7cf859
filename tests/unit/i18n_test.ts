import { assert, assertEquals } from "../_lib/assert.ts";
import { CATALOGS } from "../../src/i18n/catalog.ts";
import { fill } from "../../src/i18n/fill.ts";
import { formatCount, formatDate, formatMoney } from "../../src/i18n/format.ts";
import { LANGS, localePath, translatedPath, unlocalizedPath } from "../../src/i18n/locales.ts";
import { englishSentences, flatten } from "../_lib/i18n.ts";

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

Deno.test("[unit] i18n: every language has every key of the English catalogue, and no other", () => {
  const english = flatten(CATALOGS.en);
  for (const lang of LANGS) {
    const other = flatten(CATALOGS[lang]);
    const missing = [...english.keys()].filter((k) => !other.has(k));
    const extra = [...other.keys()].filter((k) => !english.has(k));
    assertEquals(missing, [], `${lang} lacks these keys`);
    assertEquals(extra, [], `${lang} has keys English does not`);
    for (const [key, text] of other) {
      assert(text.trim() !== "", `${lang}: ${key} is empty`);
      // A translation may leave a placeholder out (the server's English words), never add one.
      const known = placeholders(english.get(key)!);
      assertEquals(
        placeholders(text).filter((p) => !known.includes(p)),
        [],
        `${lang}: ${key} placeholders`,
      );
    }
  }
});

Deno.test("[unit] i18n: French text follows French typography (no-break spaces, also in 5 000, « », ’)", () => {
  for (const [key, text] of flatten(CATALOGS.fr)) {
    assert(!/ [:;!?»]/.test(text), `${key}: a plain space before a high sign in "${text}"`);
    assert(!/« /.test(text), `${key}: a plain space after « in "${text}"`);
    assert(!/\d \d{3}(?!\d)/.test(text), `${key}: a number broken at its thousands in "${text}"`);
    assert(
      !/[\w\u00c0-\u017f]'[\w\u00c0-\u017f]/.test(text),
      `${key}: a straight apostrophe in "${text}"`,
    );
    assert(!/"/.test(text), `${key}: English quotes in "${text}"`);
  }
});

Deno.test("[unit] i18n: prices and dates in each language's format", () => {
  assertEquals(formatMoney(123456, "en"), "€1,234.56");
  assertEquals(formatMoney(123456, "fr"), "1\u202f234,56\u00a0€");
  assertEquals(formatMoney(-500, "fr"), "-5,00\u00a0€");
  assertEquals(formatDate("2026-11-25T10:00:00Z", "en", "Europe/Paris"), "25 November 2026");
  assertEquals(formatDate("2026-11-25T10:00:00Z", "fr", "Europe/Paris"), "25 novembre 2026");
  assertEquals(fill("{title} added to cart!", { title: "Board" }), "Board added to cart!");
});

Deno.test("[unit] i18n: French paths mirror the English ones under /fr/", () => {
  assertEquals(localePath("fr", "/"), "/fr/");
  assertEquals(localePath("fr", "/shop"), "/fr/shop");
  assertEquals(localePath("en", "/shop"), "/shop");
  assertEquals(unlocalizedPath("/fr/shop/board"), "/shop/board");
  assertEquals(unlocalizedPath("/fr"), "/");
  assertEquals(unlocalizedPath("/french-board"), "/french-board");
  assertEquals(translatedPath("/fr/general-terms/page/2", "en"), "/general-terms/page/2");
  assertEquals(translatedPath("/", "fr"), "/fr/");
});

Deno.test("[unit] i18n: the English sentences French pages are checked for exist and are English", () => {
  const sentences = englishSentences();
  assert(sentences.length > 300, `${sentences.length} sentences`);
  assert(sentences.includes("Proceed to Checkout") || sentences.includes("Add to Cart"));
});

Deno.test("[unit] i18n: counts the cart and stock notes show are grouped as each language writes them, never broken", () => {
  assertEquals(formatCount(5000, "fr"), "5\u202f000");
  assertEquals(formatCount(5000, "en"), "5,000");
  assertEquals(formatCount(12, "fr"), "12");
});

Deno.test("[unit] i18n: French shop wording: prices TTC with delivery extra, no bare product name as subject, no gendered 'vous'", () => {
  const fr = CATALOGS.fr;
  assertEquals(fr.shop.priceNote, "TTC, hors frais de livraison");
  assert(fr.shop.heroText.includes("Prix TTC, hors frais de livraison."), fr.shop.heroText);
  for (const [key, text] of flatten(fr)) {
    // A product name needs an article before a verb ("La carte … est"): messages name it after a colon.
    assert(
      !/(^|[.!?:]\s)\{titles?\} (est|sont)\b/.test(text),
      `${key}: "{title} est" in "${text}"`,
    );
    assert(!/\(e\)/.test(text), `${key}: "(e)" in "${text}"`);
    // Words to the reader agree with no assumed gender.
    assert(
      !/\b(vous|Vous) (êtes|serez|seriez) [\wÀ-ſ]+(é|i|it)\b|vous vous êtes inscrit|Restez informé\b/
        .test(text),
      `${key}: a masculine-only agreement with "vous" in "${text}"`,
    );
  }
});
