/**
 * The French catalogue, each section typed by the English one. French typography: a no-break
 * space before « : », a narrow no-break space before « ; ! ? », « guillemets » with no-break
 * spaces inside, the typographic apostrophe (’). tests/unit/i18n_test.ts checks the spaces.
 */
export * from "./fr/chrome.ts";
export * from "./fr/pages.ts";
export * from "./fr/legal.ts";
export * from "./fr/forms.ts";
export * from "./fr/shop.ts";
export * from "./fr/mail.ts";
export * from "./fr/orders.ts";
export * from "./fr/tax.ts";
export * from "./fr/checkout.ts";
export * from "./fr/marketing.ts";
export * from "./fr/api-errors.ts";
export * from "./fr/quotes.ts";
export * from "./fr/receivables.ts";
export * from "./fr/documents.ts";
