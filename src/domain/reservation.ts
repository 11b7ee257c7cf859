import { z } from "zod";
import { pricedOrderShape } from "./order.ts";

/**
 * A checkout's claim on stock, created with its payment intent. It carries the priced order
 * (what the customer is charged for) and its own expiry: once `expiresAt` has passed, its holds
 * stop counting, whether or not anything ever released it.
 */
export const reservationSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  status: z.enum(["active", "completed", "released"]),
  paymentIntentId: z.string().optional(),
  ...pricedOrderShape,
  shippingCountry: z.string(),
  shippingFeeDetails: z.object({
    country: z.string(),
    feeCents: z.number().int().min(0),
    currency: z.string(),
  }),
  /** Epoch milliseconds. */
  expiresAt: z.number().int(),
  createdAt: z.string(),
  orderId: z.string().optional(),
  lastPaymentError: z.string().optional(),
});
export type Reservation = z.infer<typeof reservationSchema>;

/** One product's holds, by reservation id. One KV value per product, checked on every change. */
export const stockHoldsSchema = z.record(
  z.string(),
  z.object({ quantity: z.number().int().min(1), expiresAt: z.number().int() }),
);
export type StockHolds = z.infer<typeof stockHoldsSchema>;

/** The holds still counting at `now` (an expired hold is released by being ignored). */
export function activeHolds(holds: StockHolds, now: number): StockHolds {
  return Object.fromEntries(Object.entries(holds).filter(([, h]) => h.expiresAt > now));
}

export function heldQuantity(holds: StockHolds, now: number, except?: string): number {
  let sum = 0;
  for (const [id, h] of Object.entries(holds)) {
    if (id !== except && h.expiresAt > now) sum += h.quantity;
  }
  return sum;
}

/** The earliest moment one of these holds stops counting (Infinity when none will). */
export function nextExpiry(holds: StockHolds, now: number): number {
  let next = Infinity;
  for (const h of Object.values(holds)) {
    if (h.expiresAt > now && h.expiresAt < next) next = h.expiresAt;
  }
  return next;
}
