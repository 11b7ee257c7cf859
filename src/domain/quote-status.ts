/**
 * A quote's states: draft -> sent -> accepted | declined | expired | cancelled. Apart from
 * sales-quote.ts so the back office's quote screens read them without bundling the zod schemas
 * (which would then be shared with the demo form's chunk and grow it).
 */
export const QUOTE_STATUSES = [
  "draft",
  "sent",
  "accepted",
  "declined",
  "expired",
  "cancelled",
] as const;
export type QuoteStatus = typeof QUOTE_STATUSES[number];

/**
 * The quote's status today: a draft or sent quote past its validity date is expired (it is
 * recorded so when someone next touches it).
 */
export function quoteStatus(q: { status: QuoteStatus; validUntil: string }, today: string) {
  if ((q.status === "sent" || q.status === "draft") && today > q.validUntil) return "expired";
  return q.status;
}
