import { z } from "zod";
import { customerSchema, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "./order.ts";
import { holdsStock, type Order, type OrderStatus } from "./order.ts";
import { optionalEmailField } from "./email.ts";
import { GENDERS } from "./order-status.ts";
import { instantText } from "./staff-dates.ts";
import { addressSchema, type BusinessInput, businessInputSchema, textLine } from "./checkout.ts";
import { returnedLineSchema } from "./order-correction-schema.ts";
import { HIDDEN_CHARACTERS_MESSAGE, isPlainText } from "./plain-text.ts";

/** `PUT /api/orders/{id}/status` */
export const statusBodySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(", ")}` }),
  carrier: textLine().max(100).optional(),
  trackingNumber: textLine().max(100).optional(),
  /** Delivered and cancelled orders mail the customer only when ticked; shipped always does. */
  notifyCustomer: z.boolean().optional(),
  /**
   * Cancelling an order paid online: true refunds it in full through its provider in the same
   * action (the buyer is mailed), false cancels it and keeps the payment. Required then.
   */
  refund: z.boolean().optional(),
});
export type StatusBody = z.infer<typeof statusBodySchema>;

export const paymentBodySchema = z.object({
  paymentStatus: z.enum(PAYMENT_STATUSES, {
    error: `paymentStatus must be one of ${PAYMENT_STATUSES.join(", ")}`,
  }),
});

export const dateBodySchema = z.object({ createdAt: instantText });

export const noteBodySchema = z.object({
  text: z.string().trim().min(1, "A note cannot be empty").max(2000)
    .refine(isPlainText, HIDDEN_CHARACTERS_MESSAGE),
});

/** It names the buyer's order page (`/orders/{number}`) too: no slash, nothing to escape. */
const ORDER_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const ORDER_ID_MESSAGE = "Order ID may hold letters, digits and . _ - only";

/** `POST /api/orders/admin`: the spec's payload; amounts sent are ignored, the server prices. */
export const manualOrderBodySchema = z.object({
  customer: customerSchema.extend({
    firstName: textLine().min(1).max(100),
    lastName: textLine().min(1).max(100),
    email: optionalEmailField("Please enter a valid email address"),
    phone: textLine().max(40).default(""),
  }),
  shippingAddress: z.object({
    address: textLine().min(1, "Address is required").max(300),
    city: textLine().min(1, "City is required").max(100),
    state: textLine().max(100).default(""),
    zipCode: textLine().max(20).default(""),
    country: textLine().max(100).optional(),
  }),
  items: z.array(z.object({
    id: z.string().trim().min(1, "Choose a product").max(100),
    quantity: z.coerce.number().int().min(1, "Quantity must be at least 1").max(10_000),
  })).min(1, "Add at least one item").max(50),
  shippingCountry: textLine().min(1, "Country is required").max(100),
  paymentMethod: z.enum(PAYMENT_METHODS).default("delivery"),
  gender: z.enum(GENDERS).optional(),
  /** An order id staff typed (the order's number), kept if no order has it; empty: counted. */
  orderId: z.string().trim().max(40, "Order ID must be at most 40 characters")
    .refine((v) => v === "" || ORDER_ID.test(v), ORDER_ID_MESSAGE).optional(),
  createdAt: instantText.optional(),
  /** A company buying, and where its invoice goes: the checkout's own fields and rules. */
  business: businessInputSchema.optional(),
  billingAddress: addressSchema.optional(),
});
export type ManualOrderBody = z.infer<typeof manualOrderBodySchema>;

/**
 * The stock a status change moves: cancelling an order that holds its units gives them back;
 * leaving `cancelled` takes them again. Nothing else moves stock.
 */
export function stockMoveFor(before: Order, next: OrderStatus): "give" | "take" | null {
  if (next === "cancelled" && before.status !== "cancelled" && holdsStock(before)) return "give";
  if (before.status === "cancelled" && next !== "cancelled" && !holdsStock(before)) {
    return "take";
  }
  return null;
}

/** Statuses whose units are still in the warehouse (nothing has been sent yet). */
const NOT_YET_SENT: readonly OrderStatus[] = ["pending", "confirmed", "processing"];

/**
 * Whether deleting the order gives its units back to the stock: only while it holds them and
 * they have not left the warehouse. A shipped or delivered order's units are gone; giving them
 * back would let a deletion raise the stock (and an `admin`, for whom products are read-only,
 * could do it).
 */
export const deletionRestocks = (o: Order): boolean =>
  holdsStock(o) && NOT_YET_SENT.includes(o.status);

/** `POST /api/orders/bulk`: one change for several orders, each done as if alone. */
export const bulkBodySchema = z.object({
  ids: z.array(z.string().trim().min(1).max(100)).min(1, "Select at least one order").max(100),
  status: z.enum(ORDER_STATUSES).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
}).refine((b) => b.status || b.paymentStatus, "Choose a status or a payment status");

const euros = z.number({ error: "amount must be a number of euros" })
  .positive("The amount must be more than 0")
  .max(1_000_000)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "At most two decimals");

/**
 * `POST /api/orders/{id}/refund`: nothing (all that is left), an `amount` in euros, or returned
 * `lines` (and/or the `shipping`), whose units go back to the stock unless `restock` is false.
 */
export const refundBodySchema = z.object({
  amount: euros.optional(),
  lines: z.array(returnedLineSchema).min(1, "Choose at least one line").max(50).optional(),
  shipping: z.boolean().optional(),
  restock: z.boolean().optional(),
  reason: z.string().trim().max(500).refine(isPlainText, HIDDEN_CHARACTERS_MESSAGE).optional(),
}).strict().refine((b) => b.amount === undefined || (!b.lines && !b.shipping), {
  message: "Refund an amount or lines, not both",
  path: ["amount"],
});
export type RefundBody = z.infer<typeof refundBodySchema>;

/** `POST /api/orders/{id}/credit-note`: a credit note without money (a price correction). */
export const creditBodySchema = z.object({
  amount: euros,
  reason: z.string().trim().min(1, "Say why (it is in the audit log)").max(500)
    .refine(isPlainText, HIDDEN_CHARACTERS_MESSAGE),
}).strict();

/**
 * `POST /api/orders/{id}/reinvoice`: the invoice credited and issued again for a changed buyer
 * (company, VAT number, billing address, name) under the tax decision that buyer gets.
 */
export const reinvoiceBodySchema = z.object({
  customer: z.object({
    firstName: textLine().min(1).max(100),
    lastName: textLine().min(1).max(100),
  }).optional(),
  business: businessInputSchema.nullable(),
  billingAddress: addressSchema.nullable(),
  reason: z.string().trim().min(1, "Say why (it is in the audit log)").max(500)
    .refine(isPlainText, HIDDEN_CHARACTERS_MESSAGE),
}).strict();
export type ReinvoiceBody = Omit<z.infer<typeof reinvoiceBodySchema>, "business"> & {
  business: BusinessInput | null;
};
