import { accountBalance } from "./order-account.ts";
import { csvAmount, type CsvCell, csvNumber } from "./csv.ts";
import type { Order } from "./order.ts";

/**
 * What buyers on terms owe: each invoice issued and not paid in full, how late it is, and the
 * reminders it gets (at due + 1 and due + 15 days unless REMINDER_DAYS says otherwise).
 */

/** Days after the due date a reminder leaves, without a setting. */
export const DEFAULT_REMINDER_DAYS = [1, 15] as const;

/** "1,15" -> [1, 15]: 1 to 3 distinct increasing days, each 1 to 90; anything else throws. */
export function reminderDaysSetting(value: string | undefined): number[] {
  if (value === undefined || value.trim() === "") return [...DEFAULT_REMINDER_DAYS];
  const days = value.split(",").map((s) => Number(s.trim()));
  const ok = days.length >= 1 && days.length <= 3 &&
    days.every((d, i) => Number.isInteger(d) && d >= 1 && d <= 90 && (i === 0 || d > days[i - 1]));
  if (!ok) {
    throw new Error(
      `Invalid REMINDER_DAYS: ${value} (1 to 3 increasing whole numbers of days after the due date, e.g. 1,15)`,
    );
  }
  return days;
}

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const AGING_BUCKETS = ["not_due", "1_30", "31_60", "over_60"] as const;
export type AgingBucket = typeof AGING_BUCKETS[number];

export function agingBucket(daysLate: number): AgingBucket {
  return daysLate <= 0 ? "not_due" : daysLate <= 30 ? "1_30" : daysLate <= 60 ? "31_60" : "over_60";
}

/** An order on terms whose invoice is issued (it shipped) and which still owes money. */
export function isReceivable(o: Order): boolean {
  return Boolean(
    o.account?.terms === "on_terms" && o.account.dueDate && o.paymentStatus === "pending" &&
      o.status !== "cancelled" && accountBalance(o.account, o.totalCents).dueCents > 0,
  );
}

/**
 * The reminder an overdue receivable is owed today: the last step (1-based) whose day has come
 * and that was not sent; steps skipped by a pause are not sent late one by one. Null: none.
 */
export function reminderDue(
  o: Order,
  today: string,
  steps: readonly number[],
  sent: ReadonlySet<number>,
): number | null {
  if (!isReceivable(o)) return null;
  const late = daysBetween(o.account!.dueDate!, today);
  let due: number | null = null;
  steps.forEach((day, i) => {
    if (late >= day) due = i + 1;
  });
  if (due === null) return null;
  for (let s = due; s <= steps.length; s++) if (sent.has(s)) return null;
  return due;
}

/** One line of the Receivables screen and its CSV. */
export interface Receivable {
  orderId: string;
  orderNumber: string;
  invoiceNumber: string | null;
  company: string;
  email: string;
  reference: string;
  dueDate: string;
  totalCents: number;
  paidCents: number;
  dueCents: number;
  daysLate: number;
  bucket: AgingBucket;
  remindersSent: number;
  /** Every reminder sent and still unpaid: for staff to call. */
  flagged: boolean;
}

export function totalsOf(rows: readonly Receivable[]) {
  const byBucket = Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<
    AgingBucket,
    number
  >;
  for (const r of rows) byBucket[r.bucket] += r.dueCents;
  const overdueCents = rows.filter((r) => r.daysLate > 0).reduce((n, r) => n + r.dueCents, 0);
  return {
    count: rows.length,
    dueCents: rows.reduce((n, r) => n + r.dueCents, 0),
    overdueCents,
    overdueCount: rows.filter((r) => r.daysLate > 0).length,
    flaggedCount: rows.filter((r) => r.flagged).length,
    byBucket,
  };
}

export const RECEIVABLES_CSV_HEADER = [
  "Order",
  "Invoice",
  "Company",
  "Email",
  "Reference",
  "Due date",
  "Total",
  "Paid",
  "Due",
  "Days late",
  "Aging",
  "Reminders sent",
  "Flagged",
] as const;

export const receivableCells = (r: Receivable): CsvCell[] => [
  r.orderNumber,
  r.invoiceNumber ?? "",
  r.company,
  r.email,
  r.reference,
  r.dueDate,
  csvAmount(r.totalCents),
  csvAmount(r.paidCents),
  csvAmount(r.dueCents),
  csvNumber(Math.max(0, r.daysLate)),
  r.bucket,
  csvNumber(r.remindersSent),
  r.flagged ? "yes" : "no",
];
