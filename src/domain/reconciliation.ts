import { z } from "zod";
import type { StatementCredit } from "./bank-statement.ts";
import { accountBalance } from "./order-account.ts";
import type { Order } from "./order.ts";
import { findRfReference, isRfReference } from "./rf-reference.ts";

/**
 * Bank reconciliation: which order on account a statement's credit pays. First by its RF
 * creditor reference (structured, or found in the free text), then, with none, by amount and
 * payer: one open order owing exactly that amount whose company or buyer the payer names.
 * Anything else is left for staff to assign or set aside.
 */

/** What became of a credit of a statement. */
export const CREDIT_OUTCOMES = [
  "paid", // exactly what was due: the order is paid
  "partial", // less: partially paid, the remainder shown
  "over", // more than due: recorded, flagged for staff (a refund, or another invoice)
  "unmatched", // no order found: listed for staff
  "duplicate", // recorded already (the statement imported twice)
] as const;
export type CreditOutcome = typeof CREDIT_OUTCOMES[number];

/**
 * An order on account as matching sees it; kept by the order's own commits in the index of
 * orders on account (store/open-accounts.ts), so an import reads the few it needs.
 */
export const openAccountSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  reference: z.string(),
  /** What is still due; 0 once paid (a credit quoting it then is flagged as over). */
  dueCents: z.number().int().min(0),
  /** Lower-case words the payer's name may contain: the company, the buyer's name. */
  names: z.array(z.string()),
});
export type OpenAccount = z.infer<typeof openAccountSchema>;

/** The order as matching sees it; null when no credit may pay it (not on account, cancelled). */
export function openAccountOf(o: Order): OpenAccount | null {
  if (!o.account || o.status === "cancelled") return null;
  const paid = o.paymentStatus !== "pending";
  return {
    orderId: o.id,
    orderNumber: o.orderNumber,
    reference: o.account.reference,
    dueCents: paid ? 0 : accountBalance(o.account, o.totalCents).dueCents,
    names: [
      o.business?.companyName ?? "",
      `${o.customer.firstName} ${o.customer.lastName}`,
      o.customer.lastName,
    ].map(squeeze).filter((n) => n.length >= 3),
  };
}

/** Letters and digits, lower case, accents dropped: "Laboratoire CURIE-Sud" -> "laboratoirecuriesud". */
export function squeeze(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(
    /[^a-z0-9]/g,
    "",
  );
}

/** The RF reference a credit quotes: the structured one when valid, else one in the text. */
export function creditReference(c: Pick<StatementCredit, "reference" | "text">): string | null {
  const structured = c.reference?.replace(/\s+/g, "").toUpperCase() ?? "";
  if (structured && isRfReference(structured)) return structured;
  return findRfReference(`${c.reference ?? ""} ${c.text}`);
}

/**
 * The account a credit pays, and how it was found; null when none fits. `byReference`: the
 * account of the credit's RF reference (creditReference), if any; `owing`: the accounts that
 * owe exactly the credit's amount. A reference wins; else exactly one owing account whose
 * company or buyer the payer names.
 */
export function matchCredit(
  c: StatementCredit,
  found: { byReference?: OpenAccount | null; owing?: readonly OpenAccount[] },
): { account: OpenAccount; via: "reference" | "amount_payer" } | null {
  if (c.currency !== "EUR") return null;
  if (found.byReference) return { account: found.byReference, via: "reference" };
  const payer = squeeze(c.payer);
  if (!payer) return null;
  const fits = (found.owing ?? []).filter((a) =>
    a.dueCents === c.amountCents && a.names.some((n) => payer.includes(n) || n.includes(payer))
  );
  return fits.length === 1 ? { account: fits[0], via: "amount_payer" } : null;
}

/** What a payment of `cents` against `dueCents` does. */
export const outcomeOf = (cents: number, dueCents: number): CreditOutcome =>
  cents === dueCents ? "paid" : cents < dueCents ? "partial" : "over";

/** A credit no order was found for, kept for staff: open, then assigned or set aside. */
export const BANK_ENTRY_STATES = ["open", "assigned", "set_aside"] as const;
export const bankEntrySchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  statementId: z.string(),
  importedAt: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  valueDate: z.string(),
  payer: z.string(),
  reference: z.string().nullable(),
  text: z.string(),
  status: z.enum(BANK_ENTRY_STATES),
  orderNumber: z.string().optional(),
  note: z.string().max(300).optional(),
});
export type BankEntry = z.infer<typeof bankEntrySchema>;

export const assignBodySchema = z.object({
  orderNumber: z.string({ error: "Give the order number" }).trim().min(1, "Give the order number")
    .max(40),
});
export const setAsideBodySchema = z.object({
  note: z.string().trim().max(300, "A note is at most 300 characters").optional(),
});
