import { shopDay } from "./shop-time.ts";

/**
 * The e-reporting periods (Flux 10) follow the seller's VAT regime (VAT_REGIME): the normal
 * regime with monthly returns reports every ten days (the 1st-10th, 11th-20th, 21st-end of
 * month); the normal regime with quarterly returns and the simplified regime, every month.
 * Days are the shop's days (SHOP_TIMEZONE): a document belongs to the period of its issue date.
 */
export const VAT_REGIMES = ["monthly", "quarterly", "simplified"] as const;
export type VatRegime = typeof VAT_REGIMES[number];

/** A reporting period: its days, both included, and its id ("2026-11-D2", "2026-11"). */
export interface ReportingPeriod {
  id: string;
  from: string;
  to: string;
}

/** "2026-02-28": the last day of a month ("2026-02"), leap years counted. */
export function lastDayOfMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The periods of one month ("2026-11") under a regime, in order. */
export function monthPeriods(regime: VatRegime, month: string): ReportingPeriod[] {
  const last = lastDayOfMonth(month);
  if (regime !== "monthly") return [{ id: month, from: `${month}-01`, to: last }];
  return [
    { id: `${month}-D1`, from: `${month}-01`, to: `${month}-10` },
    { id: `${month}-D2`, from: `${month}-11`, to: `${month}-20` },
    { id: `${month}-D3`, from: `${month}-21`, to: last },
  ];
}

/** The period a shop day ("YYYY-MM-DD") belongs to. */
export function periodContaining(regime: VatRegime, day: string): ReportingPeriod {
  return monthPeriods(regime, day.slice(0, 7)).find((p) => day >= p.from && day <= p.to)!;
}

/** The period an instant belongs to: that of its day in the shop's time zone. */
export const periodAt = (regime: VatRegime, ms: number, timeZone: string) =>
  periodContaining(regime, shopDay(ms, timeZone));

/** A period from its id ("2026-11-D2": a decade, "2026-11": a month); null for anything else. */
export function periodOf(id: string): ReportingPeriod | null {
  const m = id.match(/^(\d{4})-(0[1-9]|1[0-2])(?:-D([123]))?$/);
  if (!m) return null;
  const month = `${m[1]}-${m[2]}`;
  return m[3]
    ? monthPeriods("monthly", month)[Number(m[3]) - 1]
    : monthPeriods("quarterly", month)[0];
}
