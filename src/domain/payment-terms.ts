import { z } from "zod";

/**
 * When a business buyer pays: before the goods leave (a pro-forma, the order ships once paid)
 * or on terms (the invoice is issued when the order ships and is due N days later). French law
 * caps N at 60 days from the invoice (art. L441-10 C. com.).
 */
export const PAYMENT_TERMS = ["before_shipping", "on_terms"] as const;
export type PaymentTerms = typeof PAYMENT_TERMS[number];

import { MAX_TERMS_DAYS } from "./payment-terms-limit.ts";

export { MAX_TERMS_DAYS };
/** Without a setting: 30 days, the law's default. */
export const DEFAULT_TERMS_DAYS = 30;
/** How long a quote holds its prices without a setting. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;
/**
 * How long an unpaid Stripe bank transfer order holds its stock without a setting: a week
 * covers a SEPA transfer ordered by a purchasing department; at most 30 days.
 */
export const DEFAULT_TRANSFER_HOLD_DAYS = 7;
export const MAX_TRANSFER_HOLD_DAYS = 30;
/** A quote may be valid for at most a year: its prices are a promise. */
export const MAX_QUOTE_VALIDITY_DAYS = 365;

export const termsDaysField = z.number({ error: "Payment terms are a number of days" }).int(
  "Payment terms are a whole number of days",
).min(0, "Payment terms cannot be negative").max(
  MAX_TERMS_DAYS,
  `Payment terms are at most ${MAX_TERMS_DAYS} days (art. L441-10 of the French Commercial Code)`,
);

/** How a quote, and the order it becomes, is paid. */
export const paymentTermsSchema = z.object({
  kind: z.enum(PAYMENT_TERMS, { error: "Choose pay before shipping or pay on terms" }),
  days: termsDaysField,
});
export type PaymentTermsChoice = z.infer<typeof paymentTermsSchema>;

/**
 * Terms as staff give them: the kind always, the days optional (blank: the shop's default,
 * PAYMENT_TERMS_DAYS), so choosing "before shipping" alone is not lost.
 */
export const paymentTermsInputSchema = paymentTermsSchema.extend({
  days: termsDaysField.optional(),
});

/** "2026-11-27" plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The due date of an invoice issued on `issueDay` (shop day) under `days` of terms. */
export function dueDate(issueDay: string, days: number): string {
  return addDays(issueDay, termsDaysField.parse(days));
}

/**
 * A whole-number-of-days setting read from the environment, between `min` and `max`, `fallback`
 * when unset; anything else stops the start with a message naming it.
 */
export function daysSetting(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`Invalid ${name}: ${value} (a whole number of days, ${min} to ${max})`);
  }
  return n;
}
