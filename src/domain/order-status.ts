/** Order vocabulary without zod, so islands can use it without shipping a validator. */
export const ORDER_STATUSES = [
  "pending",
  "confirmed",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
] as const;
/**
 * The payment statuses staff may pick (spec); `partially_refunded` and `refunded` are set by
 * refunds only.
 */
export const PAYMENT_STATUSES = ["pending", "paid", "failed"] as const;
export const STORED_PAYMENT_STATUSES = [
  ...PAYMENT_STATUSES,
  "partially_refunded",
  "refunded",
] as const;
export type OrderStatus = typeof ORDER_STATUSES[number];
export type PaymentStatus = typeof STORED_PAYMENT_STATUSES[number];
/** "transfer": an order on account (a quote accepted), paid by bank transfer. */
export const PAYMENT_METHODS = ["online", "delivery", "transfer"] as const;

/** Badge colours of order and payment statuses (spec section 9); others are grey. */
export const STATUS_COLOURS: Readonly<Record<string, string>> = {
  pending: "yellow",
  processing: "blue",
  shipped: "teal",
  delivered: "cyan",
  cancelled: "red",
  failed: "red",
  paid: "teal",
  partially_refunded: "blue",
};

/** The dashboard's order colours (spec section 4): completed blue, pending yellow, other grey. */
export const DASHBOARD_STATUS_COLOURS: Readonly<Record<string, string>> = {
  completed: "blue",
  pending: "yellow",
};

export const PAYMENT_METHOD_LABELS: Readonly<Record<string, string>> = {
  delivery: "Pay on Delivery",
  online: "Payment Online",
  transfer: "Bank transfer",
};

/** What the create-order form may record of a customer (the public checkout does not ask). */
export const GENDERS = ["female", "male", "other"] as const;
