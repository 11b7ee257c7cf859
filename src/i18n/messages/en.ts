/**
 * The English catalogue: every visible string, `aria` text and message of the public site, by
 * section, each section exported by one of the modules below. Its shape is the type of every
 * other language's catalogue (`Messages`, shape.ts): each French section is typed by its English
 * one and src/i18n/catalog.ts types the whole, so a key missing there fails `deno task check`,
 * and tests/unit/i18n_test.ts compares the two at run time too (keys, array lengths,
 * placeholders). Strings take `{name}` placeholders (src/i18n/fill.ts); sections rendered only on
 * the server may be functions of the site's name.
 */
export * from "./en/chrome.ts";
export * from "./en/pages.ts";
export * from "./en/legal.ts";
export * from "./en/forms.ts";
export * from "./en/shop.ts";
export * from "./en/mail.ts";
export * from "./en/orders.ts";
export * from "./en/tax.ts";
export * from "./en/checkout.ts";
export * from "./en/marketing.ts";
export * from "./en/api-errors.ts";
export * from "./en/quotes.ts";
export * from "./en/receivables.ts";
export * from "./en/documents.ts";
