import { type PublicBody, publicBodySchema } from "./public-buyer.ts";
import { z } from "zod";
import { addressHasRegion } from "./address-format.ts";
import { invalidCountryMessage, resolveCountryCode } from "./country-code.ts";
import { emailField } from "./email.ts";
import { DomainError, type FieldError, UnprocessableError, ValidationError } from "./errors.ts";
import { type Cents, formatMoney, toCents } from "./money.ts";
import { chargedPrice, SELLER_COUNTRY, type TaxDecision, VAT_NUMBER_FIELD } from "./tax.ts";
import { checkVatNumber, isSiren, normalizeVatNumber, type VatNumber } from "./vat-number.ts";
import { isEuMemberState } from "./vat-rates.ts";
import { HIDDEN_CHARACTERS_MESSAGE, isPlainLine } from "./plain-text.ts";
import { type Business, ORDER_LOCALES } from "./order.ts";

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

/**
 * A line of text a buyer types (a name, an address line, a reference): trimmed, and refused
 * when it holds a control or text-direction character (plain-text.ts).
 */
export const textLine = () => z.string().trim().refine(isPlainLine, HIDDEN_CHARACTERS_MESSAGE);

const required = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`)
    .refine(isPlainLine, HIDDEN_CHARACTERS_MESSAGE);

/** A cart line as the shop sends it: the cart item (product fields plus quantity). */
export const checkoutItemSchema = z.object({
  id: z.string().trim().min(1).max(100),
  quantity: z.number().int("Quantity must be a whole number").min(1, "Quantity must be at least 1")
    .max(10_000),
  title: z.string().max(300).optional(),
  /** Euros, as the shop showed it; only compared with the catalogue, never trusted. */
  price: z.number().min(0).optional(),
});

/** A field left empty is a field not given. */
const optionalText = (max: number) =>
  textLine().max(max).optional().transform((v) => v || undefined);

/** An address as the checkout asks it (the billing address of a manual order too). */
export const addressSchema = z.object({
  address: required("Address").max(300),
  city: required("City").max(100),
  // Asked only where the country's addresses have one (see orderDataSchema's refinement).
  state: textLine().max(100).default(""),
  zipCode: required("ZIP code").max(20),
  country: required("Country").max(100),
});

/**
 * "Buying for a company": the company's name, its VAT number (checked here for its form and
 * check digits, then with VIES), its SIREN (French companies) and a purchase order number.
 */
export const businessInputSchema = z.object({
  companyName: required("Company name").max(200),
  vatNumber: optionalText(30),
  siren: optionalText(20),
  purchaseOrder: optionalText(100),
  /** A public body invoiced through Chorus Pro (domain/public-buyer.ts). */
  publicBody: publicBodySchema.optional(),
});
/** A company's details as typed (a quote has only the VAT number). */
export interface BusinessInput {
  companyName: string;
  vatNumber?: string;
  siren?: string;
  purchaseOrder?: string;
  publicBody?: PublicBody;
}

/** "Order data sent to payment" (spec section 3), and a company's details when it buys. */
export const orderDataSchema = z.object({
  customer: z.object({
    firstName: required("First name").max(100),
    lastName: required("Last name").max(100),
    email: emailField({ required: "Email is required", invalid: "Email is invalid" }),
    phone: required("Phone").max(40),
  }),
  shippingAddress: addressSchema,
  business: businessInputSchema.optional(),
  /** The invoice's address when it is not the shipping address. */
  billingAddress: addressSchema.optional(),
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
}).superRefine((d, ctx) => {
  if (d.shippingAddress.state) return;
  if (addressHasRegion(resolveCountryCode(d.shippingCountry))) {
    ctx.addIssue({
      code: "custom",
      path: ["shippingAddress", "state"],
      message: "State is required",
    });
  }
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

/**
 * `POST /api/checkout/quote`: the cart priced and taxed as it would be charged, for the cart
 * and the checkout to show before paying (a VAT number is checked with VIES when given).
 */
export const quoteBodySchema = z.object({
  items: z.array(checkoutItemSchema.pick({ id: true, quantity: true })).min(1, "The cart is empty")
    .max(MAX_ORDER_LINES),
  shippingCountry: required("Shipping country").max(100),
  business: z.object({ vatNumber: optionalText(30) }).optional(),
  /** The buyer's language: the VAT statement comes in it. */
  locale: z.enum(ORDER_LOCALES).default("en"),
});
export type QuoteBody = z.infer<typeof quoteBodySchema>;

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
  /** As charged: the shelf price, or net of French VAT when the sale carries none. */
  priceCents: Cents;
  /** The catalogue's price, French VAT included. */
  shelfCents: Cents;
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
    return {
      id,
      title: p.name,
      priceCents: p.priceCents,
      shelfCents: p.priceCents,
      quantity,
      image: p.image,
    };
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
 * The checkout as charged under its tax decision: shelf prices as they are ("gross"), or each
 * unit and the shipping net of French VAT ("net"), to the cent.
 */
export function chargeCheckout(priced: PricedCheckout, tax: TaxDecision): PricedCheckout {
  const lines = priced.lines.map((l) => ({ ...l, priceCents: chargedPrice(l.shelfCents, tax) }));
  const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  const shippingFeeCents = chargedPrice(priced.shippingFeeDetails.feeCents, tax);
  return {
    ...priced,
    lines,
    subtotalCents,
    shippingFeeCents,
    totalCents: subtotalCents + shippingFeeCents,
  };
}

/**
 * What a checkout and an order keep of a sale as charged: its lines (without their shelf
 * prices), amounts, country and fee, its tax decision, and a company's details and billing
 * address when it has them. The checkout and staff's manual orders record sales alike.
 */
export function chargedSale(
  priced: PricedCheckout,
  tax: TaxDecision,
  business: Business | undefined,
  billingAddress: z.infer<typeof addressSchema> | undefined,
) {
  return {
    items: priced.lines.map(({ shelfCents: _, ...line }) => line),
    subtotalCents: priced.subtotalCents,
    shippingFeeCents: priced.shippingFeeCents,
    totalCents: priced.totalCents,
    shippingCountry: priced.shippingCountry,
    shippingFeeDetails: priced.shippingFeeDetails,
    ...(business ? { business } : {}),
    ...(billingAddress ? { billingAddress } : {}),
    tax,
  };
}

/** A company's details as checked: its VAT number read, its SIREN (a French number's). */
export interface CheckedBusiness {
  companyName: string;
  vatNumber?: VatNumber;
  /** A number outside the EU (a Swiss or US company's tax id): printed as given. */
  otherTaxId?: string;
  siren?: string;
  purchaseOrder?: string;
  publicBody?: PublicBody;
}

const VAT_FORMAT_MESSAGE =
  "This is not a valid EU VAT number: check the country prefix and the digits (e.g. BE0411905847)";
const VAT_CHECKSUM_MESSAGE = "This VAT number's check digits are wrong: check for a typing mistake";
const SIREN_MESSAGE = "A SIREN is 9 digits (e.g. 732 829 320)";

/**
 * Checks a company's details for a delivery country: a VAT number for goods staying in the EU
 * must be an EU VAT number with the right check digits, a SIREN nine digits with its check
 * digit (a French VAT number gives it when left out). Refuses with 422 and the fields' errors.
 */
export function checkBusiness(input: BusinessInput, destination: string): CheckedBusiness {
  const errors: FieldError[] = [];
  const out: CheckedBusiness = {
    companyName: input.companyName,
    ...(input.purchaseOrder ? { purchaseOrder: input.purchaseOrder } : {}),
    ...(input.publicBody ? { publicBody: input.publicBody } : {}),
  };
  const inEu = isEuMemberState(destination) || destination === "MC";
  if (input.vatNumber && inEu) {
    const checked = checkVatNumber(input.vatNumber);
    if (checked.ok) out.vatNumber = checked.vat;
    else {
      errors.push({
        field: VAT_NUMBER_FIELD,
        message: checked.reason === "checksum" ? VAT_CHECKSUM_MESSAGE : VAT_FORMAT_MESSAGE,
      });
    }
  } else if (input.vatNumber) out.otherTaxId = normalizeVatNumber(input.vatNumber);
  if (input.siren) {
    const siren = input.siren.replace(/\s+/g, "");
    if (isSiren(siren)) out.siren = siren;
    else errors.push({ field: "orderData.business.siren", message: SIREN_MESSAGE });
  } else if (out.vatNumber?.prefix === SELLER_COUNTRY) {
    out.siren = out.vatNumber.number.slice(2);
  }
  if (errors.length) {
    throw new DomainError(422, "invalid_business", errors[0].message, errors);
  }
  return out;
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
 * Compares what the shop showed with the server's prices: each product's catalogue price, and
 * the amounts as charged. Any difference refuses the checkout (nothing is reserved or charged)
 * with a message that says what changed.
 */
export function assertClientAmounts(priced: PricedCheckout, body: CreateIntentBody): void {
  const problems: string[] = [];
  for (const item of body.orderData.items) {
    const line = priced.lines.find((l) => l.id === item.id);
    if (line && item.price !== undefined && toCents(item.price) !== line.shelfCents) {
      problems.push(`the price of ${line.title} is now ${formatMoney(line.shelfCents)}`);
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
export function assertCountryCode(
  country: string,
  code: string | null,
  field = "orderData.shippingAddress.country",
): string {
  if (!code) {
    throw new ValidationError(invalidCountryMessage(country), [
      { field, message: invalidCountryMessage(country) },
    ]);
  }
  return code;
}
