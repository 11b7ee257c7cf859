import { z } from "zod";
import { DomainError } from "./errors.ts";

/**
 * A consumer's right of withdrawal (C. consom. L221-18 ff.; Directive 2011/83/EU art. 9-16):
 * 14 days from delivery, or any time before it, for the items the consumer names. Business
 * buyers have none (the general terms' business clauses apply to them).
 */

export const WITHDRAWAL_DAYS = 14;
const DAY_MS = 86_400_000;

/** What an order records of its withdrawal: when it was received and which items. */
export const withdrawalSchema = z.object({
  at: z.string(),
  items: z.array(z.object({
    id: z.string(),
    title: z.string(),
    quantity: z.number().int().min(1),
  })).min(1),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** The buyer's form: which items, how many of each (all of a line by default). */
export const withdrawalRequestSchema = z.object({
  /** The order link's token. */
  t: z.string().max(500),
  items: z.array(z.object({
    id: z.string().max(100),
    quantity: z.number().int().min(1).max(10_000).optional(),
  })).min(1, "Choose at least one item").max(100),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/** What withdrawal depends on of an order (order.ts imports this module: no import back). */
interface WithdrawableOrder {
  business?: unknown;
  status: string;
  paymentStatus: string;
  deliveredAt?: string;
  updatedAt: string;
  withdrawal?: Withdrawal;
  items: { id: string; title: string; quantity: number }[];
}

/** Why the order cannot be withdrawn from now, or null. `deliveredAt`: when it was delivered. */
export function withdrawalRefusal(o: WithdrawableOrder, now: number): string | null {
  if (o.business) return "Withdrawal is for consumers: this order was placed by a business";
  if (o.status === "cancelled") return "This order is cancelled";
  if (o.paymentStatus === "refunded") return "This order is refunded";
  if (o.status !== "delivered") return null;
  // Orders delivered before the day was recorded count from their last change.
  const delivered = Date.parse(o.deliveredAt ?? o.updatedAt);
  return now - delivered > WITHDRAWAL_DAYS * DAY_MS
    ? `The ${WITHDRAWAL_DAYS} days to withdraw after delivery are over`
    : null;
}

/** Whether the order page offers withdrawal now. */
export const withdrawalOpen = (o: WithdrawableOrder, now: number) =>
  !o.withdrawal && withdrawalRefusal(o, now) === null;

/** The items withdrawn from a request: each named line of the order, at most its quantity. */
export function withdrawnItems(order: Pick<WithdrawableOrder, "items">, req: WithdrawalRequest) {
  const seen = new Set<string>();
  return req.items.map((r) => {
    const line = order.items.find((l) => l.id === r.id);
    if (!line || seen.has(r.id)) {
      throw new DomainError(400, "validation_error", "Validation failed", [
        { field: "items", message: "An item is not in this order" },
      ]);
    }
    seen.add(r.id);
    if ((r.quantity ?? line.quantity) > line.quantity) {
      throw new DomainError(400, "validation_error", "Validation failed", [
        { field: "items", message: "More items than ordered" },
      ]);
    }
    return { id: line.id, title: line.title, quantity: r.quantity ?? line.quantity };
  });
}

/** The same items (ids and quantities), in any order: a repeated request, answered the same. */
export function sameWithdrawal(a: Withdrawal["items"], b: Withdrawal["items"]): boolean {
  const key = (items: Withdrawal["items"]) =>
    items.map((i) => `${i.id}:${i.quantity}`).sort().join(",");
  return key(a) === key(b);
}
