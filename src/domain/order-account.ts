import { z } from "zod";
import { PAYMENT_TERMS, termsDaysField } from "./payment-terms.ts";
import { referenceBody, RF_BODY_MAX, rfReference } from "./rf-reference.ts";

/**
 * An order on account: a quote accepted, paid by bank transfer before shipping or on terms.
 * It carries what the buyer owes and how to pay it: the creditor reference (ISO 11649 RF,
 * unique to the order and so to its one invoice), the due date once the invoice is issued, and
 * every payment recorded against it (staff marking it paid, a bank statement's entry, Stripe's
 * transfer), each once by its id. Paid, partially paid or unpaid follow from the payments.
 */

/** Who recorded a payment: staff by hand, a bank statement (camt.053) or Stripe's transfer. */
export const ACCOUNT_PAYMENT_SOURCES = ["staff", "bank", "stripe"] as const;

export const accountPaymentSchema = z.object({
  /** Unique per payment: a statement entry's reference, a Stripe transaction's id, or new. */
  id: z.string().min(1).max(200),
  /** When it was recorded (ISO time). */
  at: z.string(),
  /** The day the money arrived (the statement's value date), YYYY-MM-DD. */
  valueDate: z.string(),
  amountCents: z.number().int().min(1),
  source: z.enum(ACCOUNT_PAYMENT_SOURCES),
  /** The payer's name, or staff's note. */
  note: z.string().max(300).optional(),
});
export type AccountPayment = z.infer<typeof accountPaymentSchema>;

/**
 * Where a Stripe bank transfer is paid: the buyer's own virtual IBAN at Stripe and Stripe's
 * reference (they replace the seller's IBAN and RF reference for this order), and until when its
 * stock is held.
 */
export const stripeTransferSchema = z.object({
  paymentIntentId: z.string().max(200),
  iban: z.string().max(34),
  bic: z.string().max(11),
  holder: z.string().max(200),
  reference: z.string().max(100),
  /** ISO time: unpaid by then, the order is cancelled and its stock released. */
  holdUntil: z.string(),
});
export type StripeTransfer = z.infer<typeof stripeTransferSchema>;

export const orderAccountSchema = z.object({
  terms: z.enum(PAYMENT_TERMS),
  termsDays: termsDaysField,
  /** "RF54ORD000042": printed on the pro-forma and invoice, quoted by the buyer's transfer. */
  reference: z.string().max(25),
  /** The quote it came from ("D2026-000001"). */
  quoteNumber: z.string().optional(),
  /** On terms: the invoice's day plus the terms, set when it is issued at shipping. */
  dueDate: z.string().optional(),
  payments: z.array(accountPaymentSchema).max(500),
  /** Paid through Stripe's bank transfer (the checkout's "Bank transfer"). */
  stripeTransfer: stripeTransferSchema.optional(),
});
export type OrderAccount = z.infer<typeof orderAccountSchema>;

export type AccountState = "unpaid" | "partially_paid" | "paid" | "overpaid";

/** What the payments add up to against the order's total. */
export function accountBalance(account: Pick<OrderAccount, "payments">, totalCents: number) {
  const paidCents = account.payments.reduce((n, p) => n + p.amountCents, 0);
  const dueCents = Math.max(0, totalCents - paidCents);
  const state: AccountState = paidCents === 0
    ? "unpaid"
    : paidCents < totalCents
    ? "partially_paid"
    : paidCents === totalCents
    ? "paid"
    : "overpaid";
  return { paidCents, dueCents, state };
}

/** Whether a payment with this id is recorded already (a statement imported twice). */
export const hasPayment = (account: Pick<OrderAccount, "payments">, id: string) =>
  account.payments.some((p) => p.id === id);

/**
 * The creditor reference of an order: its number's letters and digits ("ORD-000042" ->
 * "RF54ORD000042"). Order numbers are unique, and an order has one invoice, so the reference
 * names that invoice too; it exists from the acceptance on, before the invoice (a pro-forma
 * quotes it).
 */
export function orderReference(orderNumber: string): string {
  return rfReference(referenceBody(orderNumber).slice(-RF_BODY_MAX));
}

/**
 * Why an order cannot ship yet (409), or null: an order paid before shipping leaves once it is
 * paid (a bank statement, Stripe's transfer, or staff marking it paid), never before.
 */
export function shippingRefusal(
  o: { status: string; paymentStatus: string; account?: Pick<OrderAccount, "terms"> },
  next: string,
): string | null {
  const ships = (next === "shipped" || next === "delivered") && o.status !== "shipped" &&
    o.status !== "delivered";
  if (!ships || o.account?.terms !== "before_shipping") return null;
  if (o.paymentStatus !== "pending" && o.paymentStatus !== "failed") return null;
  return "This order is paid before shipping and is not paid yet: record its payment first " +
    "(bank statement, Stripe or Payment: Paid), then ship it.";
}
