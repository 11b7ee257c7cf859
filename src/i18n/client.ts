import type { ClientMessages, ClientSection } from "./catalog.ts";
import type { Lang } from "./locales.ts";

/** The id of the JSON block (Site.astro) holding the page's messages for its scripts. */
export const PAGE_MESSAGES_ID = "page-messages";

let fromPage: Partial<ClientMessages> | undefined;
let onServer: ((lang: Lang, section: ClientSection) => unknown) | undefined;

/**
 * Where browser code gets its words. In the browser: the page's JSON block, in the page's
 * language only, so no bundle carries a catalogue. While the server renders an island: the
 * server's catalogue of `lang` (the island's prop), given once by src/i18n/server.ts.
 */
export function pageMessages<S extends ClientSection>(section: S, lang: Lang): ClientMessages[S] {
  if (onServer) return onServer(lang, section) as ClientMessages[S];
  if (!fromPage) {
    const block = document.getElementById(PAGE_MESSAGES_ID);
    fromPage = block ? JSON.parse(block.textContent ?? "{}") : {};
  }
  const found = fromPage![section];
  if (!found) throw new Error(`this page did not include the "${section}" messages`);
  return found as ClientMessages[S];
}

/** The page's language, for plain page scripts (islands get it as a prop). */
export function pageLang(): Lang {
  return document.documentElement.lang === "fr" ? "fr" : "en";
}

/** For the server only: how islands rendered there find their words. */
export function provideServerMessages(get: (lang: Lang, section: ClientSection) => unknown) {
  onServer = get;
}
