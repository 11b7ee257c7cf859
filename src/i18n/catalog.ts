import type { Lang } from "./locales.ts";
import * as en from "./messages/en.ts";
import * as fr from "./messages/fr.ts";
import type { Messages } from "./messages/shape.ts";

export type { Messages };

/**
 * The whole catalogue of a language, for server-rendered pages, mails and the API's mails. Never
 * imported by browser code: a page gives its scripts and islands only the sections they use, in
 * its own language (src/i18n/client.ts).
 */
export const CATALOGS: Record<Lang, Messages> = { en, fr };

export function messagesFor(lang: Lang): Messages {
  return CATALOGS[lang];
}

/**
 * The sections browser code reads (plain strings with placeholders, no functions): a page puts
 * those it needs in its HTML as JSON (Site.astro's `clientSections`), in its language only.
 */
export const CLIENT_SECTIONS = [
  "header",
  "newsletter",
  "toasts",
  "demoForm",
  "shop",
  "stock",
  "cart",
  "orders",
  "checkout",
  "payment",
] as const;
export type ClientSection = typeof CLIENT_SECTIONS[number];
export type ClientMessages = Pick<Messages, ClientSection>;

export function clientMessages(lang: Lang, sections: readonly ClientSection[]) {
  const all = messagesFor(lang);
  return Object.fromEntries(sections.map((s) => [s, all[s]])) as Partial<ClientMessages>;
}
