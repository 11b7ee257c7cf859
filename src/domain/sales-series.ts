/** One point of the Sales Over Time chart: `_id` is a day, a week's Monday or a month. */
export interface SalesPoint {
  _id: string;
  revenue: number;
  orders: number;
}

export type SalesGrain = "day" | "week" | "month";

/** Ranges longer than these many days are drawn by week, then by month. */
export const WEEKLY_AFTER_DAYS = 90;
export const MONTHLY_AFTER_DAYS = 730;

const DAY_MS = 86_400_000;

/** The grain a range is drawn in: daily up to 90 days, weekly up to two years, then monthly. */
export function salesGrain(from: string, to: string): SalesGrain {
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  return days > MONTHLY_AFTER_DAYS ? "month" : days > WEEKLY_AFTER_DAYS ? "week" : "day";
}

/** "2026-11-23" -> its bucket: itself, the Monday of its week, or "2026-11". */
function bucketOf(day: string, grain: SalesGrain): string {
  if (grain === "day") return day;
  if (grain === "month") return day.slice(0, 7);
  const d = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** Daily points summed into the grain's buckets, in order (money kept to the cent). */
export function groupSales(days: readonly SalesPoint[], grain: SalesGrain): SalesPoint[] {
  if (grain === "day") return [...days];
  const buckets = new Map<string, SalesPoint>();
  for (const d of days) {
    const key = bucketOf(d._id, grain);
    const b = buckets.get(key) ?? { _id: key, revenue: 0, orders: 0 };
    b.revenue = Math.round((b.revenue + d.revenue) * 100) / 100;
    b.orders += d.orders;
    buckets.set(key, b);
  }
  return [...buckets.values()].sort((a, b) => a._id.localeCompare(b._id));
}

/** A bucket's name as the chart and its table read it. */
export function bucketLabel(id: string, grain: SalesGrain): string {
  return grain === "week" ? `Week of ${id}` : id;
}
