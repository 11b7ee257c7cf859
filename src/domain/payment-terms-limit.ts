/**
 * The most days an invoice may give (art. L441-10 C. com.). Apart from payment-terms.ts so the
 * back office's quote dialog reads it without bundling the zod schemas (which would then be shared
 * with the demo form's chunk and grow it).
 */
export const MAX_TERMS_DAYS = 60;
