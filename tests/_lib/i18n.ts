import { CATALOGS } from "../../src/i18n/catalog.ts";

const SITE = "Vectra";

/** Every string of a catalogue by its path ("chrome.nav.home", "pages.home.keywords.0"). */
export function flatten(value: unknown, path = "", out = new Map<string, string>()) {
  if (typeof value === "function") return flatten(value(SITE, `${SITE} Systems`), path, out);
  if (typeof value === "string") out.set(path, value);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path}.${k}` : k, out);
  }
  return out;
}

/**
 * The English catalogue's sentences that French pages must not show: every English string that
 * French says otherwise, cut at its placeholders, keeping the pieces of three words or more.
 */
export function englishSentences(): string[] {
  const english = flatten(CATALOGS.en);
  const french = flatten(CATALOGS.fr);
  const out = new Set<string>();
  for (const [key, text] of english) {
    if (french.get(key) === text) continue;
    for (const piece of text.split(/\{\w+\}/)) {
      const sentence = piece.trim().replace(/\s+/g, " ");
      if (sentence.split(" ").length >= 3 && sentence.length >= 12) out.add(sentence);
    }
  }
  return [...out];
}

/**
 * Every sentence of a catalogue (pieces of three words or more between placeholders), but the
 * demo form's rules' messages and the API's refusals: the rules, shared with the API, are code
 * and say them in English.
 */
export function catalogueSentences(lang: "en" | "fr"): string[] {
  const out = new Set<string>();
  for (const [key, text] of flatten(CATALOGS[lang])) {
    if (key.startsWith("demoForm.errors.") || key.startsWith("apiErrors.")) continue;
    for (const piece of text.split(/\{\w+\}/)) {
      const sentence = piece.trim().replace(/\s+/g, " ");
      if (sentence.split(" ").length >= 3 && sentence.length >= 12) out.add(sentence);
    }
  }
  return [...out];
}
