import { z } from "zod";
import {
  addressSchema,
  businessInputSchema,
  checkoutItemSchema,
  MAX_ORDER_LINES,
  type PricedCheckout,
} from "./checkout.ts";
import { emailField } from "./email.ts";
import { discountedCents } from "./money.ts";
import { QUOTE_STATUSES, type QuoteStatus, quoteStatus } from "./quote-status.ts";
import { recordTimes } from "./record.ts";
import {
  businessSchema,
  customerSchema,
  ORDER_LOCALES,
  orderLineSchema,
  shippingAddressSchema,
} from "./order.ts";
import {
  type PaymentTermsChoice,
  paymentTermsInputSchema,
  paymentTermsSchema,
} from "./payment-terms.ts";
import { taxDecisionSchema } from "./tax.ts";

/**
 * A quote (devis): a company's cart priced and taxed as the checkout would charge it, with staff's
 * discounts, shipping fee, note, validity and payment terms. It holds no stock. Its life:
 * draft -> sent -> accepted | declined | expired | cancelled. Accepting makes one order on
 * account. Quotes are numbered in their own gapless yearly series, D2026-000001.
 */

export { QUOTE_STATUSES, type QuoteStatus, quoteStatus };

/** Where a quote came from: the cart's "Request a quote", or staff. */
export const QUOTE_SOURCES = ["request", "staff"] as const;

/** "D2026-000001": the year of the quote and its rank in that year. */
export function formatQuoteNumber(year: string, n: number): string {
  return `D${year}-${String(n).padStart(6, "0")}`;
}

export const QUOTE_NUMBER = /^D\d{4}-\d{6}$/;

/** A discount in percent, to the hundredth, as basis points (12.5 % -> 1250). */
export const discountPercentField = z.number({ error: "A discount is a percentage" })
  .min(0, "A discount cannot be negative").max(100, "A discount is at most 100 %")
  .refine((v) => Number.isInteger(Math.round(v * 100 * 1e6) / 1e6), "At most two decimals");

const quoteLineSchema = orderLineSchema.extend({
  /** The catalogue's price when quoted, French VAT included, before the discount. */
  shelfCents: z.number().int().min(0),
  discountBp: z.number().int().min(0).max(10_000),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

/** A quote as stored in KV. */
export const salesQuoteSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  source: z.enum(QUOTE_SOURCES),
  locale: z.enum(ORDER_LOCALES),
  customer: customerSchema,
  business: businessSchema,
  shippingAddress: shippingAddressSchema,
  billingAddress: shippingAddressSchema.optional(),
  shippingCountry: z.string(),
  lines: z.array(quoteLineSchema).min(1).max(MAX_ORDER_LINES),
  subtotalCents: z.number().int().min(0),
  shippingFeeCents: z.number().int().min(0),
  totalCents: z.number().int().min(0),
  shippingFeeDetails: z.object({
    country: z.string(),
    feeCents: z.number().int().min(0),
    currency: z.string(),
  }),
  tax: taxDecisionSchema,
  /** Staff's shipping fee (shelf, VAT included) instead of the country's. */
  shippingFeeOverrideCents: z.number().int().min(0).optional(),
  /** Staff's note, printed on the quote. */
  note: z.string().max(2000).optional(),
  /** The buyer's message with the request. */
  message: z.string().max(2000).optional(),
  /** The last day the quote can be accepted (shop day, YYYY-MM-DD). */
  validUntil: z.string(),
  terms: paymentTermsSchema,
  sentAt: z.string().optional(),
  /** The first time the buyer opened the quote page after it was sent. */
  viewedAt: z.string().optional(),
  acceptedAt: z.string().optional(),
  declinedAt: z.string().optional(),
  declineReason: z.string().max(1000).optional(),
  cancelledAt: z.string().optional(),
  expiredAt: z.string().optional(),
  /** The buyer's purchase order given on acceptance, and its PDF when sent. */
  acceptance: z.object({
    purchaseOrder: z.string().max(100),
    attachment: z.object({
      blobId: z.string(),
      name: z.string().max(200),
      size: z.number().int().min(0),
    }).optional(),
  }).optional(),
  orderId: z.string().optional(),
  orderNumber: z.string().optional(),
  /**
   * A card payment authorized on the quote page whose order is being made (its stock taken, its
   * capture under way): nothing else may answer or change the quote meanwhile. Cleared when the
   * payment becomes the quote's order, or when it is not charged.
   */
  cardPayment: z.object({ paymentIntentId: z.string(), at: z.string() }).optional(),
  /** How the buyer paid on the quote page; absent: accepted with a purchase order. */
  paidWith: z.enum(["card", "transfer"]).optional(),
  ...recordTimes,
});
export type SalesQuote = z.infer<typeof salesQuoteSchema>;

/** Why a quote cannot be accepted, declined or paid today (409), or null when it can. */
export function answerRefusal(q: SalesQuote, today: string): string | null {
  const status = quoteStatus(q, today);
  if (q.cardPayment && (status === "sent" || status === "expired")) {
    return "A card payment for this quote is being completed.";
  }
  if (status === "sent") return null;
  if (status === "expired") return "This quote has expired: ask us for a new one.";
  if (status === "cancelled") return "This quote was cancelled: ask us for a new one.";
  if (status === "accepted") return "This quote was accepted already.";
  if (status === "declined") return "This quote was declined.";
  return "This quote has not been sent yet.";
}

/** The error code of `answerRefusal`'s 409: `quote_paying`, else `quote_{status}`. */
export function refusalCode(q: SalesQuote, today: string): string {
  const status = quoteStatus(q, today);
  return q.cardPayment && (status === "sent" || status === "expired")
    ? "quote_paying"
    : `quote_${status}`;
}

/** Why staff cannot edit, send or cancel the quote (409), or null when they can. */
export function staffRefusal(
  q: SalesQuote,
  today: string,
  action: "edit" | "send" | "cancel",
): string | null {
  const status = quoteStatus(q, today);
  if (q.cardPayment && (status === "sent" || status === "expired")) {
    return "The buyer is paying this quote by card: wait until the payment is completed";
  }
  if (status === "draft" || status === "sent") {
    if (action === "send" && today > q.validUntil) return "Move the validity date first";
    return null;
  }
  if (status === "expired" && action !== "cancel") {
    return action === "edit" ? null : "This quote has expired: set a later validity date first";
  }
  return `This quote is ${status}: it cannot change any more`;
}

const optionalText = (max: number) =>
  z.string().trim().max(max).optional().transform((v) => v || undefined);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A date is YYYY-MM-DD").refine(
  (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)),
  "Not a date",
);
const person = z.object({
  firstName: z.string({ error: "First name is required" }).trim().min(1, "First name is required")
    .max(100),
  lastName: z.string({ error: "Last name is required" }).trim().min(1, "Last name is required")
    .max(100),
  email: emailField({ required: "Email is required", invalid: "Email is invalid" }),
  phone: z.string({ error: "Phone is required" }).trim().min(1, "Phone is required").max(40),
});

/** `POST /api/quote-requests`: the cart's "Request a quote". */
export const quoteRequestBodySchema = z.object({
  items: z.array(checkoutItemSchema.pick({ id: true, quantity: true })).min(1, "The cart is empty")
    .max(MAX_ORDER_LINES),
  shippingCountry: z.string({ error: "Shipping country is required" }).trim().min(
    1,
    "Shipping country is required",
  ).max(100),
  customer: person,
  business: businessInputSchema,
  shippingAddress: addressSchema,
  billingAddress: addressSchema.optional(),
  message: optionalText(2000),
  locale: z.enum(ORDER_LOCALES).default("en"),
});
export type QuoteRequestBody = z.infer<typeof quoteRequestBodySchema>;

/** `POST /api/quotes`, `PUT /api/quotes/{id}`: staff's quote. */
export const staffQuoteBodySchema = z.object({
  items: z.array(z.object({
    id: z.string().trim().min(1, "Choose a product").max(100),
    quantity: z.number().int("Quantity must be a whole number").min(
      1,
      "Quantity must be at least 1",
    )
      .max(10_000),
    discountPercent: discountPercentField.default(0),
  })).min(1, "Add at least one item").max(MAX_ORDER_LINES),
  shippingCountry: z.string().trim().min(1, "Country is required").max(100),
  customer: person,
  business: businessInputSchema,
  shippingAddress: addressSchema,
  billingAddress: addressSchema.optional(),
  /** Euros, VAT included as the catalogue's fees; absent: the country's fee. */
  shippingFee: z.number().min(0).max(100_000).optional(),
  note: optionalText(2000),
  validUntil: day.optional(),
  terms: paymentTermsInputSchema.optional(),
  locale: z.enum(ORDER_LOCALES).default("en"),
});
export type StaffQuoteBody = z.infer<typeof staffQuoteBodySchema>;

/** Accepting on the quote page: the buyer's purchase order number (the PDF comes beside). */
export const acceptQuoteBodySchema = z.object({
  purchaseOrder: z.string({ error: "Purchase order number is required" }).trim().min(
    1,
    "Purchase order number is required",
  ).max(100),
});

/** "Pay now" on the quote page: by card (the checkout's intent) or by Stripe's bank transfer. */
export const payQuoteBodySchema = z.object({
  method: z.enum(["card", "transfer"], { error: "Choose card or transfer" }),
});

/** Once the card is authorized: the intent the quote page's pay call answered. */
export const confirmQuotePaymentBodySchema = z.object({
  paymentIntentId: z.string({ error: "paymentIntentId is required" }).trim().min(
    1,
    "paymentIntentId is required",
  ).max(200),
});

export const declineQuoteBodySchema = z.object({
  reason: z.string({ error: "Please tell us why" }).trim().min(1, "Please tell us why").max(1000),
});

/** The most a purchase order PDF may weigh. */
export const MAX_PURCHASE_ORDER_BYTES = 5 * 1024 * 1024;

/** A new quote's terms when staff choose none: on terms, the shop's default days. */
export const defaultTerms = (days: number): PaymentTermsChoice => ({ kind: "on_terms", days });

/** Staff's terms, their blanks filled: the kind they chose, the shop's days when they gave none. */
export const termsOf = (
  given: StaffQuoteBody["terms"],
  days: number,
): PaymentTermsChoice =>
  given ? { kind: given.kind, days: given.days ?? days } : defaultTerms(days);

/** `GET /api/quotes` filters: status, a search text, a page. */
export const quoteListQuerySchema = z.object({
  status: z.enum(QUOTE_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;

/** Whether a quote matches staff's search: its number, company, contact or email. */
export function quoteMatches(q: SalesQuote, text: string): boolean {
  const t = text.toLowerCase();
  return [
    q.number,
    q.business.companyName,
    `${q.customer.firstName} ${q.customer.lastName}`,
    q.customer.email,
    q.business.purchaseOrder ?? "",
    q.acceptance?.purchaseOrder ?? "",
  ].some((f) => f.toLowerCase().includes(t));
}

/**
 * Staff's terms applied to a cart priced at the shelf, before it is taxed: each line's discount
 * (percent, as basis points by product id) lowers its shelf price, and a shipping fee staff set
 * replaces the country's. The tax decision then charges it as any checkout.
 */
export function applyQuoteTerms(
  shelf: PricedCheckout,
  discounts: ReadonlyMap<string, number>,
  feeOverrideCents?: number,
): PricedCheckout {
  const lines = shelf.lines.map((l) => {
    const cents = discountedCents(l.shelfCents, discounts.get(l.id) ?? 0);
    return { ...l, shelfCents: cents, priceCents: cents };
  });
  const feeCents = feeOverrideCents ?? shelf.shippingFeeDetails.feeCents;
  const subtotalCents = lines.reduce((n, l) => n + l.priceCents * l.quantity, 0);
  return {
    ...shelf,
    lines,
    subtotalCents,
    shippingFeeCents: feeCents,
    totalCents: subtotalCents + feeCents,
    shippingFeeDetails: { ...shelf.shippingFeeDetails, feeCents },
  };
}
