import { ConflictError, NotFoundError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { formatOrderNumber, type NewOrder, type Order, orderSchema } from "../domain/order.ts";
import { conflict, done, nowIso, retryOnConflict } from "./atomic.ts";

const orderKey = (id: string) => ["order", id] as const;
const timeKey = (o: Pick<Order, "createdAt" | "id">) =>
  ["order_by_time", Date.parse(o.createdAt), o.id] as const;
const paymentKey = (paymentIntentId: string) => ["order_by_payment", paymentIntentId] as const;
const COUNTER_KEY = ["counter", "order_number"] as const;

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

export function createOrderStore(kv: Deno.Kv, hooks: readonly OrderWriteHook[] = []) {
  async function runHooks(op: Deno.AtomicOperation, before: Order | null, after: Order | null) {
    for (const hook of hooks) await hook(op, before, after);
  }

  const parse = (v: unknown) => orderSchema.parse(v);

  async function get(id: string): Promise<Order | null> {
    const entry = await kv.get(orderKey(id));
    return entry.value ? parse(entry.value) : null;
  }

  /**
   * Reads the order-number counter and returns the order plus a function that adds its writes
   * (record, indexes, counter) to an atomic operation, so callers can commit it together with
   * their own writes (stock, payment events). The counter is checked: a concurrent order makes
   * the commit fail and the caller retries.
   */
  async function prepare(data: NewOrder) {
    const counter = await kv.get<number>(COUNTER_KEY);
    const number = (counter.value ?? 0) + 1;
    const order: Order = {
      ...data,
      schemaVersion: 1,
      id: newId(),
      orderNumber: formatOrderNumber(number),
      updatedAt: nowIso(),
    };
    orderSchema.parse(order);
    // Returns nothing: an AtomicOperation cannot be a promise's value (Deno guards its `then`).
    const apply = async (op: Deno.AtomicOperation): Promise<void> => {
      op.check(counter).set(COUNTER_KEY, number)
        .set(orderKey(order.id), order)
        .set(timeKey(order), order.id);
      if (order.paymentIntentId) {
        op.check({ key: paymentKey(order.paymentIntentId), versionstamp: null })
          .set(paymentKey(order.paymentIntentId), order.id);
      }
      await runHooks(op, null, order);
    };
    return { order, apply };
  }

  async function update(id: string, change: (o: Order) => Order): Promise<Order> {
    return await retryOnConflict(async () => {
      const entry = await kv.get(orderKey(id));
      if (!entry.value) throw new NotFoundError("Order not found");
      const current = parse(entry.value);
      const next = orderSchema.parse({ ...change(current), updatedAt: nowIso() });
      const op = kv.atomic().check(entry).set(orderKey(id), next);
      if (next.createdAt !== current.createdAt) {
        op.delete(timeKey(current)).set(timeKey(next), id);
      }
      await runHooks(op, current, next);
      const res = await op.commit();
      return res.ok ? done(next) : conflict;
    });
  }

  return {
    get,
    prepare,
    update,

    async create(data: NewOrder): Promise<Order> {
      return await retryOnConflict(async () => {
        if (data.paymentIntentId) {
          const existing = await kv.get(paymentKey(data.paymentIntentId));
          if (existing.value) throw new ConflictError("An order already exists for this payment");
        }
        const { order, apply } = await prepare(data);
        const op = kv.atomic();
        await apply(op);
        const res = await op.commit();
        return res.ok ? done(order) : conflict;
      });
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

    async remove(id: string): Promise<void> {
      await retryOnConflict(async () => {
        const entry = await kv.get(orderKey(id));
        if (!entry.value) throw new NotFoundError("Order not found");
        const order = parse(entry.value);
        const op = kv.atomic().check(entry).delete(orderKey(id)).delete(timeKey(order));
        if (order.paymentIntentId) op.delete(paymentKey(order.paymentIntentId));
        await runHooks(op, order, null);
        const res = await op.commit();
        return res.ok ? done(undefined) : conflict;
      });
    },
  };
}
