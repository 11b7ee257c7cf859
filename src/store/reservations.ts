import { idFloor, newId } from "../domain/ids.ts";
import type { NewOrder, Order } from "../domain/order.ts";
import { type Product, productSchema } from "../domain/product.ts";
import type { Reservation } from "../domain/reservation.ts";
import { conflict, done, nowIso, readThrough, retryOnConflict } from "./atomic.ts";
import { createOrderSteps, type Staged } from "./order-steps.ts";
import type { OrderStore } from "./orders.ts";
import { keyedRecords, type RecordSchema } from "./records.ts";
import { CATALOG_VERSION_KEY, markRestock } from "./products.ts";
import { type CommitOutcome, createStockCommitter, outcomeOf } from "./stock-commits.ts";

const reservationKey = (id: string) => ["reservation", id] as const;
const byPaymentKey = (pi: string) => ["reservation_by_payment", pi] as const;
/** The checkouts the sweep looks at (open or committed), oldest expiry first. */
const pendingKey = (r: Pick<Reservation, "expiresAt" | "id">) =>
  ["reservation_expiry", r.expiresAt, r.id] as const;
const productKey = (id: string) => ["product", id] as const;
const eventKey = (eventId: string) => ["payment_event", eventId] as const;
const orderByPaymentKey = (pi: string) => ["order_by_payment", pi] as const;
/** The last checkout the purge has looked at (ids are time-sortable). */
const PURGE_CURSOR_KEY = ["meta", "reservation_purge_cursor"] as const;

export type CompleteResult =
  | { kind: "created"; order: Order }
  | { kind: "existing"; order: Order | null }
  | { kind: "unknown" };

export type { CommitOutcome };

export type ReservationStore = ReturnType<typeof createReservationStore>;

/**
 * Checkouts are written only here and by the stock committer, from typed values the checkout
 * built from the request it validated: they are read back as written, not parsed again (three
 * zod passes of one checkout per buyer were 3% of a launch's CPU).
 */
const asWritten: RecordSchema<Reservation> = { parse: (value) => value as Reservation };

/**
 * Checkouts. A checkout record (`["reservation", id]`) carries the priced order and holds no
 * stock while it is open (`active`): opening one writes nothing but itself. When its card is
 * authorized, `commit` takes its units in a checked commit (`committed`; batched per product
 * by the stock committer); after the capture, `complete` turns it into the order. A checkout
 * whose stock was gone, or that ended unpaid, is `released`.
 */
export function createReservationStore(kv: Deno.Kv, orders: OrderStore) {
  const reservations = keyedRecords(kv, reservationKey, asWritten);
  const { get, parse } = reservations;
  const committer = createStockCommitter(kv);
  const orderSteps = createOrderSteps(kv);

  async function idOf(pi: string, fallback?: string): Promise<string | null> {
    return (await kv.get<string>(byPaymentKey(pi))).value ?? fallback ?? null;
  }

  return {
    get,

    async byPaymentIntent(pi: string): Promise<Reservation | null> {
      const id = await idOf(pi);
      return id ? await get(id) : null;
    },

    /**
     * A payment's order, else its checkout: what the confirm call looks for first. Both index
     * entries in one read (then the record found): this runs once per buyer of a launch.
     */
    async paymentRecords(
      pi: string,
    ): Promise<{ order: Order | null; reservation: Reservation | null }> {
      const [orderId, link] = await kv.getMany<[string, string]>([
        orderByPaymentKey(pi),
        byPaymentKey(pi),
      ]);
      if (orderId.value) {
        const order = await orders.get(orderId.value);
        if (order) return { order, reservation: null };
      }
      return { order: null, reservation: link.value ? await get(link.value) : null };
    },

    /**
     * Records an open checkout with its payment intent, in one commit; holds no stock. `r` is
     * built by the checkout from the request it validated (typed, not parsed again here).
     */
    async open(r: Reservation): Promise<Reservation> {
      if (!r.paymentIntentId) throw new Error("a checkout opens with its payment intent");
      const res = await kv.atomic()
        .check({ key: reservationKey(r.id), versionstamp: null })
        .check({ key: byPaymentKey(r.paymentIntentId), versionstamp: null })
        .set(reservationKey(r.id), r)
        .set(byPaymentKey(r.paymentIntentId), r.id)
        .set(pendingKey(r), true)
        .commit();
      if (!res.ok) throw new Error(`checkout ${r.id} or its payment intent exists already`);
      return r;
    },

    /**
     * Takes the stock of an authorized checkout: `committed` (now or before), `no_stock`
     * (nothing written: its authorization is to be canceled), `closed` (released or too
     * old) or `unknown`. Idempotent; batched with the other commits waiting for the same
     * products (src/store/stock-commits.ts). `known`: the checkout as the caller read it.
     */
    async commit(
      pi: string,
      reservationIdHint?: string,
      known?: Reservation | null,
    ): Promise<CommitOutcome> {
      // An open checkout the caller has just read for this payment: the committer reads it
      // again in its checked batch, so reading it here first would only repeat that.
      if (known?.status === "active" && known.paymentIntentId === pi) {
        return await committer.submit(known);
      }
      const id = await idOf(pi, reservationIdHint);
      if (!id) return { kind: "unknown" };
      const r = await get(id);
      if (!r || (r.paymentIntentId && r.paymentIntentId !== pi)) return { kind: "unknown" };
      if (r.status !== "active") return outcomeOf(r);
      return await committer.submit(r);
    },

    /**
     * Gives a committed checkout's units back and releases it: its authorization ended
     * without a capture (canceled or expired), so nothing was charged. False when it was not
     * committed (completed since, or released).
     */
    async uncommit(id: string): Promise<boolean> {
      return await retryOnConflict(async () => {
        const { entry, record: r } = await reservations.read(id);
        if (r?.status !== "committed") return done(false);
        const op = kv.atomic().check(entry)
          .set(reservationKey(id), { ...r, status: "released" })
          .delete(pendingKey(r))
          .set(CATALOG_VERSION_KEY, newId());
        const products = await kv.getMany<Product[]>(r.items.map((l) => productKey(l.id)));
        r.items.forEach((line, i) => {
          const e = products[i];
          if (!e.value) return; // deleted since: nothing to refill
          const product = productSchema.parse(e.value);
          const next = { ...product, stock: product.stock + line.quantity, updatedAt: nowIso() };
          op.check(e).set(productKey(line.id), next);
          markRestock(op, product, next);
        });
        return (await op.commit()).ok ? done(true) : conflict;
      });
    },

    /**
     * Marks an open checkout released (it ended unpaid); null once it is not open. `known`: its
     * entry as the caller has just read it (read again only after a conflict).
     */
    async releaseReservation(
      id: string,
      known?: Deno.KvEntryMaybe<Reservation>,
    ): Promise<Reservation | null> {
      let read = known && { entry: known, record: known.value };
      return await retryOnConflict(async () => {
        const { entry, record: r } = read ?? await reservations.read(id);
        read = undefined;
        if (r?.status !== "active") return done(null);
        const res = await kv.atomic().check(entry)
          .set(reservationKey(id), { ...r, status: "released" })
          .delete(pendingKey(r))
          .commit();
        return res.ok ? done(r) : conflict;
      });
    },

    /**
     * The one "complete order" step, keyed by the payment intent id, for a payment that was
     * captured; idempotent. In ONE atomic commit: the order (number from the checked counter,
     * unique per payment), the checkout marked completed, the payment event id, and whatever
     * `addToCommit` adds (mails). A committed checkout's units were taken at its commit; any
     * other (captured outside this flow, or from before manual capture) takes free stock if
     * there is enough, else the order is flagged for refund.
     */
    complete(args: {
      paymentIntentId: string;
      /** From the intent's metadata, in case the link write was lost. */
      reservationId?: string;
      eventId?: string;
      /**
       * The checkout as its stock commit wrote it: while it is still so (the order's commit
       * checks it), no order exists for it, so the first attempt reads nothing first.
       */
      committed?: Deno.KvEntry<Reservation>;
      /** `op`: the operation the order is staged in, to read through (`readThrough`). */
      buildOrder: (
        r: Reservation,
        needsRefund: boolean,
        op: Deno.AtomicOperation,
      ) => NewOrder | Promise<NewOrder>;
      addToCommit?: (op: Deno.AtomicOperation, order: Order) => Promise<void> | void;
    }): Promise<CompleteResult> {
      const { paymentIntentId: pi, eventId } = args;
      let known = args.committed?.value.status === "committed" &&
          args.committed.value.paymentIntentId === pi
        ? args.committed
        : undefined;
      // The confirm call's step (its checkout just committed, read nothing yet) may share a
      // commit with others; a quote's (accepted by its payment) and an event's go alone.
      const joinable = known !== undefined && !known.value.quote && !eventId;
      return orderSteps.run<CompleteResult>(
        pi,
        joinable,
        async (op): Promise<Staged<CompleteResult>> => {
          const [orderIdEntry, linkEntry, eventEntry, hinted]: [
            { value: string | null },
            { value: string | null },
            Deno.KvEntryMaybe<unknown>,
            Deno.KvEntryMaybe<unknown>,
          ] = known
            ? [
              { value: null },
              { value: known.value.id },
              // Recorded only with an order: checked absent (a conflict reads everything).
              { key: eventKey(eventId ?? ""), value: null, versionstamp: null },
              known,
            ]
            : await kv.getMany<[string, string, unknown, unknown]>([
              orderByPaymentKey(pi),
              byPaymentKey(pi),
              // Without an event (the confirm call) this reads a key that never exists.
              eventKey(eventId ?? ""),
              // The checkout the intent names, read with the rest (its link says the same).
              reservationKey(args.reservationId ?? ""),
            ]);
          const hintedId = known ? known.value.id : args.reservationId;
          known = undefined;
          if (orderIdEntry.value) {
            return {
              writes: false,
              value: { kind: "existing", order: await orders.get(orderIdEntry.value) },
            };
          }
          const reservationId = linkEntry.value ?? args.reservationId;
          const unknown: Staged<CompleteResult> = { writes: false, value: { kind: "unknown" } };
          if (!reservationId) return unknown;
          const { entry, record: r } = reservationId === hintedId
            ? { entry: hinted, record: hinted.value ? parse(hinted.value) : null }
            : await reservations.read(reservationId);
          if (!r) return unknown;
          if (r.paymentIntentId && r.paymentIntentId !== pi) return unknown;
          // Without an order now, staff deleted it: do not bring it back.
          if (r.status === "completed") {
            return {
              writes: false,
              value: { kind: "existing", order: await orders.getByPaymentIntent(pi) },
            };
          }

          const committed = r.status === "committed";
          // Through `op`: the stock the orders staged before this one took is gone.
          const products: Deno.KvEntryMaybe<Product>[] = committed
            ? []
            : await readThrough<Product[]>(kv, op, r.items.map((l) => productKey(l.id)));
          const parsed = products.map((e) => e.value ? productSchema.parse(e.value) : null);
          const fits = committed ||
            r.items.every((l, i) => (parsed[i]?.stock ?? 0) >= l.quantity);

          const { order, apply } = await orders.prepare(
            op,
            args.buildOrder(r, !fits, op),
            undefined,
            { built: true },
          );
          await apply();
          op.check(entry)
            .set(reservationKey(r.id), {
              ...r,
              status: "completed",
              paymentIntentId: pi,
              orderId: order.id,
            })
            .delete(pendingKey(r));
          if (!committed && fits) {
            r.items.forEach((l, i) => {
              op.check(products[i]).set(productKey(l.id), {
                ...parsed[i]!,
                stock: parsed[i]!.stock - l.quantity,
                updatedAt: order.createdAt,
              });
            });
            op.set(CATALOG_VERSION_KEY, newId());
          }
          if (eventId) {
            op.check(eventEntry).set(eventKey(eventId), {
              type: "payment_intent.succeeded",
              paymentIntentId: pi,
            });
          }
          await args.addToCommit?.(op, order);
          return { writes: true, value: { kind: "created", order } };
        },
      );
    },

    /**
     * Records a failed payment attempt (the customer may try again on the same intent while
     * the checkout is open). The event id is recorded in the same commit; a redelivery is a
     * no-op. Returns false when the event was seen before.
     */
    async recordFailure(pi: string, eventId: string, error: string): Promise<boolean> {
      return await retryOnConflict(async () => {
        const [eventEntry, linkEntry] = await kv.getMany<[unknown, string]>([
          eventKey(eventId),
          byPaymentKey(pi),
        ]);
        if (eventEntry.value) return done(false);
        const op = kv.atomic().check(eventEntry)
          .set(eventKey(eventId), { type: "payment_intent.payment_failed", paymentIntentId: pi });
        if (linkEntry.value) {
          const { entry, record: r } = await reservations.read(linkEntry.value);
          if (r) {
            op.check(entry).set(reservationKey(linkEntry.value), {
              ...r,
              lastPaymentError: error.slice(0, 500),
            });
          }
        }
        return (await op.commit()).ok ? done(true) : conflict;
      });
    },

    /**
     * Deletes finished checkouts (released, or completed: the order is its own record) opened
     * before `before` (epoch ms), at most `limit` looked at per call, oldest first, from where
     * the last call stopped (a cursor in KV: each checkout is looked at once, so the work per
     * call stays bounded however many are kept). A checkout still open or committed is left
     * to the sweep. Answers how many were deleted.
     */
    async purgeFinished(before: number, limit: number): Promise<number> {
      const cursor = await kv.get<string>(PURGE_CURSOR_KEY);
      const iter = kv.list<unknown>({
        start: ["reservation", cursor.value ? `${cursor.value}\0` : ""],
        end: ["reservation", idFloor(before)],
      }, { limit });
      let last = cursor.value;
      let purged = 0;
      for await (const e of iter) {
        last = String(e.key[1]);
        const r = parse(e.value);
        if (r.status !== "released" && r.status !== "completed") continue;
        const op = kv.atomic().check(e).delete(e.key);
        if (r.paymentIntentId) op.delete(byPaymentKey(r.paymentIntentId));
        if ((await op.commit()).ok) purged++;
      }
      if (last !== cursor.value) {
        await kv.atomic().check(cursor).set(PURGE_CURSOR_KEY, last).commit();
      }
      return purged;
    },

    /**
     * Every checkout the sweep has to look at (open or committed), oldest expiry first; a
     * stale index entry (of a checkout finished since) is dropped on the way.
     */
    async *pending(): AsyncGenerator<Reservation> {
      for await (const e of kv.list<boolean>({ prefix: ["reservation_expiry"] })) {
        const r = await get(String(e.key[2]));
        if (r?.status === "active" || r?.status === "committed") yield r;
        else await kv.delete(e.key);
      }
    },
  };
}
