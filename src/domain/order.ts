import { publicBodySchema } from "./public-buyer.ts";
import { z } from "zod";
import { withdrawalSchema } from "./withdrawal.ts";
import { recordTimes } from "./record.ts";
import { orderAccountSchema } from "./order-account.ts";
import { fromCents } from "./money.ts";
import { resolveCountryCode } from "./country-code.ts";
import {
  legacyOrderDecision,
  publicTax,
  type TaxDecision,
  taxDecisionSchema,
  vatGroup,
} from "./tax.ts";
import { type TaxWords, vatStatement } from "./vat-statement.ts";
import { correctionSchema } from "./order-correction-schema.ts";

import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  STORED_PAYMENT_STATUSES,
} from "./order-status.ts";

export { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, STORED_PAYMENT_STATUSES };
export type { OrderStatus, PaymentStatus } from "./order-status.ts";

export const customerSchema = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: z.string().trim().max(254),
  phone: z.string().trim().max(40),
});

export const shippingAddressSchema = z.object({
  address: z.string().trim().min(1).max(300),
  city: z.string().trim().min(1).max(100),
  // Empty when not given (a manual order; places without states or postcodes).
  state: z.string().trim().max(100),
  zipCode: z.string().trim().max(20),
  country: z.string().trim().min(1).max(100),
});

export const orderLineSchema = z.object({
  id: z.string(),
  title: z.string(),
  priceCents: z.number().int().min(0),
  quantity: z.number().int().min(1),
  image: z.string(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * A business buyer: its company, its VAT number (prefix first, checked), its SIREN (French
 * companies) and its purchase order number, all printed on the invoice.
 */
export const businessSchema = z.object({
  companyName: z.string().trim().min(1).max(200),
  vatNumber: z.string().max(30).optional(),
  siren: z.string().max(9).optional(),
  purchaseOrder: z.string().max(100).optional(),
  /** A public body invoiced through Chorus Pro: its structure's SIRET, service, engagement. */
  publicBody: publicBodySchema.optional(),
});
export type Business = z.infer<typeof businessSchema>;

/**
 * What a priced checkout fixes: who, where, which lines, and the amounts (cents) as charged
 * under its tax decision (net of French VAT when no VAT is due). Orders from before the tax
 * decision have none: `orderTax` gives the rule of their time.
 */
/** The languages an order can be in (the site's: src/i18n/locales.ts). */
export const ORDER_LOCALES = ["en", "fr"] as const;
export type OrderLocale = typeof ORDER_LOCALES[number];

export const pricedOrderShape = {
  customer: customerSchema,
  shippingAddress: shippingAddressSchema,
  items: z.array(orderLineSchema).min(1),
  subtotalCents: z.number().int().min(0),
  shippingFeeCents: z.number().int().min(0),
  totalCents: z.number().int().min(0),
  business: businessSchema.optional(),
  /** Where the invoice goes when it is not the shipping address. */
  billingAddress: shippingAddressSchema.optional(),
  tax: taxDecisionSchema.optional(),
  /** The language the buyer ordered in: its mails and order page speak it (absent: English). */
  locale: z.enum(ORDER_LOCALES).optional(),
  /**
   * The general terms the buyer accepted by paying: the version in force when the checkout
   * showed them (domain/terms.ts). Absent on older orders and on orders staff enter.
   */
  termsVersion: z.string().max(20).optional(),
};

/** The order's language (older orders have none: English). */
export const orderLocale = (o: Pick<Order, "locale">): OrderLocale => o.locale ?? "en";

/** An order as stored in KV. */
export const orderSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  orderNumber: z.string(),
  ...pricedOrderShape,
  currency: z.literal("EUR"),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(STORED_PAYMENT_STATUSES),
  status: z.enum(ORDER_STATUSES),
  shippingCountry: z.string(),
  shippingFeeDetails: z.object({
    country: z.string(),
    feeCents: z.number().int().min(0),
    currency: z.string(),
  }).nullable(),
  paymentIntentId: z.string().optional(),
  /** Paid, but the stock was gone when the payment completed: staff must refund. */
  needsRefund: z.boolean().optional(),
  /**
   * Whether the order's units are out of the stock now; absent on older orders, where it means
   * "unless the order was paid without stock". Cancelling gives them back exactly once.
   */
  stockHeld: z.boolean().optional(),
  /** Staff's internal notes, oldest first. */
  notes: z.array(z.object({ at: z.string(), author: z.string(), text: z.string().max(2000) }))
    .max(200).optional(),
  shipment: z.object({
    carrier: z.string().max(100),
    trackingNumber: z.string().max(100),
  }).optional(),
  /** All the money given back so far: its total, the last refund's day and provider id. */
  refund: z.object({ at: z.string(), amountCents: z.number().int().min(0), id: z.string() })
    .optional(),
  /** Staff's and the provider's corrections, oldest first (refunds, credit notes, re-invoices). */
  corrections: z.array(correctionSchema).max(200).optional(),
  /**
   * What the buyer was charged, kept when a re-invoice changed the order's total (the payment
   * is still the first one); absent: `totalCents`.
   */
  chargedCents: z.number().int().min(0).optional(),
  /** Bumped by a re-invoice: the invoice hook credits the invoice and issues a new one. */
  invoiceRevision: z.number().int().min(0).optional(),
  /** An order on account (a quote accepted, paid by transfer): what is due, and its payments. */
  account: orderAccountSchema.optional(),
  /** Recorded by staff on manual orders (the public checkout does not ask). */
  gender: z.string().max(30).optional(),
  /** When staff set it delivered: the consumer's 14 days to withdraw run from then. */
  deliveredAt: z.string().optional(),
  /** A consumer's withdrawal (domain/withdrawal.ts), as received; staff refund it. */
  withdrawal: withdrawalSchema.optional(),
  ...recordTimes,
});
export type Order = z.infer<typeof orderSchema>;
export type NewOrder = Omit<Order, "schemaVersion" | "id" | "orderNumber" | "updatedAt">;

/** The order's tax decision; an order from before it has the flat rule of its time. */
export const orderTax = (o: Pick<Order, "tax" | "shippingCountry" | "createdAt">): TaxDecision =>
  o.tax ?? legacyOrderDecision(resolveCountryCode(o.shippingCountry), o.createdAt.slice(0, 10));

type Taxed = Pick<Order, "tax" | "shippingCountry" | "createdAt" | "totalCents">;

/** The order's VAT: the invoice's, worked out the same way. */
export const orderVatCents = (o: Taxed) => vatGroup(o.totalCents, orderTax(o)).vatCents;

/** What the buyer reads about the order's VAT, in the words of their language. */
export const orderVat = (o: Taxed, words: TaxWords) =>
  vatStatement(orderTax(o), orderVatCents(o), words);

/** Whether the order's units are currently taken out of the stock. */
export const holdsStock = (o: Pick<Order, "stockHeld" | "needsRefund">) =>
  o.stockHeld ?? !o.needsRefund;

/** "ORD-000042" */
export function formatOrderNumber(n: number): string {
  return `ORD-${String(n).padStart(6, "0")}`;
}

/** The Order entity of the admin spec (euros). */
export function toPublicOrder(o: Order) {
  return {
    _id: o.id,
    orderNumber: o.orderNumber,
    customer: o.customer,
    shippingAddress: o.shippingAddress,
    items: o.items.map((l) => ({
      id: l.id,
      title: l.title,
      price: fromCents(l.priceCents),
      quantity: l.quantity,
      images: { front: l.image },
    })),
    subtotal: fromCents(o.subtotalCents),
    shippingFee: fromCents(o.shippingFeeCents),
    total: fromCents(o.totalCents),
    currency: o.currency,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    status: o.status,
    createdAt: o.createdAt,
    shippingCountry: o.shippingCountry,
    shippingFeeDetails: o.shippingFeeDetails
      ? {
        country: o.shippingFeeDetails.country,
        fee: fromCents(o.shippingFeeDetails.feeCents),
        currency: o.shippingFeeDetails.currency,
      }
      : null,
    ...(o.business ? { business: o.business } : {}),
    ...(o.billingAddress ? { billingAddress: o.billingAddress } : {}),
    tax: publicTax(orderTax(o)),
    vat: fromCents(orderVatCents(o)),
    ...(o.needsRefund ? { needsRefund: true } : {}),
  };
}
