/**
 * Sales aggregates in KV, moved in every order's own commit (an `OrderWriteHook`):
 *
 *   ["stats_day_total", day]   -> Tally        (a year of days is 365 small reads)
 *   ["stats_day", day]         -> Breakdown
 *   ["stats_month", "YYYY-MM"] -> MonthStats   (whole months of a range read from here)
 *   ["stats_customer", email]  -> number of orders
 *   ["stats_customers"]        -> { customers, repeaters }
 *
 * Days are the shop's (its time zone). Records are plain values changed by versionstamp-checked
 * read-modify-writes: KvU64 sums cannot go below zero, and a refused commit is retried whole
 * by the order store.
 */
import {
  addBreakdown,
  addDayTotal,
  addMonth,
  type Breakdown,
  contribution,
  customerOf,
  type DayTotal,
  emptyBreakdown,
  emptyMonth,
  emptyTally,
  figuresOf,
  isEmptyBreakdown,
  isEmptyTally,
  monthOf,
  type MonthStats,
  planRange,
} from "../domain/order-stats.ts";
import type { Order } from "../domain/order.ts";
import { nextDay, shopDay } from "../domain/shop-time.ts";
import type { OrderWriteHook } from "./orders.ts";
import { readThrough } from "./atomic.ts";

const DAY_TOTAL = "stats_day_total";
const DAY = "stats_day";
const MONTH = "stats_month";
const CUSTOMER = "stats_customer";
const CUSTOMERS_KEY = ["stats_customers"] as const;
const PREFIXES = [DAY_TOTAL, DAY, MONTH, CUSTOMER] as const;
/**
 * Bumped when the aggregates change shape or meaning: the next start rebuilds them from the
 * orders (2: orders without an email are no customer).
 */
const STATS_VERSION = 2;
const STATS_VERSION_KEY = ["meta", "order_stats_version"] as const;

export interface CustomerCounts {
  customers: number;
  repeaters: number;
}

type Signed = { sign: 1 | -1; stats: MonthStats };

/** A difference the rebuild found: the key, what was stored, what the orders say. */
export interface StatsDifference {
  key: Deno.KvKey;
  stored: unknown;
  rebuilt: unknown;
}

export type OrderStatsStore = ReturnType<typeof createOrderStatsStore>;

export function createOrderStatsStore(kv: Deno.Kv, timeZone: string) {
  const dayOf = (o: Order) => shopDay(Date.parse(o.createdAt), timeZone);

  function group(before: Order | null, after: Order | null) {
    const byDay = new Map<string, Signed[]>();
    const add = (o: Order | null, sign: 1 | -1) => {
      if (!o) return;
      const day = dayOf(o);
      byDay.set(day, [...byDay.get(day) ?? [], { sign, stats: contribution(o) }]);
    };
    add(before, -1);
    add(after, 1);
    return byDay;
  }

  /** Whether a change leaves every figure where it was (a note, a shipment, an address). */
  function unchanged(before: Order | null, after: Order | null) {
    if (!before || !after) return false;
    return dayOf(before) === dayOf(after) && customerOf(before) === customerOf(after) &&
      figuresOf(contribution(before)) === figuresOf(contribution(after));
  }

  /**
   * Adds a checked write of one record, read as `entry`, to `op`; deletes it when it empties.
   * The value is KV's own fresh copy: it is changed in place.
   */
  function change<T>(
    op: Deno.AtomicOperation,
    entry: Deno.KvEntryMaybe<unknown>,
    empty: () => T,
    apply: (value: T) => T,
    isEmpty: (value: T) => boolean,
  ) {
    const next = apply((entry.value as T | null) ?? empty());
    op.check(entry);
    if (isEmpty(next)) op.delete(entry.key);
    else op.set(entry.key, next);
  }

  /**
   * Moves the day, month and customer figures of an order write, every record it changes read
   * at once (the reads one after another cost each order write as many round trips).
   */
  const hook: OrderWriteHook = async (op, before, after) => {
    if (unchanged(before, after)) return;
    const days = group(before, after);
    const months = new Map<string, Signed[]>();
    for (const [day, changes] of days) {
      const month = monthOf(day);
      months.set(month, [...months.get(month) ?? [], ...changes]);
    }
    const emails = customerMoves(before, after);
    const keys: Deno.KvKey[] = [
      ...[...days.keys()].flatMap((day) => [[DAY_TOTAL, day], [DAY, day]]),
      ...[...months.keys()].map((month) => [MONTH, month]),
      ...(emails.length ? [CUSTOMERS_KEY, ...emails.map(([email]) => [CUSTOMER, email])] : []),
    ];
    // Through `op`: an order staged after others in it moves the figures they moved.
    const entries: Deno.KvEntryMaybe<unknown>[] = await readThrough(kv, op, keys);
    let at = 0;
    for (const changes of days.values()) {
      change<DayTotal>(op, entries[at++], emptyTally, (t) => {
        for (const c of changes) addDayTotal(t, c.stats.total, c.sign);
        return t;
      }, isEmptyTally);
      change<Breakdown>(op, entries[at++], emptyBreakdown, (b) => {
        for (const c of changes) addBreakdown(b, c.stats, c.sign);
        return b;
      }, isEmptyBreakdown);
    }
    for (const changes of months.values()) {
      change<MonthStats>(op, entries[at++], emptyMonth, (m) => {
        for (const c of changes) addMonth(m, c.stats, c.sign);
        return m;
      }, (m) => isEmptyTally(m.total) && isEmptyBreakdown(m));
    }
    if (emails.length) moveCustomers(op, emails, entries.slice(at));
  };

  /** The customers whose order count an order write moves, with by how much. */
  function customerMoves(before: Order | null, after: Order | null): [string, number][] {
    const deltas = new Map<string, number>();
    const move = (o: Order | null, delta: number) => {
      const email = o && customerOf(o);
      if (email) deltas.set(email, (deltas.get(email) ?? 0) + delta);
    };
    move(before, -1);
    move(after, 1);
    return [...deltas].filter(([, d]) => d !== 0);
  }

  /** `entries`: the customer totals', then each moved customer's (in `moves`' order). */
  function moveCustomers(
    op: Deno.AtomicOperation,
    moves: [string, number][],
    [totals, ...counts]: Deno.KvEntryMaybe<unknown>[],
  ) {
    const next = { ...((totals.value as CustomerCounts | null) ?? { customers: 0, repeaters: 0 }) };
    moves.forEach(([email, delta], i) => {
      const entry = counts[i];
      const was = (entry.value as number | null) ?? 0;
      const now = was + delta;
      next.customers += Number(now > 0) - Number(was > 0);
      next.repeaters += Number(now > 1) - Number(was > 1);
      op.check(entry);
      if (now > 0) op.set([CUSTOMER, email], now);
      else op.delete([CUSTOMER, email]);
    });
    op.check(totals);
    if (next.customers === 0 && next.repeaters === 0) op.delete(CUSTOMERS_KEY);
    else op.set(CUSTOMERS_KEY, next);
  }

  async function rangeValues<T>(prefix: string, from: string, toExclusive: string) {
    const out: { key: string; value: T }[] = [];
    for await (const e of kv.list<T>({ start: [prefix, from], end: [prefix, toExclusive] })) {
      out.push({ key: String(e.key[1]), value: e.value });
    }
    return out;
  }

  /** Every aggregate as the orders say it should be. */
  async function compute(orders: AsyncIterable<Order>) {
    const records = new Map<string, { key: Deno.KvKey; value: unknown }>();
    const counts = new Map<string, number>();
    const put = <T>(key: Deno.KvKey, empty: () => T, apply: (v: T) => void) => {
      const id = JSON.stringify(key);
      const value = (records.get(id)?.value as T | undefined) ?? empty();
      apply(value);
      records.set(id, { key, value });
    };
    for await (const o of orders) {
      const c = contribution(o);
      const day = dayOf(o);
      put<DayTotal>([DAY_TOTAL, day], emptyTally, (t) => addDayTotal(t, c.total, 1));
      put<Breakdown>([DAY, day], emptyBreakdown, (b) => addBreakdown(b, c, 1));
      put<MonthStats>([MONTH, monthOf(day)], emptyMonth, (m) => addMonth(m, c, 1));
      const email = customerOf(o);
      if (email) counts.set(email, (counts.get(email) ?? 0) + 1);
    }
    for (const [email, n] of counts) {
      records.set(JSON.stringify([CUSTOMER, email]), { key: [CUSTOMER, email], value: n });
    }
    const totals: CustomerCounts = {
      customers: counts.size,
      repeaters: [...counts.values()].filter((n) => n > 1).length,
    };
    if (counts.size > 0) {
      records.set(JSON.stringify(CUSTOMERS_KEY), { key: [...CUSTOMERS_KEY], value: totals });
    }
    return records;
  }

  async function* orders(): AsyncGenerator<Order> {
    for await (const e of kv.list<Order>({ prefix: ["order"] })) yield e.value;
  }

  return {
    hook,

    /**
     * Recomputes every aggregate from the orders and lists how the stored ones differ; with
     * `write`, replaces them. Run it while no orders are being written.
     */
    async rebuild(options: { write: boolean }): Promise<StatsDifference[]> {
      // The orders stream through: only the aggregates are held, never 100,000 orders.
      const rebuilt = await compute(orders());
      const stored = new Map<string, { key: Deno.KvKey; value: unknown }>();
      for (const prefix of PREFIXES) {
        for await (const e of kv.list({ prefix: [prefix] })) {
          stored.set(JSON.stringify(e.key), { key: e.key, value: e.value });
        }
      }
      const totals = await kv.get(CUSTOMERS_KEY);
      if (totals.value) {
        stored.set(JSON.stringify(CUSTOMERS_KEY), { key: [...CUSTOMERS_KEY], value: totals.value });
      }
      const comparable = (v: unknown) =>
        typeof v === "object" && v !== null && !("customers" in v)
          ? figuresOf(v as MonthStats)
          : JSON.stringify(v ?? null);
      const differences: StatsDifference[] = [];
      for (const [id, r] of rebuilt) {
        const s = stored.get(id);
        if (comparable(s?.value) !== comparable(r.value)) {
          differences.push({ key: r.key, stored: s?.value ?? null, rebuilt: r.value });
        }
      }
      for (const [id, s] of stored) {
        if (!rebuilt.has(id)) differences.push({ key: s.key, stored: s.value, rebuilt: null });
      }
      if (options.write) {
        // Commits stay under KV's limits (1000 mutations, 800 KB per commit).
        let op = kv.atomic();
        let count = 0;
        let bytes = 0;
        for (const d of differences) {
          const size = JSON.stringify(d.rebuilt ?? null).length + JSON.stringify(d.key).length;
          if (count >= 500 || bytes + size > 400_000) {
            await op.commit();
            op = kv.atomic();
            count = 0;
            bytes = 0;
          }
          if (d.rebuilt === null) op.delete(d.key);
          else op.set(d.key, d.rebuilt);
          count++;
          bytes += size;
        }
        await op.commit();
        await kv.set(STATS_VERSION_KEY, STATS_VERSION);
      }
      return differences;
    },

    /** Builds the aggregates of orders stored before they existed; runs once per version. */
    async ensureBuilt(): Promise<boolean> {
      const marker = await kv.get<number>(STATS_VERSION_KEY);
      if ((marker.value ?? 0) >= STATS_VERSION) return false;
      await this.rebuild({ write: true });
      return true;
    },

    /** Figures of an inclusive day range: whole months from month records, ends from days. */
    async range(from: string, to: string): Promise<MonthStats> {
      const plan = planRange(from, to);
      const sum = emptyMonth();
      if (plan.months.length > 0) {
        const wanted = new Set(plan.months);
        const first = plan.months[0];
        const last = plan.months[plan.months.length - 1];
        for (const m of await rangeValues<MonthStats>(MONTH, first, `${last}\uffff`)) {
          if (wanted.has(m.key)) addMonth(sum, m.value, 1);
        }
      }
      for (const part of plan.days) {
        for (const d of await rangeValues<DayTotal>(DAY_TOTAL, part.from, nextDay(part.to))) {
          addDayTotal(sum.total, d.value, 1);
        }
        for (const d of await rangeValues<Breakdown>(DAY, part.from, nextDay(part.to))) {
          addBreakdown(sum, d.value, 1);
        }
      }
      return sum;
    },

    /** Every figure ever: the sum of the month records. */
    async all(): Promise<MonthStats> {
      const sum = emptyMonth();
      for await (const e of kv.list<MonthStats>({ prefix: [MONTH] })) addMonth(sum, e.value, 1);
      return sum;
    },

    /** Day totals of an inclusive range, by day; days without orders are absent. */
    async dayTotals(from: string, to: string): Promise<Map<string, DayTotal>> {
      const rows = await rangeValues<DayTotal>(DAY_TOTAL, from, nextDay(to));
      return new Map(rows.map((r) => [r.key, r.value]));
    },

    async customers(): Promise<CustomerCounts> {
      return (await kv.get<CustomerCounts>(CUSTOMERS_KEY)).value ??
        { customers: 0, repeaters: 0 };
    },
  };
}
