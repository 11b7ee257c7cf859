import { addressHasRegion } from "./address-format.ts";
import type { z } from "zod";
import {
  type confirmPaymentBodySchema,
  type CreateIntentBody,
  MAX_ORDER_LINES,
} from "./checkout.ts";
import { resolveCountryCode } from "./country-code.ts";
import { isEmailAddress } from "./email-pattern.ts";
import { ORDER_LOCALES } from "./order.ts";
import { isPlainLine } from "./plain-text.ts";

/**
 * The payment calls' bodies as the shop sends them, checked by hand: every buyer sends one of
 * each, and zod's pass over the intent's (about 40 fields) was the largest part of the request
 * side of a launch after the HTTP stack itself. Each check answers exactly what its zod schema
 * in checkout.ts would give (the same trimmed, defaulted and stripped value, in the same key
 * order) or `null` for anything else: an unusual body (a company, a billing address, a wrong
 * field) goes to the schema, so refusals keep their messages and `errors`.
 * tests/unit/checkout_quick_check_test.ts compares both on valid and broken bodies.
 */

type Json = Record<string, unknown>;
type ConfirmPaymentBody = z.output<typeof confirmPaymentBodySchema>;

const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** `required(label).max(max)`: trimmed, not empty, plain, at most `max`; or null. */
function line(v: unknown, max: number): string | null {
  if (typeof v !== "string") return null;
  const t = v.trim();
  return t.length >= 1 && t.length <= max && isPlainLine(t) ? t : null;
}

/** `z.number().min(0).optional()`: absent stays absent. */
function amountInto(out: Json, v: Json, key: string): boolean {
  const n = v[key];
  if (n === undefined) return true;
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0) return false;
  out[key] = n;
  return true;
}

function address(v: unknown): Json | null {
  if (!isObject(v)) return null;
  const addressLine = line(v.address, 300);
  const city = line(v.city, 100);
  const zipCode = line(v.zipCode, 20);
  const country = line(v.country, 100);
  let state = "";
  if (v.state !== undefined) {
    if (typeof v.state !== "string") return null;
    state = v.state.trim();
    if (state.length > 100 || !isPlainLine(state)) return null;
  }
  if (addressLine === null || city === null || zipCode === null || country === null) return null;
  return { address: addressLine, city, state, zipCode, country };
}

function item(v: unknown): Json | null {
  if (!isObject(v) || typeof v.id !== "string") return null;
  const id = v.id.trim();
  const { quantity, title } = v;
  if (id.length < 1 || id.length > 100) return null;
  if (
    !Number.isSafeInteger(quantity) || (quantity as number) < 1 || (quantity as number) > 10_000
  ) {
    return null;
  }
  const out: Json = { id, quantity };
  if (title !== undefined) {
    if (typeof title !== "string" || title.length > 300) return null;
    out.title = title;
  }
  return amountInto(out, v, "price") ? out : null;
}

/** `orderDataSchema` for a consumer's order shipped to its billing address; else null. */
function orderData(v: unknown): Json | null {
  if (!isObject(v) || v.business !== undefined || v.billingAddress !== undefined) return null;
  const { customer, items } = v;
  if (!isObject(customer) || typeof customer.email !== "string") return null;
  const firstName = line(customer.firstName, 100);
  const lastName = line(customer.lastName, 100);
  const email = customer.email.trim();
  const phone = line(customer.phone, 40);
  if (firstName === null || lastName === null || phone === null || !isEmailAddress(email)) {
    return null;
  }
  const shippingAddress = address(v.shippingAddress);
  if (shippingAddress === null) return null;
  if (!Array.isArray(items) || items.length < 1 || items.length > MAX_ORDER_LINES) return null;
  const lines: Json[] = [];
  for (const i of items) {
    const checked = item(i);
    if (checked === null) return null;
    lines.push(checked);
  }
  const out: Json = {
    customer: { firstName, lastName, email, phone },
    shippingAddress,
    items: lines,
  };
  if (!amountInto(out, v, "subtotal") || !amountInto(out, v, "shippingFee")) return null;
  if (!amountInto(out, v, "total")) return null;
  if (v.paymentMethod !== undefined && v.paymentMethod !== "stripe") return null;
  out.paymentMethod = "stripe";
  const shippingCountry = line(v.shippingCountry, 100);
  if (shippingCountry === null) return null;
  out.shippingCountry = shippingCountry;
  const fee = v.shippingFeeDetails;
  if (fee === null) out.shippingFeeDetails = null;
  else if (fee !== undefined) {
    if (
      !isObject(fee) || typeof fee.country !== "string" || typeof fee.fee !== "number" ||
      !Number.isFinite(fee.fee) || typeof fee.currency !== "string"
    ) return null;
    out.shippingFeeDetails = { country: fee.country, fee: fee.fee, currency: fee.currency };
  }
  const locale = v.locale === undefined ? "en" : v.locale;
  if (!ORDER_LOCALES.includes(locale as "en")) return null;
  out.locale = locale;
  // The schema's refinement: a country whose addresses have a region needs one.
  if (!shippingAddress.state && addressHasRegion(resolveCountryCode(shippingCountry))) return null;
  return out;
}

/** `createIntentBodySchema`'s answer for a body the shop sends, or null (ask the schema). */
export function quickIntentBody(body: unknown): CreateIntentBody | null {
  if (!isObject(body)) return null;
  const { amount, currency } = body;
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount < 0) return null;
  if (typeof currency !== "string" || currency.trim().toLowerCase() !== "eur") return null;
  const data = orderData(body.orderData);
  return data === null ? null : { amount, currency: "eur", orderData: data } as CreateIntentBody;
}

/** `confirmPaymentBodySchema`'s answer for a body the shop sends, or null (ask the schema). */
export function quickConfirmBody(body: unknown): ConfirmPaymentBody | null {
  if (!isObject(body) || typeof body.paymentIntentId !== "string") return null;
  const paymentIntentId = body.paymentIntentId.trim();
  if (paymentIntentId.length < 1 || paymentIntentId.length > 255) return null;
  const customer = isObject(body.orderData) ? body.orderData.customer : undefined;
  if (!isObject(customer) || typeof customer.email !== "string") return null;
  const email = customer.email.trim();
  if (email.length < 1 || email.length > 254) return null;
  return { paymentIntentId, orderData: { customer: { email } } };
}
