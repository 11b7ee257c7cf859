import { ConflictError, NotFoundError, ValidationError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { formatOrderNumber, type NewOrder, type Order, orderSchema } from "../domain/order.ts";
import { normalizeEmail } from "../domain/email.ts";
import { matchesQuery, type OrderQuery, searchTokens } from "../domain/order-query.ts";
import { conflict, done, nowIso, readThrough, retryOnConflict } from "./atomic.ts";
import { keyedRecords } from "./records.ts";

const orderKey = (id: string) => ["order", id] as const;
const timeKey = (o: Pick<Order, "createdAt" | "id">) =>
  ["order_by_time", Date.parse(o.createdAt), o.id] as const;
const paymentKey = (paymentIntentId: string) => ["order_by_payment", paymentIntentId] as const;
const notFound = () => new NotFoundError("Order not found");
const COUNTER_KEY = ["counter", "order_number"] as const;
/** One order per number (case-insensitive): the unique index of numbers, typed or counted. */
const numberKey = (orderNumber: string) => ["order_by_number", orderNumber.toLowerCase()] as const;
/**
 * Bumped when the list indexes change shape: orders written before are re-indexed once
 * (2: the number index; 3: the email index).
 */
const INDEX_VERSION = 3;
const INDEX_VERSION_KEY = ["meta", "order_index_version"] as const;

/**
 * The list indexes of an order, each `[index, ...value, createdAtMs, id] -> id`, so every list
 * (newest first, by status, by payment status, needing a refund, by search word) is a range
 * read of one index, never a scan of the orders.
 */
function indexKeys(o: Order): Deno.KvKey[] {
  const ms = Date.parse(o.createdAt);
  const keys: Deno.KvKey[] = [
    timeKey(o),
    numberKey(o.orderNumber),
    ["order_by_status", o.status, ms, o.id],
    ["order_by_pay", o.paymentStatus, ms, o.id],
    ...searchTokens(o).map((t) => ["order_search", t, ms, o.id]),
  ];
  const email = normalizeEmail(o.customer.email);
  if (email) keys.push(emailKey(email, ms, o.id));
  if (o.needsRefund) keys.push(["order_by_refund", ms, o.id]);
  return keys;
}

/**
 * A buyer's orders by their address alone ("Find my orders"): the search index holds names in
 * the same words, and an order named after someone's address would crowd theirs out of it.
 */
const emailKey = (email: string, ms: number, id: string) =>
  ["order_by_email", email.slice(0, 254), ms, id] as const;

const keyText = (k: Deno.KvKey) => JSON.stringify(k);

const numberTaken = (orderNumber: string) =>
  new ConflictError(`An order with the id ${orderNumber} already exists`, [
    { field: "orderId", message: `An order with the id ${orderNumber} already exists` },
  ]);

/** Moves an order's index entries from `before` to `after` inside `op`. */
function reindex(op: Deno.AtomicOperation, before: Order | null, after: Order | null) {
  const next = after ? indexKeys(after) : [];
  // A new order has no entries to compare with (each key spelled out was 2% of an order).
  if (!before) {
    for (const k of next) op.set(k, after!.id);
    return;
  }
  const old = new Map(indexKeys(before).map((k) => [keyText(k), k]));
  for (const k of next) {
    if (!old.delete(keyText(k))) op.set(k, after!.id);
  }
  for (const k of old.values()) op.delete(k);
}

/** The most searched orders a text search considers (a narrower term finds fewer). */
const MAX_SEARCH_HITS = 2000;
/** Index entries one page may read past before it answers with what it found. */
const MAX_SCANNED = 5000;

/**
 * Extra writes for an order's commit: stock, mail, an audit entry. Called with the order
 * before and after the change; it may read and add checks.
 */
export type OrderCommitExtra = (
  op: Deno.AtomicOperation,
  before: Order | null,
  after: Order | null,
) => Promise<void> | void;

export interface OrderPage {
  orders: Order[];
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

export type OrderStore = ReturnType<typeof createOrderStore>;

/**
 * Runs inside every order write (create, update, delete) before its commit, with the order
 * before and after (null when absent), to add its own writes and checks to the same atomic
 * operation: what must move with the orders (aggregates) moves in their commit or not at all.
 */
export type OrderWriteHook = (
  op: Deno.AtomicOperation,
  before: Order | null,
  after: Order | null,
) => Promise<void>;

/** How long a refund may hold its order's claim: far longer than a provider's answer. */
const REFUND_CLAIM_MS = 60_000;
/** A refund claim's value is its end: a KV expiry deletes late. */
const claimHeld = (end: number | null) => end !== null && end > Date.now();

/**
 * An order write's hooks, run in this order; the hooks of an inner list run side by side (their
 * reads at once), so none of them may depend on another's writes.
 */
export type OrderWriteHooks = readonly (OrderWriteHook | readonly OrderWriteHook[])[];

export function createOrderStore(kv: Deno.Kv, hooks: OrderWriteHooks = []) {
  async function runHooks(op: Deno.AtomicOperation, before: Order | null, after: Order | null) {
    reindex(op, before, after);
    for (const hook of hooks) {
      if (typeof hook === "function") await hook(op, before, after);
      else await Promise.all(hook.map((h) => h(op, before, after)));
    }
  }

  const orderRecords = keyedRecords(kv, orderKey, orderSchema);
  const { get, parse } = orderRecords;
  /** The counter as this instance's last counted order left it (its next order's guess). */
  let expectedCount = 0;

  /**
   * Reads the order-number counter (through `op`) and returns the order plus a function that
   * adds its writes (record, indexes, counter) to `op`, so callers can commit it together with
   * their own writes (stock, payment events). The counter and the number's index entry are
   * checked: a concurrent order makes the commit fail and the caller retries. A number typed
   * by staff (`orderNumber`) is kept when no order has it (409 otherwise); a counted number
   * skips the ones typed before. `built`: the order was built by the checkout from its checkout
   * record, typed, from a request validated with the same field limits: not checked again. A
   * promised order is awaited beside the counter's read (the checkout's reads its tax state).
   */
  async function prepare(
    op: Deno.AtomicOperation,
    data: NewOrder | Promise<NewOrder> | ((orderNumber: string) => NewOrder),
    orderNumber?: string,
    { built = false }: { built?: boolean } = {},
  ) {
    // The number expected next is read with the counter (one read, not two in a row): right
    // unless another instance or a failed commit moved the counter since this one's last order.
    // Read through `op`: an order staged after others in it takes the number after theirs.
    const guess = formatOrderNumber(expectedCount + 1);
    const numberFree = async (n: string) => (await readThrough(kv, op, [numberKey(n)]))[0];
    const [[counter, guessed], given] = await Promise.all([
      readThrough<[number, unknown]>(kv, op, [COUNTER_KEY, numberKey(orderNumber ?? guess)]),
      data,
    ]);
    let count = counter.value ?? 0;
    let number: string;
    let free: Deno.KvEntryMaybe<unknown>;
    if (orderNumber) {
      number = orderNumber;
      free = guessed;
      if (free.value) throw numberTaken(number);
    } else {
      number = formatOrderNumber(++count);
      free = number === guess ? guessed : await numberFree(number);
      while (free.value) {
        number = formatOrderNumber(++count);
        free = await numberFree(number);
      }
      expectedCount = count;
    }
    const order: Order = {
      // An order whose fields derive from its number (an RF reference) is built once it has one.
      ...(typeof given === "function" ? given(number) : given),
      schemaVersion: 1,
      id: newId(),
      orderNumber: number,
      updatedAt: nowIso(),
    };
    // The checkout's orders skip this guard: it was 2% of a launch's CPU, one per buyer.
    if (!built) orderSchema.parse(order);
    /** Adds the order's writes to `op`. */
    const apply = async (): Promise<void> => {
      op.check(counter).check(free).set(orderKey(order.id), order);
      if (count !== (counter.value ?? 0)) op.set(COUNTER_KEY, count);
      if (order.paymentIntentId) {
        op.check({ key: paymentKey(order.paymentIntentId), versionstamp: null })
          .set(paymentKey(order.paymentIntentId), order.id);
      }
      await runHooks(op, null, order);
    };
    return { order, apply };
  }

  /**
   * Changes an order in one checked commit with its indexes, hooks and `extra` writes;
   * `change` may throw to refuse (nothing is written then).
   */
  async function update(
    id: string,
    change: (o: Order) => Order,
    extra?: OrderCommitExtra,
  ): Promise<Order> {
    return await orderRecords.change(id, notFound, async (current, op) => {
      const next = orderSchema.parse({ ...change(current), updatedAt: nowIso() });
      op.set(orderKey(id), next);
      await runHooks(op, current, next);
      await extra?.(op, current, next);
      return next;
    });
  }

  /** One page of orders, newest first, from the index that fits the query best. */
  async function query(q: OrderQuery, range: { from: number; to: number }): Promise<OrderPage> {
    if (q.q) return await search(q, range);
    const prefix: Deno.KvKey = q.status
      ? ["order_by_status", q.status]
      : q.paymentStatus
      ? ["order_by_pay", q.paymentStatus]
      : q.needsRefund
      ? ["order_by_refund"]
      : ["order_by_time"];
    const iter = kv.list<string>(
      { start: [...prefix, range.from], end: [...prefix, range.to] },
      { reverse: true, cursor: q.cursor || undefined, batchSize: q.limit + 1 },
    );
    const orders: Order[] = [];
    let scanned = 0;
    let more = false;
    try {
      for await (const e of iter) {
        const order = await get(e.value);
        if (order && matchesQuery(order, q, range)) orders.push(order);
        if (orders.length >= q.limit || ++scanned >= MAX_SCANNED) {
          more = true;
          break;
        }
      }
    } catch (err) {
      // KV refuses a cursor that is not one of its own.
      if (err instanceof TypeError && q.cursor) throw new ValidationError("Invalid cursor");
      throw err;
    }
    // The iterator's cursor points past the last entry read; at the end there is no next page.
    if (more) {
      const next = await kv.list({ start: [...prefix, range.from], end: [...prefix, range.to] }, {
        reverse: true,
        cursor: iter.cursor,
        limit: 1,
      }).next();
      if (next.done) more = false;
    }
    return { orders, nextCursor: more ? iter.cursor : null };
  }

  /** Orders whose number, email or name starts with the term (a range of the word index). */
  async function search(q: OrderQuery, range: { from: number; to: number }): Promise<OrderPage> {
    const term = q.q!.toLowerCase();
    const ids = new Map<string, number>();
    const iter = kv.list<string>({
      start: ["order_search", term],
      end: ["order_search", `${term}\uffff`],
    }, { limit: MAX_SEARCH_HITS });
    for await (const e of iter) ids.set(e.value, Number(e.key[2]));
    const sorted = [...ids].filter(([, ms]) => ms >= range.from && ms < range.to)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1));
    const offset = Number(q.cursor?.startsWith("s") ? q.cursor.slice(1) : 0) || 0;
    const orders: Order[] = [];
    let at = offset;
    for (; at < sorted.length && orders.length < q.limit; at++) {
      const order = await get(sorted[at][0]);
      if (order && matchesQuery(order, q, range)) orders.push(order);
    }
    return { orders, nextCursor: at < sorted.length ? `s${at}` : null };
  }

  return {
    get,
    prepare,
    update,
    query,

    /**
     * Claims an order's refund for `REFUND_CLAIM_MS`: of two staff pressing Refund at once, one
     * asks the provider. The other, reading the first one's refund back from the provider, took
     * it for one made outside the shop and recorded it so. The claim's end is in its value (a KV
     * expiry deletes late); a crash leaves it to lapse.
     */
    async claimRefund(id: string): Promise<boolean> {
      const key = ["refund_claim", id];
      const entry = await kv.get<number>(key);
      if (claimHeld(entry.value)) return false;
      const res = await kv.atomic().check(entry)
        .set(key, Date.now() + REFUND_CLAIM_MS, { expireIn: REFUND_CLAIM_MS }).commit();
      return res.ok;
    },

    /** Whether staff's refund of the order is under way (its claim held and not lapsed). */
    async refundUnderWay(id: string): Promise<boolean> {
      return claimHeld((await kv.get<number>(["refund_claim", id])).value);
    },

    /** Ends a refund's claim (the refund recorded, or refused by the provider). */
    async releaseRefund(id: string): Promise<void> {
      await kv.delete(["refund_claim", id]);
    },

    /** Writes the list indexes of orders stored before they existed; runs once per version. */
    async ensureIndexes(): Promise<number> {
      const marker = await kv.get<number>(INDEX_VERSION_KEY);
      if ((marker.value ?? 0) >= INDEX_VERSION) return 0;
      let n = 0;
      for await (const e of kv.list({ prefix: ["order"] })) {
        const order = parse(e.value);
        const op = kv.atomic();
        for (const k of indexKeys(order)) op.set(k, order.id);
        await op.commit();
        n++;
      }
      await kv.set(INDEX_VERSION_KEY, INDEX_VERSION);
      return n;
    },

    /**
     * A new order (staff's manual orders) with its `extra` writes (stock, audit) in the same
     * commit; retried from scratch when anything it read moved. `orderNumber`: one typed by
     * staff, kept if no order has it (409 otherwise).
     */
    async createWith(
      data: NewOrder | ((orderNumber: string) => NewOrder),
      extra?: OrderCommitExtra,
      orderNumber?: string,
    ): Promise<Order> {
      return await retryOnConflict(async () => {
        const op = kv.atomic();
        const { order, apply } = await prepare(op, data, orderNumber);
        await apply();
        await extra?.(op, null, order);
        return (await op.commit()).ok ? done(order) : conflict;
      });
    },

    async create(data: NewOrder): Promise<Order> {
      return await retryOnConflict(async () => {
        if (data.paymentIntentId) {
          const existing = await kv.get(paymentKey(data.paymentIntentId));
          if (existing.value) throw new ConflictError("An order already exists for this payment");
        }
        const op = kv.atomic();
        const { order, apply } = await prepare(op, data);
        await apply();
        const res = await op.commit();
        return res.ok ? done(order) : conflict;
      });
    },

    /** The order of a number (any case), from the unique number index. */
    /** The order's KV entry, for a commit of another store checked against it (unchanged since). */
    async entry(id: string): Promise<Deno.KvEntryMaybe<unknown>> {
      return await kv.get(orderKey(id));
    },

    async getByNumber(orderNumber: string): Promise<Order | null> {
      const number = orderNumber.trim();
      if (!number || number.length > 200) return null;
      const id = await kv.get<string>(numberKey(number));
      return id.value ? await get(id.value) : null;
    },

    /** The newest `limit` orders placed with an address (any case), newest first. */
    async newestOfEmail(email: string, limit: number): Promise<Order[]> {
      const address = normalizeEmail(email);
      const found: Order[] = [];
      for await (
        const e of kv.list<string>({ prefix: ["order_by_email", address.slice(0, 254)] }, {
          reverse: true,
          limit,
        })
      ) {
        const order = await get(e.value);
        if (order) found.push(order);
      }
      return found;
    },

    async getByPaymentIntent(paymentIntentId: string): Promise<Order | null> {
      const id = await kv.get<string>(paymentKey(paymentIntentId));
      return id.value ? await get(id.value) : null;
    },

    /** Orders, newest first. */
    async list(): Promise<Order[]> {
      const orders: Order[] = [];
      for await (const e of kv.list<string>({ prefix: ["order_by_time"] }, { reverse: true })) {
        const order = await get(e.value);
        if (order) orders.push(order);
      }
      return orders;
    },

    async remove(id: string, extra?: OrderCommitExtra): Promise<Order> {
      return await orderRecords.change(id, notFound, async (order, op) => {
        op.delete(orderKey(id));
        if (order.paymentIntentId) op.delete(paymentKey(order.paymentIntentId));
        await runHooks(op, order, null);
        await extra?.(op, order, null);
        return order;
      });
    },
  };
}
