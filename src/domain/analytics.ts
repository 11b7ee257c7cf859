/** The dashboard's and analytics' calls: their date ranges and the shapes they answer. */
import { z } from "zod";
import { fromCents } from "./money.ts";
import type { MonthStats, Tally } from "./order-stats.ts";
import type { DayRange } from "./date-ranges.ts";
import { dayRangeSchema } from "./staff-dates.ts";

/** `?startDate&endDate`, both inclusive shop days; either may be left out (see `resolveRange`). */
export const dateRangeQuerySchema = dayRangeSchema("startDate", "endDate");
export type DateRangeQuery = z.infer<typeof dateRangeQuerySchema>;

export const productPerformanceQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** Fills a range's missing ends with the defaults; refuses an end before the start. */
export function resolveRange(q: DateRangeQuery, defaults: DayRange): DayRange {
  const from = q.startDate ?? defaults.from;
  const to = q.endDate ?? defaults.to;
  return from <= to ? { from, to } : { from: to, to: from };
}

const euros = (cents: number) => fromCents(cents);
const percentage = (n: number, of: number) => of === 0 ? 0 : Math.round((n / of) * 10000) / 100;

const tallyMoney = (t: Tally) => ({ orders: t.o, revenue: euros(t.r) });

/** Products ranked by units sold (the dashboard's Top Selling Products). */
export function topSelling(stats: MonthStats, limit: number) {
  return Object.entries(stats.products)
    .filter(([, p]) => p.u > 0)
    .sort(([, a], [, b]) => b.u - a.u || b.r - a.r)
    .slice(0, limit)
    .map(([id, p]) => ({ _id: p.t, productId: id, totalSold: p.u, totalRevenue: euros(p.r) }));
}

/** Products ranked by revenue (analytics' product performance). */
export function productPerformance(stats: MonthStats, limit: number) {
  return Object.entries(stats.products)
    .filter(([, p]) => p.r > 0 || p.u > 0)
    .sort(([, a], [, b]) => b.r - a.r || b.u - a.u)
    .slice(0, limit)
    .map(([id, p]) => ({
      _id: id,
      name: p.t,
      totalRevenue: euros(p.r),
      totalSold: p.u,
      orderCount: p.o,
    }));
}

/** Countries ranked by revenue, then orders. */
export function salesByCountry(stats: MonthStats) {
  return Object.entries(stats.countries)
    .sort(([a, x], [b, y]) => y.r - x.r || y.o - x.o || (a < b ? -1 : 1))
    .map(([country, t]) => ({ _id: country, ...tallyMoney(t) }));
}

const counted = (counts: Record<string, number>) =>
  Object.entries(counts).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));

export function distribution<K extends string>(counts: Record<string, number>, name: K) {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return counted(counts).map(([value, count]) =>
    ({ [name]: value, count, percentage: percentage(count, total) }) as
      & { [P in K]: string }
      & { count: number; percentage: number }
  );
}

/** `{_id, count}` lists of the dashboard (statuses, payment methods). */
export const idCounts = (counts: Record<string, number>) =>
  counted(counts).map(([_id, count]) => ({ _id, count }));

/** Analytics' order summary of a range. */
export function orderSummary(stats: MonthStats, pendingOrders: number) {
  const t = stats.total;
  return {
    pendingOrders,
    totalRevenue: euros(t.r),
    totalOrders: t.o,
    // Per order that brought revenue (paid, not cancelled), not per order placed.
    averageOrderValue: t.s === 0 ? 0 : Math.round(t.r / t.s) / 100,
    totalUnitsSold: t.u,
  };
}

export function genderSales(stats: MonthStats) {
  return Object.entries(stats.genders)
    .sort(([a, x], [b, y]) => y.r - x.r || y.o - x.o || (a < b ? -1 : 1))
    .map(([gender, t]) => ({ gender, totalRevenue: euros(t.r), orderCount: t.o }));
}

export const periodFigures = (t: Tally) => tallyMoney(t);

/** One entry per day of the range, zeros included. */
export function salesOverTime(
  days: Map<string, Tally>,
  range: DayRange,
  next: (d: string) => string,
) {
  const out: { _id: string; revenue: number; orders: number }[] = [];
  for (let d = range.from; d <= range.to; d = next(d)) {
    const t = days.get(d);
    out.push({ _id: d, revenue: euros(t?.r ?? 0), orders: t?.o ?? 0 });
  }
  return out;
}

export const repeatRate = (customers: number, repeaters: number) =>
  percentage(repeaters, customers);

/** Stock at or under this counts as low (spec: stock colour threshold 10). */
export const LOW_STOCK = 10;
