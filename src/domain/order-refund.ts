import { formatMoney } from "./money.ts";

/** An order's fields that decide its refund; the stored and the admin shapes both have them. */
export interface RefundFields {
  paymentMethod: string;
  paymentStatus: string;
  paymentIntentId?: string | null;
}

/**
 * Why an order cannot be refunded through its payment provider, or null when it can (a
 * partially refunded one can, up to what is left).
 */
export function refundRefusal(o: RefundFields): string | null {
  if (o.paymentStatus === "refunded") return "This order has already been refunded";
  if (o.paymentMethod !== "online") return "Only orders paid online can be refunded";
  if (o.paymentStatus !== "paid" && o.paymentStatus !== "partially_refunded") {
    return "Only paid orders can be refunded";
  }
  if (!o.paymentIntentId) return "This order has no online payment to refund";
  return null;
}

/**
 * The provider's idempotency key of an order's `n`th refund (from 1): the same for every attempt
 * of it, so racing or retried refunds make one refund at the provider. The first keeps the key
 * of the time when an order had one refund.
 */
export const refundIdempotencyKey = (orderId: string, n = 1) =>
  n === 1 ? `refund-${orderId}` : `refund-${orderId}-${n}`;

export const PROVIDER_LABELS: Readonly<Record<string, string>> = {
  stripe: "Stripe",
  sandbox: "the sandbox",
};

/**
 * Staff cancelling an order paid online must say what happens to the money: refund it with the
 * cancellation, or keep it. Null when the order has no refundable payment (nothing to decide).
 */
export function cancelRefundQuestion(
  o: RefundFields & { status: string; totalCents: number; currency: string },
): string | null {
  if (o.status === "cancelled" || refundRefusal(o)) return null;
  return `This order was paid online (${formatMoney(o.totalCents, o.currency)}): refund it ` +
    "and cancel, or cancel and keep the payment (on the order's page)";
}
