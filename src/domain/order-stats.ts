/**
 * Sales aggregates: what one order adds to its day's figures, how figures add up, and how they
 * are compared with a rebuild. Pure, so the store, the rebuild and the tests share one definition.
 *
 * Revenue is the total (shipping included) of orders paid and not cancelled, less refunds.
 * Units and per-product figures count the lines of those orders while not refunded.
 */
import { lastOfMonth } from "./date-ranges.ts";
import { refundableCents, returnedUnits } from "./order-correction.ts";
import type { Order } from "./order.ts";

/**
 * Figures of a group of orders: orders placed, orders bringing revenue (paid, not cancelled),
 * revenue in cents, units sold.
 */
export interface Tally {
  o: number;
  s: number;
  r: number;
  u: number;
}

/** A product's tally with the title it was sold under (the newest seen). */
export interface ProductTally extends Tally {
  t: string;
}

/** One day's (or month's, or any range's) figures by dimension. */
export interface Breakdown {
  products: Record<string, ProductTally>;
  countries: Record<string, Tally>;
  genders: Record<string, Tally>;
  statuses: Record<string, number>;
  methods: Record<string, number>;
  payments: Record<string, number>;
}

/** A day's totals, kept apart from its breakdown so a year of days reads quickly. */
export type DayTotal = Tally;

/** A month record: its totals and its breakdown. */
export interface MonthStats extends Breakdown {
  total: Tally;
}

export const GENDER_UNSPECIFIED = "unspecified";

export const emptyTally = (): Tally => ({ o: 0, s: 0, r: 0, u: 0 });
export const emptyBreakdown = (): Breakdown => ({
  products: {},
  countries: {},
  genders: {},
  statuses: {},
  methods: {},
  payments: {},
});
export const emptyMonth = (): MonthStats => ({ total: emptyTally(), ...emptyBreakdown() });

/** Revenue an order brings, in cents (see the module comment). */
export function revenueCents(o: Order): number {
  if (!bringsRevenue(o)) return 0;
  return refundableCents(o);
}

/** Paid (refunded later or not) and not cancelled. */
export const bringsRevenue = (o: Order): boolean =>
  (o.paymentStatus === "paid" || o.paymentStatus === "partially_refunded" ||
    o.paymentStatus === "refunded") && o.status !== "cancelled";

/** Whether an order's lines count as sold units (a partial refund leaves them sold). */
export function isSale(o: Order): boolean {
  return (o.paymentStatus === "paid" || o.paymentStatus === "partially_refunded") &&
    o.status !== "cancelled";
}

/**
 * The customer an order counts for (customer counts, repeat rate): its email, case-folded; null
 * for an order without one (a manual order may have none), which is nobody's.
 */
export const customerOf = (o: Order): string | null =>
  o.customer.email.trim().toLowerCase() || null;

export const genderOf = (o: Order): string => o.gender?.trim().toLowerCase() || GENDER_UNSPECIFIED;

/** The country an order ships to, as staff read it. */
export const countryOf = (o: Order): string =>
  o.shippingFeeDetails?.country || o.shippingCountry || o.shippingAddress.country;

/** An order's figures: its totals and its breakdown, to be added to its day and month. */
export function contribution(o: Order): MonthStats {
  const sale = isSale(o);
  // Returned units are not sold.
  const returned = returnedUnits(o);
  const kept = o.items.map((l, i) => l.quantity - (returned[i] ?? 0));
  const units = sale ? kept.reduce((n, q) => n + q, 0) : 0;
  // A fully refunded order brings nothing: it does not count in the average order value.
  const counts = bringsRevenue(o) && refundableCents(o) > 0;
  const tally = { o: 1, s: Number(counts), r: revenueCents(o), u: units };
  const stats = emptyMonth();
  stats.total = { ...tally };
  stats.countries[countryOf(o)] = { ...tally };
  stats.genders[genderOf(o)] = { ...tally };
  stats.statuses[o.status] = 1;
  stats.methods[o.paymentMethod] = 1;
  stats.payments[o.paymentStatus] = 1;
  o.items.forEach((l, i) => {
    const p = stats.products[l.id] ?? { t: l.title, o: 1, s: Number(sale), r: 0, u: 0 };
    if (sale) {
      p.r += l.priceCents * kept[i];
      p.u += kept[i];
    }
    stats.products[l.id] = p;
  });
  return stats;
}

function addTally<T extends Tally>(into: T, add: Tally, sign: 1 | -1): T {
  into.o += sign * add.o;
  into.s += sign * add.s;
  into.r += sign * add.r;
  into.u += sign * add.u;
  return into;
}

const isZero = (t: Tally) => t.o === 0 && t.s === 0 && t.r === 0 && t.u === 0;

function addTallies<T extends Tally>(
  into: Record<string, T>,
  add: Record<string, T>,
  sign: 1 | -1,
  fresh: (from: T) => T,
) {
  for (const [k, v] of Object.entries(add)) {
    const t = addTally(into[k] ?? fresh(v), v, sign);
    if (isZero(t)) delete into[k];
    else into[k] = t;
  }
}

function addCounts(into: Record<string, number>, add: Record<string, number>, sign: 1 | -1) {
  for (const [k, v] of Object.entries(add)) {
    const n = (into[k] ?? 0) + sign * v;
    if (n === 0) delete into[k];
    else into[k] = n;
  }
}

/**
 * Adds (or, with sign -1, takes away) `add` to `into`, in place. Entries reaching zero are
 * removed, so equal figures are equal records whatever their history.
 */
export function addBreakdown<T extends Breakdown>(into: T, add: Breakdown, sign: 1 | -1): T {
  addTallies(into.products, add.products, sign, (p) => ({ t: p.t, o: 0, s: 0, r: 0, u: 0 }));
  // A product keeps the newest title it was sold under.
  if (sign === 1) {
    for (const [id, p] of Object.entries(add.products)) {
      if (into.products[id]) into.products[id].t = p.t;
    }
  }
  addTallies(into.countries, add.countries, sign, emptyTally);
  addTallies(into.genders, add.genders, sign, emptyTally);
  addCounts(into.statuses, add.statuses, sign);
  addCounts(into.methods, add.methods, sign);
  addCounts(into.payments, add.payments, sign);
  return into;
}

export function addMonth(into: MonthStats, add: MonthStats, sign: 1 | -1): MonthStats {
  addTally(into.total, add.total, sign);
  return addBreakdown(into, add, sign);
}

export function addDayTotal(into: Tally, add: Tally, sign: 1 | -1): Tally {
  return addTally(into, add, sign);
}

export const isEmptyTally = isZero;

export function isEmptyBreakdown(b: Breakdown): boolean {
  return Object.keys(b.products).length === 0 && Object.keys(b.countries).length === 0 &&
    Object.keys(b.genders).length === 0 && Object.keys(b.statuses).length === 0 &&
    Object.keys(b.methods).length === 0 && Object.keys(b.payments).length === 0;
}

/** A record's figures as comparable text: numbers only (a product's title may differ). */
export function figuresOf(v: Tally | Breakdown | MonthStats | null): string {
  if (!v) return "";
  return JSON.stringify(v, (key, value) => {
    if (key === "t") return undefined;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a < b ? -1 : 1));
    }
    return value;
  });
}

/** "2026-11" of "2026-11-23". */
export const monthOf = (day: string) => day.slice(0, 7);

/** The first and last day of a month ("2026-02" -> "2026-02-01", "2026-02-28"). */
export function monthBounds(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: lastOfMonth(`${month}-01`) };
}

/** The month after "YYYY-MM". */
export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}

/**
 * How to read an inclusive day range with the fewest records: whole months from month records,
 * the rest (the range's ragged ends) from day records.
 */
export function planRange(from: string, to: string) {
  const months: string[] = [];
  const days: { from: string; to: string }[] = [];
  for (let m = monthOf(from); m <= monthOf(to); m = nextMonth(m)) {
    const { first, last } = monthBounds(m);
    const start = from > first ? from : first;
    const end = to < last ? to : last;
    if (start === first && end === last) months.push(m);
    else days.push({ from: start, to: end });
  }
  return { months, days };
}
