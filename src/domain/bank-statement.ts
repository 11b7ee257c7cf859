import { z } from "zod";

/**
 * A bank's end-of-day statement (ISO 20022 camt.053) as reconciliation reads it: its credits,
 * each one payment received. Debits, reversals and entries not yet booked are not payments and
 * are only counted.
 */

/** The camt.053 versions read: .001.02 (the SEPA-era one most banks send) to .001.08. */
export const CAMT053_NAMESPACES = [2, 3, 4, 5, 6, 7, 8].map((v) =>
  `urn:iso:std:iso:20022:tech:xsd:camt.053.001.${String(v).padStart(2, "0")}`
);

/** The largest statement accepted: a busy day's file is a few MB; anything larger is refused unread. */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;

export const statementCreditSchema = z.object({
  /** Unique to the payment at the bank: "camt:" + the bank's reference (AcctSvcrRef). */
  id: z.string().min(1).max(200),
  amountCents: z.number().int().min(1),
  currency: z.string().max(3),
  /** The day the money is the shop's (ValDt), YYYY-MM-DD. */
  valueDate: z.string(),
  /** Who paid (RltdPties/Dbtr), as the bank wrote it. */
  payer: z.string().max(300),
  /** The structured creditor reference (RmtInf/Strd/CdtrRefInf/Ref), if any. */
  reference: z.string().max(100).nullable(),
  /** The unstructured remittance text (RmtInf/Ustrd). */
  text: z.string().max(1000),
});
export type StatementCredit = z.infer<typeof statementCreditSchema>;

export interface ParsedStatement {
  /** Stmt/Id: the bank's name for this statement. */
  id: string;
  /** The account's IBAN (Stmt/Acct/Id/IBAN), if given. */
  iban: string | null;
  /** "camt.053.001.02", ... */
  version: string;
  credits: StatementCredit[];
  /** Entries that are not payments received (debits, reversals, pending). */
  skipped: number;
}

/** "1234.5" -> 123450; null for anything but a plain positive decimal with at most 2 decimals. */
export function decimalCents(text: string): number | null {
  const m = /^\s*(\d{1,13})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}
