import type { renderInvoicePdf as render } from "./invoice-pdf.ts";
export type { DocumentSettings } from "./invoice-pdf.ts";

/**
 * The invoice PDF, with pdf-lib loaded for the first one instead of at every start: importing it
 * took about 0.1 s of CPU, a third of a cold start, and most instances never draw a PDF
 * (and the fonts it embeds are 0.3 MB of source).
 */
export const renderInvoicePdf: typeof render = async (...args) =>
  (await import("./invoice-pdf.ts")).renderInvoicePdf(...args);
