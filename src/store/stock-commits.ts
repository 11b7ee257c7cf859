import { COMMIT_GRACE_MS } from "../domain/checkout.ts";
import { newId } from "../domain/ids.ts";
import { type Product, productSchema } from "../domain/product.ts";
import type { Reservation } from "../domain/reservation.ts";
import { type Attempt, conflict, done, nowIso, retryOnConflict } from "./atomic.ts";
import { CATALOG_VERSION_KEY } from "./products.ts";
import { readAll } from "./read-batch.ts";

/** What committing an authorized checkout's stock came to. */
export type CommitOutcome =
  /**
   * `entry`: the checkout as this commit wrote it, when it did (its order's commit checks
   * against it instead of reading it again).
   */
  | { kind: "committed"; reservation: Reservation; entry?: Deno.KvEntry<Reservation> }
  /**
   * Nothing written: the authorization is to be canceled, the buyer is not charged. `entry`:
   * the checkout as the batch read it (its release checks against it instead of reading again).
   */
  | {
    kind: "no_stock";
    reservation: Reservation;
    productName: string;
    entry: Deno.KvEntryMaybe<Reservation>;
  }
  /** Released, or authorized too long after the checkout ended: not to be charged. */
  | { kind: "closed"; reservation: Reservation }
  | { kind: "unknown" };

interface Job {
  id: string;
  resolve: (outcome: CommitOutcome) => void;
  reject: (err: unknown) => void;
}

/** KV's limit of checks per atomic commit (one per checkout granted, one per product). */
const MAX_CHECKS = 100;
/** Tries of one batch (each after a conflict) before its buyers get a 503. */
const BATCH_ATTEMPTS = 200;

/** A checkout that is no longer open, as a commit outcome. */
export function outcomeOf(r: Reservation): CommitOutcome {
  return r.status === "committed" || r.status === "completed"
    ? { kind: "committed", reservation: r }
    : { kind: "closed", reservation: r };
}

/**
 * Group commit of stock, per product set, in this instance. A launch puts hundreds of buyers
 * on one product's stock value; one checked commit per buyer would make them fail against
 * each other (one winner per round). Instead the commits waiting for the same products queue
 * here, and one batch at a time reads the stock once, grants in arrival order what fits, and
 * writes ONE checked commit with every granted checkout; a conflict (another instance, a
 * staff edit) retries the batch. Stock never goes below zero: the batch's commit checks each
 * product it changes.
 */
export function createStockCommitter(kv: Deno.Kv) {
  const lanes = new Map<string, Job[]>();

  // A store busy past kv.ts's bound answers the batch's buyers 503 (the sweep finishes their
  // checkouts): retrying it as a conflict made them wait as long as the lock was held.
  function commitBatch(ids: string[], batch: Job[]): Promise<CommitOutcome[]> {
    return retryOnConflict(() => attemptBatch(ids, batch), BATCH_ATTEMPTS);
  }

  async function attemptBatch(ids: string[], batch: Job[]): Promise<Attempt<CommitOutcome[]>> {
    const [records, productEntries] = await Promise.all([
      readAll<Reservation>(kv, batch.map((j) => ["reservation", j.id])),
      readAll<Product>(kv, ids.map((id) => ["product", id])),
    ]);
    const products = productEntries.map((e) => e.value ? productSchema.parse(e.value) : null);
    const left = new Map(ids.map((id, i) => [id, products[i]?.stock ?? 0]));
    const now = Date.now();
    const op = kv.atomic();
    /** The checkouts this batch commits (others were committed before). */
    const wrote = new Set<string>();
    // One checkout settled twice at once (the confirm call beside the webhook or the sweep)
    // can sit twice in a batch: both read it open, so each would take its units again.
    const decided = new Map<string, CommitOutcome>();
    const outcomes = batch.map((job, i): CommitOutcome => {
      const again = decided.get(job.id);
      if (again) return again;
      const outcome = decide(records[i]);
      decided.set(job.id, outcome);
      return outcome;
    });
    function decide(entry: Deno.KvEntryMaybe<Reservation>): CommitOutcome {
      // Written by the reservation store only, typed: read as written (reservations.ts).
      const r = entry.value;
      if (!r) return { kind: "unknown" };
      if (r.status !== "active") return outcomeOf(r);
      if (now > r.expiresAt + COMMIT_GRACE_MS) return { kind: "closed", reservation: r };
      const short = r.items.find((l) => left.get(l.id)! < l.quantity);
      if (short) {
        const name = products[ids.indexOf(short.id)]?.name ?? short.title;
        return { kind: "no_stock", reservation: r, productName: name, entry };
      }
      for (const l of r.items) left.set(l.id, left.get(l.id)! - l.quantity);
      const next: Reservation = { ...r, status: "committed" };
      op.check(entry).set(["reservation", r.id], next);
      wrote.add(r.id);
      return { kind: "committed", reservation: next };
    }
    if (wrote.size === 0) return done(outcomes);
    ids.forEach((id, i) => {
      const p = products[i];
      if (!p || left.get(id) === p.stock) return;
      op.check(productEntries[i]).set(["product", id], {
        ...p,
        stock: left.get(id),
        updatedAt: nowIso(),
      });
    });
    op.set(CATALOG_VERSION_KEY, newId());
    const res = await op.commit();
    if (!res.ok) return conflict;
    for (const [id, o] of decided) {
      if (o.kind === "committed" && wrote.has(id)) {
        o.entry = {
          key: ["reservation", id],
          value: o.reservation,
          versionstamp: res.versionstamp,
        };
      }
    }
    return done(outcomes);
  }

  async function drain(lane: string, ids: string[]) {
    const waiting = lanes.get(lane)!;
    while (waiting.length) {
      const batch = waiting.splice(0, Math.max(1, MAX_CHECKS - ids.length));
      try {
        const outcomes = await commitBatch(ids, batch);
        batch.forEach((job, i) => job.resolve(outcomes[i]));
      } catch (err) {
        for (const job of batch) job.reject(err);
      }
    }
    lanes.delete(lane);
  }

  return {
    outcomeOf,

    /** Queues an open checkout's stock commit with the others for the same products. */
    submit(r: Reservation): Promise<CommitOutcome> {
      const ids = [...new Set(r.items.map((l) => l.id))].sort();
      const lane = ids.join("\n");
      return new Promise((resolve, reject) => {
        const waiting = lanes.get(lane);
        if (waiting) {
          waiting.push({ id: r.id, resolve, reject });
          return;
        }
        lanes.set(lane, [{ id: r.id, resolve, reject }]);
        drain(lane, ids);
      });
    },
  };
}
