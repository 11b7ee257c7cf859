import { z } from "zod";

/** Returned units of one order line (`index` in the order's items). */
export const returnedLineSchema = z.object({
  index: z.number().int().min(0).max(49),
  quantity: z.number().int().min(1).max(10_000),
});
export type ReturnedLine = z.infer<typeof returnedLineSchema>;

export const CORRECTION_KINDS = ["refund", "credit", "reinvoice"] as const;

/**
 * One correction of a sale, as recorded on its order: money given back (`refund`, through the
 * provider or made outside the shop), a credit note without money (`credit`: a price
 * correction), or a re-invoice (credit note and new invoice for a new buyer or tax treatment).
 */
export const correctionSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(CORRECTION_KINDS),
  /** Money given back (refund) or credited (credit); 0 for a re-invoice. */
  amountCents: z.number().int().min(0),
  /**
   * What its own credit note credits: a refund first settles what earlier credit notes or a
   * re-invoice already credited without money, and only the rest needs a document.
   */
  creditedCents: z.number().int().min(0),
  lines: z.array(returnedLineSchema).max(50).optional(),
  shipping: z.boolean().optional(),
  /** Units of the lines given back to the stock. */
  restocked: z.boolean().optional(),
  reason: z.string().max(500).optional(),
  /** The provider's refund id; `outside-...` for one made in its dashboard. */
  refundId: z.string().optional(),
  actor: z.string().max(254).optional(),
});
export type Correction = z.infer<typeof correctionSchema>;
