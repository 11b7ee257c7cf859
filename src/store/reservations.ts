import { DomainError, UnprocessableError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import type { NewOrder, Order } from "../domain/order.ts";
import { type Product, productSchema } from "../domain/product.ts";
import {
  activeHolds,
  heldQuantity,
  nextExpiry,
  type Reservation,
  reservationSchema,
  type StockHolds,
  stockHoldsSchema,
} from "../domain/reservation.ts";
import { conflict, done, type ReadOptions, retryOnConflict } from "./atomic.ts";
import type { OrderStore } from "./orders.ts";
import { CATALOG_VERSION_KEY } from "./products.ts";

const reservationKey = (id: string) => ["reservation", id] as const;
const byPaymentKey = (pi: string) => ["reservation_by_payment", pi] as const;
const expiryKey = (r: Pick<Reservation, "expiresAt" | "id">) =>
  ["reservation_expiry", r.expiresAt, r.id] as const;
const holdsKey = (productId: string) => ["stock_holds", productId] as const;
const productKey = (id: string) => ["product", id] as const;
const eventKey = (eventId: string) => ["payment_event", eventId] as const;
const orderByPaymentKey = (pi: string) => ["order_by_payment", pi] as const;
const holderKey = (kind: "address" | "email", who: string) =>
  ["reservation_by_holder", kind, who] as const;

/** Active reservations one client address, or one buyer email, may hold at once. */
export const MAX_HOLDS_PER_HOLDER = 3;
export const TOO_MANY_HOLDS_MESSAGE =
  "You already have too many checkouts in progress. Complete one, or wait for it to expire (30 minutes), before starting another.";

/** Who asks for a reservation: the client address the server saw and the buyer's email. */
export interface Holder {
  address: string;
  email: string;
}

/** A holder's reservations by id, with their expiry (epoch ms). */
type HolderIndex = Record<string, number>;

/** Active holds per product; keeps the per-product value far below KV's 64 KiB limit. */
export const MAX_HOLDS_PER_PRODUCT = 500;

export type CompleteResult =
  | { kind: "created"; order: Order }
  | { kind: "existing"; order: Order | null }
  | { kind: "unknown" };

export type ReservationStore = ReturnType<typeof createReservationStore>;

/**
 * Stock reservations. A product's available stock is its `stock` minus the unexpired holds in
 * its ["stock_holds", productId] value. Every change to a product's holds checks the versionstamp
 * of that value and of the product record, so reserving, completing and releasing serialise per
 * product and exactly one of two racing changes commits; the loser re-reads and decides again.
 * Stock itself is only decremented when a reservation becomes an order.
 */
export function createReservationStore(kv: Deno.Kv, orders: OrderStore) {
  const parse = (v: unknown) => reservationSchema.parse(v);
  const parseHolds = (v: unknown): StockHolds => (v ? stockHoldsSchema.parse(v) : {});

  async function readLines(productIds: string[]) {
    const keys = productIds.flatMap((id) => [productKey(id), holdsKey(id)]);
    const entries = await kv.getMany(keys);
    return productIds.map((id, i) => {
      const product = entries[2 * i] as Deno.KvEntryMaybe<Product>;
      const holds = entries[2 * i + 1];
      return {
        id,
        productEntry: product,
        product: product.value ? productSchema.parse(product.value) : null,
        holdsEntry: holds,
        holds: parseHolds(holds.value),
      };
    });
  }

  async function get(id: string): Promise<Reservation | null> {
    const e = await kv.get(reservationKey(id));
    return e.value ? parse(e.value) : null;
  }

  /**
   * Drops a reservation's holds and marks it released; a no-op (null) once it is not active.
   * Answers the reservation it released, so its payment intent can be canceled.
   */
  async function releaseReservation(id: string): Promise<Reservation | null> {
    return await retryOnConflict(async () => {
      const entry = await kv.get(reservationKey(id));
      if (!entry.value) return done(null);
      const r = parse(entry.value);
      if (r.status !== "active") return done(null);
      const now = Date.now();
      const lines = await readLines(r.items.map((l) => l.id));
      const op = kv.atomic().check(entry)
        .set(reservationKey(id), { ...r, status: "released" })
        .delete(expiryKey(r))
        .set(CATALOG_VERSION_KEY, newId());
      for (const line of lines) {
        const { [id]: _mine, ...others } = activeHolds(line.holds, now);
        op.check(line.holdsEntry).set(holdsKey(line.id), others);
      }
      return (await op.commit()).ok ? done(r) : conflict;
    });
  }

  /** The holder's index entries, pruned to the reservations still active and unexpired. */
  async function activeOfHolder(holder: Holder, now: number) {
    const entries = await kv.getMany<[HolderIndex, HolderIndex]>([
      holderKey("address", holder.address),
      holderKey("email", holder.email.toLowerCase()),
    ]);
    const ids = [...new Set(entries.flatMap((e) => Object.keys(e.value ?? {})))];
    const found = ids.length ? await kv.getMany(ids.map(reservationKey)) : [];
    const active = new Set(
      found.map((e) => (e.value ? parse(e.value) : null))
        .filter((r) => r && r.status === "active" && r.expiresAt > now)
        .map((r) => r!.id),
    );
    const prune = (index: HolderIndex | null) =>
      Object.fromEntries(Object.entries(index ?? {}).filter(([id]) => active.has(id)));
    return {
      entries,
      address: prune(entries[0].value),
      email: prune(entries[1].value),
    };
  }

  return {
    get,
    release: async (id: string) => (await releaseReservation(id)) !== null,
    releaseReservation,

    /** The holder's own active reservations: the same client address AND the same email. */
    async ownActive(holder: Holder): Promise<string[]> {
      const { address, email } = await activeOfHolder(holder, Date.now());
      return Object.keys(address).filter((id) => id in email);
    },

    async byPaymentIntent(pi: string): Promise<Reservation | null> {
      const id = await kv.get<string>(byPaymentKey(pi));
      return id.value ? await get(id.value) : null;
    },

    /**
     * Holds the stock of every line in one atomic commit, or nothing: the first line short of
     * stock refuses the whole reservation with 'Not enough stock for {name}'. Expired holds are
     * pruned from each value this touches. With a `holder`, refuses (429) a client address or
     * an email that already holds MAX_HOLDS_PER_HOLDER active reservations, counted in KV in
     * the same commit so every instance counts together.
     */
    async reserve(reservation: Reservation, holder?: Holder): Promise<Reservation> {
      const r = reservationSchema.parse(reservation);
      return await retryOnConflict(async () => {
        const now = Date.now();
        const lines = await readLines(r.items.map((l) => l.id));
        const op = kv.atomic()
          .check({ key: reservationKey(r.id), versionstamp: null })
          .set(reservationKey(r.id), r)
          .set(expiryKey(r), true)
          .set(CATALOG_VERSION_KEY, newId());
        if (holder) {
          const held = await activeOfHolder(holder, now);
          const count = Math.max(Object.keys(held.address).length, Object.keys(held.email).length);
          if (count >= MAX_HOLDS_PER_HOLDER) {
            throw new DomainError(429, "too_many_reservations", TOO_MANY_HOLDS_MESSAGE);
          }
          // The index outlives its newest hold by a minute, then KV drops it on its own.
          const expireIn = Math.max(r.expiresAt - now, 0) + 60_000;
          op.check(...held.entries)
            .set(
              holderKey("address", holder.address),
              { ...held.address, [r.id]: r.expiresAt },
              { expireIn },
            )
            .set(holderKey("email", holder.email.toLowerCase()), {
              ...held.email,
              [r.id]: r.expiresAt,
            }, { expireIn });
        }
        for (const line of lines) {
          const wanted = r.items.find((l) => l.id === line.id)!.quantity;
          if (!line.product || !line.product.isActive) {
            throw new UnprocessableError("unknown_product", `Unknown product: ${line.id}`);
          }
          const holds = activeHolds(line.holds, now);
          const available = line.product.stock - heldQuantity(holds, now);
          if (wanted > available) {
            throw new UnprocessableError(
              "not_enough_stock",
              `Not enough stock for ${line.product.name}` +
                (available > 0 ? ` (${available} available)` : ""),
            );
          }
          if (Object.keys(holds).length >= MAX_HOLDS_PER_PRODUCT) {
            throw new UnprocessableError(
              "too_many_checkouts",
              `Too many checkouts of ${line.product.name} are in progress; please try again in a few minutes.`,
            );
          }
          holds[r.id] = { quantity: wanted, expiresAt: r.expiresAt };
          op.check(line.productEntry, line.holdsEntry).set(holdsKey(line.id), holds);
        }
        return (await op.commit()).ok ? done(r) : conflict;
      });
    },

    /** Attaches the payment intent created for a reservation (a payment id is used once). */
    async link(id: string, paymentIntentId: string): Promise<Reservation> {
      return await retryOnConflict(async () => {
        const entry = await kv.get(reservationKey(id));
        if (!entry.value) throw new Error(`reservation ${id} vanished`);
        const next = { ...parse(entry.value), paymentIntentId };
        const res = await kv.atomic().check(entry)
          .check({ key: byPaymentKey(paymentIntentId), versionstamp: null })
          .set(reservationKey(id), next)
          .set(byPaymentKey(paymentIntentId), id)
          .commit();
        return res.ok ? done(next) : conflict;
      });
    },

    /**
     * The one "complete order" step, keyed by the payment intent id; idempotent. In ONE atomic
     * commit: the order (number from the checked counter, unique per payment), the stock taken,
     * the reservation consumed, the payment event id, and whatever `addToCommit` adds (mails).
     * While the reservation's holds still count they become the order; once expired or
     * released, the order takes free stock if there is enough, else it is flagged for refund.
     */
    async complete(args: {
      paymentIntentId: string;
      /** From the intent's metadata, in case the link write was lost. */
      reservationId?: string;
      eventId?: string;
      buildOrder: (r: Reservation, needsRefund: boolean) => NewOrder;
      addToCommit?: (op: Deno.AtomicOperation, order: Order) => void;
    }): Promise<CompleteResult> {
      const { paymentIntentId: pi, eventId } = args;
      return await retryOnConflict<CompleteResult>(async () => {
        const [orderIdEntry, linkEntry, eventEntry] = await kv.getMany<[string, string, unknown]>([
          orderByPaymentKey(pi),
          byPaymentKey(pi),
          // Without an event (the confirm call) this reads a key that never exists.
          eventKey(eventId ?? ""),
        ]);
        if (eventId && eventEntry.value) {
          return done({ kind: "existing", order: await orders.getByPaymentIntent(pi) });
        }
        if (orderIdEntry.value) {
          const order = await orders.get(orderIdEntry.value);
          if (eventId) {
            const res = await kv.atomic().check(eventEntry)
              .set(eventKey(eventId), { type: "payment_intent.succeeded", paymentIntentId: pi })
              .commit();
            if (!res.ok) return conflict;
          }
          return done({ kind: "existing", order });
        }
        const reservationId = linkEntry.value ?? args.reservationId;
        if (!reservationId) return done({ kind: "unknown" });
        const entry = await kv.get(reservationKey(reservationId));
        if (!entry.value) return done({ kind: "unknown" });
        const r = parse(entry.value);
        if (r.paymentIntentId && r.paymentIntentId !== pi) return done({ kind: "unknown" });
        // Completed since the first read (a racing completion) or earlier; without an order
        // now, staff deleted it: do not bring it back.
        if (r.status === "completed") {
          return done({ kind: "existing", order: await orders.getByPaymentIntent(pi) });
        }

        const now = Date.now();
        const lines = await readLines(r.items.map((l) => l.id));
        const wanted = (id: string) => r.items.find((l) => l.id === id)!.quantity;
        const stillHeld = r.status === "active" &&
          lines.every((l) => (l.holds[r.id]?.expiresAt ?? 0) > now);
        const fits = lines.every((l) => {
          if (!l.product) return false;
          const others = heldQuantity(l.holds, now, r.id);
          return stillHeld
            ? l.product.stock - wanted(l.id) >= 0
            : l.product.stock - others - wanted(l.id) >= 0;
        });

        const { order, apply } = await orders.prepare(args.buildOrder(r, !fits));
        const op = kv.atomic();
        await apply(op);
        op.check(entry)
          .set(reservationKey(r.id), {
            ...r,
            status: "completed",
            paymentIntentId: pi,
            orderId: order.id,
          })
          .delete(expiryKey(r))
          .set(CATALOG_VERSION_KEY, newId());
        for (const l of lines) {
          const { [r.id]: _consumed, ...others } = activeHolds(l.holds, now);
          op.check(l.productEntry, l.holdsEntry).set(holdsKey(l.id), others);
          if (fits && l.product) {
            op.set(productKey(l.id), {
              ...l.product,
              stock: l.product.stock - wanted(l.id),
              updatedAt: order.createdAt,
            });
          }
        }
        if (eventId) {
          op.check(eventEntry).set(eventKey(eventId), {
            type: "payment_intent.succeeded",
            paymentIntentId: pi,
          });
        }
        args.addToCommit?.(op, order);
        return (await op.commit()).ok ? done({ kind: "created", order }) : conflict;
      });
    },

    /**
     * Records a failed payment attempt (the customer may try again on the same intent while
     * the reservation holds). The event id is recorded in the same commit; a redelivery is a
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
          const entry = await kv.get(reservationKey(linkEntry.value));
          if (entry.value) {
            op.check(entry).set(reservationKey(linkEntry.value), {
              ...parse(entry.value),
              lastPaymentError: error.slice(0, 500),
            });
          }
        }
        return (await op.commit()).ok ? done(true) : conflict;
      });
    },

    /** Whether a payment event id was already processed. */
    async eventSeen(eventId: string): Promise<boolean> {
      return (await kv.get(eventKey(eventId))).value !== null;
    },

    /**
     * Tidy-up: releases reservations whose expiry has passed (they already stopped counting;
     * this only clears their holds and marks them released). Returns how many it released.
     */
    async releaseExpired(
      now = Date.now(),
      onReleased: (r: Reservation) => Promise<void> = async () => {},
    ): Promise<number> {
      let released = 0;
      const iter = kv.list<boolean>({
        start: ["reservation_expiry"],
        end: ["reservation_expiry", now],
      });
      for await (const e of iter) {
        const r = await releaseReservation(String(e.key[2]));
        if (r) {
          released++;
          await onReleased(r);
        } else await kv.delete(e.key);
      }
      return released;
    },

    /** Every reservation still active (expired ones included until released), oldest expiry first. */
    async *active(): AsyncGenerator<Reservation> {
      for await (const e of kv.list<boolean>({ prefix: ["reservation_expiry"] })) {
        const r = await get(String(e.key[2]));
        if (r?.status === "active") yield r;
      }
    },

    /** Units held per product right now, and when the next of those holds expires. */
    async held(
      now = Date.now(),
      options?: ReadOptions,
    ): Promise<{ byProduct: Map<string, number>; nextExpiry: number }> {
      const byProduct = new Map<string, number>();
      let next = Infinity;
      for await (const e of kv.list({ prefix: ["stock_holds"] }, options)) {
        const holds = parseHolds(e.value);
        byProduct.set(String(e.key[1]), heldQuantity(holds, now));
        next = Math.min(next, nextExpiry(holds, now));
      }
      return { byProduct, nextExpiry: next };
    },
  };
}
