import { z } from "zod";
import { invalidCountryMessage } from "./country-code.ts";
import { emailField } from "./email.ts";
import { UnprocessableError, ValidationError } from "./errors.ts";
import { type Cents, formatMoney, toCents } from "./money.ts";
import { ORDER_LOCALES } from "./order.ts";

/** How long a checkout's payment intent can be paid (the sweep then cancels it). */
export const RESERVATION_TTL_MS = 30 * 60 * 1000;
/**
 * How long after that an authorization may still take its stock. Older, it is canceled (the
 * buyer is not charged): the card issuer holds the amount until then, and Stripe would let an
 * authorization live 7 days, far longer than a buyer waiting for an answer.
 */
export const COMMIT_GRACE_MS = 30 * 60 * 1000;
/** Lines per order; keeps a reservation far below KV's 64 KiB value limit. */
export const MAX_ORDER_LINES = 50;

const required = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`);

/** A cart line as the shop sends it: the cart item (product fields plus quantity). */
export const checkoutItemSchema = z.object({
  id: z.string().trim().min(1).max(100),
  quantity: z.number().int("Quantity must be a whole number").min(1, "Quantity must be at least 1")
    .max(10_000),
  title: z.string().max(300).optional(),
  /** Euros, as the shop showed it; only compared with the catalogue, never trusted. */
  price: z.number().min(0).optional(),
});

/** "Order data sent to payment" (spec section 3). */
export const orderDataSchema = z.object({
  customer: z.object({
    firstName: required("First name").max(100),
    lastName: required("Last name").max(100),
    email: emailField({ required: "Email is required", invalid: "Email is invalid" }),
    phone: required("Phone").max(40),
  }),
  shippingAddress: z.object({
    address: required("Address").max(300),
    city: required("City").max(100),
    state: required("State").max(100),
    zipCode: required("ZIP code").max(20),
    country: required("Country").max(100),
  }),
  items: z.array(checkoutItemSchema).min(1, "The cart is empty").max(MAX_ORDER_LINES),
  subtotal: z.number().min(0).optional(),
  shippingFee: z.number().min(0).optional(),
  total: z.number().min(0).optional(),
  paymentMethod: z.literal("stripe").default("stripe"),
  shippingCountry: required("Shipping country").max(100),
  shippingFeeDetails: z.object({
    country: z.string(),
    fee: z.number(),
    currency: z.string(),
  }).nullable().optional(),
  /** The page's language: the order's mails and page speak it. */
  locale: z.enum(ORDER_LOCALES, { message: "locale must be en or fr" }).default("en"),
});
export type OrderData = z.infer<typeof orderDataSchema>;

export const createIntentBodySchema = z.object({
  amount: z.number({ error: "amount must be a number" }).min(0),
  currency: z.string().trim().toLowerCase().refine((c) => c === "eur", {
    message: "Only 'eur' is accepted",
  }),
  orderData: orderDataSchema,
});
export type CreateIntentBody = z.infer<typeof createIntentBodySchema>;

export const confirmPaymentBodySchema = z.object({
  paymentIntentId: z.string().trim().min(1, "paymentIntentId is required").max(255),
  /**
   * Sent by the shop as the spec says. The order is built from what was priced at intent time;
   * the customer's email must match it, so a payment id alone does not reveal an order.
   */
  orderData: z.object({
    customer: z.object({ email: z.string().trim().min(1, "Email is required").max(254) }),
  }),
});

/** What the pricing needs to know about a product. */
export interface PricingProduct {
  id: string;
  name: string;
  priceCents: Cents;
  currency: string;
  image: string;
  isActive: boolean;
  stock: number;
}

export interface PricingFee {
  country: string;
  feeCents: Cents;
  currency: string;
  isActive: boolean;
}

export interface PricedLine {
  id: string;
  title: string;
  priceCents: Cents;
  quantity: number;
  image: string;
}

export interface PricedCheckout {
  lines: PricedLine[];
  subtotalCents: Cents;
  shippingFeeCents: Cents;
  totalCents: Cents;
  shippingCountry: string;
  shippingFeeDetails: { country: string; feeCents: Cents; currency: string };
}

/** Same product twice in the cart counts as one line with both quantities. */
export function mergeLines(items: { id: string; quantity: number }[]) {
  const merged = new Map<string, number>();
  for (const { id, quantity } of items) merged.set(id, (merged.get(id) ?? 0) + quantity);
  return [...merged].map(([id, quantity]) => ({ id, quantity }));
}

/**
 * Prices a checkout from the shop's own records: every line, the subtotal, the country's fee
 * and the total, in cents. Refuses unknown or inactive products and missing or inactive fees.
 */
export function priceCheckout(
  items: { id: string; quantity: number }[],
  products: ReadonlyMap<string, PricingProduct>,
  country: string,
  fee: PricingFee | null,
): PricedCheckout {
  const lines = mergeLines(items).map(({ id, quantity }) => {
    const p = products.get(id);
    if (!p || !p.isActive) {
      throw new UnprocessableError("unknown_product", `Unknown product: ${id}`);
    }
    if (p.currency !== "EUR") {
      throw new UnprocessableError("unsupported_currency", `${p.name} is not sold in euros`);
    }
    return { id, title: p.name, priceCents: p.priceCents, quantity, image: p.image };
  });
  if (!fee || !fee.isActive) {
    throw new UnprocessableError("no_shipping", `We do not ship to ${country}`);
  }
  if (fee.currency !== "EUR") {
    throw new UnprocessableError(
      "unsupported_currency",
      `The shipping fee for ${country} is not in euros`,
    );
  }
  const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  return {
    lines,
    subtotalCents,
    shippingFeeCents: fee.feeCents,
    totalCents: subtotalCents + fee.feeCents,
    shippingCountry: fee.country,
    shippingFeeDetails: { country: fee.country, feeCents: fee.feeCents, currency: fee.currency },
  };
}

/**
 * Whether the cart can be bought now: the first line asking for more than the stock refuses it
 * with 'Not enough stock for {name}' (and what is left). Nothing is held: the units are taken
 * when the card is authorized, and may be gone by then.
 */
export function assertAvailable(
  lines: readonly { id: string; quantity: number }[],
  products: ReadonlyMap<string, PricingProduct>,
): void {
  for (const { id, quantity } of lines) {
    const p = products.get(id)!;
    if (quantity > p.stock) {
      throw new UnprocessableError(
        "not_enough_stock",
        `Not enough stock for ${p.name}` + (p.stock > 0 ? ` (${p.stock} available)` : ""),
      );
    }
  }
}

/**
 * Compares what the shop showed with the server's prices. Any difference refuses the checkout
 * (nothing is reserved or charged) with a message that says what changed.
 */
export function assertClientAmounts(priced: PricedCheckout, body: CreateIntentBody): void {
  const problems: string[] = [];
  for (const item of body.orderData.items) {
    const line = priced.lines.find((l) => l.id === item.id);
    if (line && item.price !== undefined && toCents(item.price) !== line.priceCents) {
      problems.push(`the price of ${line.title} is now ${formatMoney(line.priceCents)}`);
    }
  }
  const compare = (label: string, sent: number | undefined, cents: Cents) => {
    if (sent !== undefined && toCents(sent) !== cents) {
      problems.push(`the ${label} is ${formatMoney(cents)}, not ${formatMoney(toCents(sent))}`);
    }
  };
  compare("subtotal", body.orderData.subtotal, priced.subtotalCents);
  compare("shipping fee", body.orderData.shippingFee, priced.shippingFeeCents);
  compare("total", body.orderData.total, priced.totalCents);
  compare("amount", body.amount, priced.totalCents);
  if (problems.length) {
    throw new UnprocessableError(
      "amount_mismatch",
      `Your cart is out of date: ${
        problems.join("; ")
      }. Nothing was charged; please review your cart.`,
    );
  }
}

/** Checked by the server as well as the shop: the country must map to a two-letter code. */
export function assertCountryCode(country: string, code: string | null): string {
  if (!code) {
    throw new ValidationError(invalidCountryMessage(country), [
      { field: "orderData.shippingAddress.country", message: invalidCountryMessage(country) },
    ]);
  }
  return code;
}

/** Prices include French VAT at 20%: the VAT part of a VAT-inclusive amount. */
export function vatPart(inclusiveCents: Cents, ratePercent = 20): Cents {
  return Math.round(inclusiveCents * ratePercent / (100 + ratePercent));
}
