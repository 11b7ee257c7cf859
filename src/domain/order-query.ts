import { z } from "zod";
import { type Order, ORDER_STATUSES, STORED_PAYMENT_STATUSES } from "./order.ts";
import { filterDay } from "./staff-dates.ts";

/** The order list's filters, as the URL carries them (`GET /api/orders?...`). */
export const orderQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  paymentStatus: z.enum(STORED_PAYMENT_STATUSES).optional().catch(undefined),
  from: filterDay("from").optional(),
  to: filterDay("to").optional(),
  needsRefund: z.enum(["true", "false"]).transform((v) => v === "true").optional(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});
export type OrderQuery = z.infer<typeof orderQuerySchema>;

/**
 * Every date an order can carry, as an epoch-ms range: lists without bounds use it, so an order
 * dated before 1970 (negative ms, accepted before dates were bounded) is listed like any other.
 */
export const EVERY_DATE = { from: -8.64e15, to: 8.64e15 + 1 } as const;

/**
 * The words an order is found by: its number, the customer's email and names. A search term
 * matches an order when one of these starts with it.
 */
export function searchTokens(o: Pick<Order, "orderNumber" | "customer">): string[] {
  const tokens = [
    o.orderNumber,
    o.customer.email,
    o.customer.firstName,
    o.customer.lastName,
    `${o.customer.firstName} ${o.customer.lastName}`,
  ].map((t) => t.trim().toLowerCase()).filter((t) => t.length > 0);
  return [...new Set(tokens)].map((t) => t.slice(0, 200));
}

/** Whether an order passes the filters that its index did not already apply. */
export function matchesQuery(o: Order, q: OrderQuery, range: { from: number; to: number }) {
  const at = Date.parse(o.createdAt);
  if (at < range.from || at >= range.to) return false;
  if (q.status && o.status !== q.status) return false;
  if (q.paymentStatus && o.paymentStatus !== q.paymentStatus) return false;
  if (q.needsRefund !== undefined && Boolean(o.needsRefund) !== q.needsRefund) return false;
  if (q.q) {
    const term = q.q.toLowerCase();
    if (!searchTokens(o).some((t) => t.startsWith(term))) return false;
  }
  return true;
}
