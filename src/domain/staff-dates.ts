import { z } from "zod";
import { dayStart, shopDay } from "./shop-time.ts";

/**
 * The dates staff send: filter days and order dates. The shop's figures start after this day;
 * anything earlier (or far ahead) is a typo or an attempt to hide an order from the lists.
 */
export const EARLIEST_DAY = "2000-01-01";
/** The last day a filter may name (filters only read; order dates stop at tomorrow). */
export const LATEST_FILTER_DAY = "2100-12-31";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export function isCalendarDay(v: string): boolean {
  const ms = DAY.test(v) ? Date.parse(`${v}T00:00:00Z`) : NaN;
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v;
}

/** A day of a date filter ("YYYY-MM-DD"), a real calendar day within the shop's years. */
export const filterDay = (name: string) =>
  z.string().trim().refine(isCalendarDay, `${name} must be a date (YYYY-MM-DD)`)
    .refine(
      (v) => v >= EARLIEST_DAY && v <= LATEST_FILTER_DAY,
      `${name} must be between ${EARLIEST_DAY} and ${LATEST_FILTER_DAY}`,
    );

/**
 * A period to filter by: two optional filter days named `start` and `end` (`?from&to`,
 * `?startDate&endDate`), both inclusive, the end not before the start.
 */
export function dayRangeSchema<S extends string, E extends string>(start: S, end: E) {
  const shape = { [start]: filterDay(start).optional(), [end]: filterDay(end).optional() };
  return z.object(shape as Record<S | E, (typeof shape)[string]>).refine(
    (q) => {
      const { [start]: from, [end]: to } = q as Partial<Record<string, string>>;
      return !from || !to || to >= from;
    },
    { message: `${end} must not be before ${start}`, path: [end] },
  );
}

/** An instant as staff send it (ISO 8601); its range is checked by `orderDateProblem`. */
export const instantText = z.string().trim().max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), "Invalid date");

/**
 * Why an order date is refused, or null: it must fall between the start of 2000-01-01 and one
 * day from now, in the shop's time zone.
 */
export function orderDateProblem(ms: number, now: number, timeZone: string): string | null {
  const latest = now + DAY_MS;
  if (ms >= dayStart(EARLIEST_DAY, timeZone) && ms <= latest) return null;
  return `The order date must be between ${EARLIEST_DAY} and ${shopDay(latest, timeZone)}`;
}
