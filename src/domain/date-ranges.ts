/** Ranges of shop days ("YYYY-MM-DD"), zod-free so the analytics screens can use them. */

/** An inclusive range of shop days. */
export interface DayRange {
  from: string;
  to: string;
}

/** "2026-11-23" -> the first day of its month, "2026-11-01". */
export const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

/** The last day of `day`'s month. */
export function lastOfMonth(day: string): string {
  const [y, m] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The first day of the month `n` months before `day`'s. */
export function monthsBack(day: string, n: number): string {
  const [y, m] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 10);
}

/** The analytics screen's quick ranges, ending on the shop's `today`. */
export function quickRanges(today: string) {
  return {
    lastMonth: { from: monthsBack(today, 1), to: today },
    lastSixMonths: { from: monthsBack(today, 6), to: today },
    allTime: { from: "2020-01-01", to: today },
  };
}
