import {
  byAttention,
  type EinvoiceChannel,
  type EinvoiceTransmission,
  einvoiceTransmissionSchema,
  type NewTransmission,
  newTransmission,
  transmissionId,
  type TransmissionQuery,
} from "../domain/einvoice-transmission.ts";
import { nowIso } from "./atomic.ts";
import { readAll } from "./read-batch.ts";

/**
 * E-invoice transmissions (domain/einvoice-transmission.ts), one per channel and document:
 * the record, and indexes by order, by creation (the list's newest first), flagged ones (the
 * list's first rows) and by next attempt (the workers' queue).
 */
const txKey = (id: string) => ["einvoice_tx", id] as const;
const orderKey = (orderId: string, id: string) => ["einvoice_tx_order", orderId, id] as const;
const newestKey = (tx: EinvoiceTransmission) => ["einvoice_tx_new", tx.createdAt, tx.id] as const;
const flaggedKey = (id: string) => ["einvoice_tx_flagged", id] as const;
const dueKey = (at: string, id: string) => ["einvoice_tx_due", at, id] as const;

export type EinvoiceTransmissionStore = ReturnType<typeof createEinvoiceTransmissionStore>;

/** Adds the index entries a record's state calls for (flagged, due) to `op`. */
function indexState(op: Deno.AtomicOperation, tx: EinvoiceTransmission) {
  if (tx.flagged) op.set(flaggedKey(tx.id), true);
  else op.delete(flaggedKey(tx.id));
  if (tx.nextAttemptAt) op.set(dueKey(tx.nextAttemptAt, tx.id), true);
}

export function createEinvoiceTransmissionStore(kv: Deno.Kv) {
  const parse = (v: unknown) => einvoiceTransmissionSchema.parse(v);

  async function get(id: string): Promise<EinvoiceTransmission | null> {
    const e = await kv.get(txKey(id));
    return e.value ? parse(e.value) : null;
  }

  async function getMany(ids: string[]): Promise<EinvoiceTransmission[]> {
    const entries = await readAll(kv, ids.map(txKey));
    return entries.flatMap((e) => e.value ? [parse(e.value)] : []);
  }

  async function keysUnder(prefix: Deno.KvKey, limit?: number, reverse = false) {
    const ids: string[] = [];
    for await (const e of kv.list({ prefix }, { limit, reverse })) {
      ids.push(String(e.key[e.key.length - 1]));
    }
    return ids;
  }

  return {
    /**
     * Adds a new transmission's writes to `op`, so it is recorded in the same commit as the
     * document it carries. The commit fails if the document already has one on that channel.
     */
    add(op: Deno.AtomicOperation, input: NewTransmission, at = nowIso()): EinvoiceTransmission {
      const tx = newTransmission(input, at);
      op.check({ key: txKey(tx.id), versionstamp: null }).set(txKey(tx.id), tx)
        .set(newestKey(tx), true);
      if (tx.orderId) op.set(orderKey(tx.orderId, tx.id), true);
      indexState(op, tx);
      return tx;
    },

    /** The document's transmission on the channel, created if it has none yet. */
    async ensure(input: NewTransmission, at = nowIso()): Promise<EinvoiceTransmission> {
      for (;;) {
        const existing = await get(transmissionId(input.channel, input.documentNumber));
        if (existing) return existing;
        const op = kv.atomic();
        const tx = this.add(op, input, at);
        if ((await op.commit()).ok) return tx;
      }
    },

    get,

    find(channel: EinvoiceChannel, documentNumber: string) {
      return get(transmissionId(channel, documentNumber));
    },

    /** An order's transmissions, oldest first. */
    async byOrder(orderId: string): Promise<EinvoiceTransmission[]> {
      const txs = await getMany(await keysUnder(["einvoice_tx_order", orderId]));
      return txs.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    /** The E-invoices list: flagged first, then newest first; up to `limit`. */
    async list(q: Partial<TransmissionQuery> = {}): Promise<EinvoiceTransmission[]> {
      const limit = q.limit ?? 200;
      const keep = (tx: EinvoiceTransmission) =>
        (!q.channel || tx.channel === q.channel) &&
        (q.flagged === undefined || tx.flagged === q.flagged);
      if (q.orderId) return (await this.byOrder(q.orderId)).filter(keep).sort(byAttention);
      const flagged = q.flagged === false
        ? []
        : await getMany(await keysUnder(["einvoice_tx_flagged"]));
      const rest: EinvoiceTransmission[] = [];
      if (q.flagged !== true) {
        const seen = new Set(flagged.map((tx) => tx.id));
        for await (const e of kv.list({ prefix: ["einvoice_tx_new"] }, { reverse: true })) {
          const id = String(e.key[2]);
          if (seen.has(id)) continue;
          const tx = await get(id);
          if (tx && keep(tx)) rest.push(tx);
          if (flagged.length + rest.length >= limit) break;
        }
      }
      return [...flagged.filter(keep).sort(byAttention), ...rest].slice(0, limit);
    },

    /**
     * What the dashboard shows: how many records need staff, and the first `first` of them,
     * refused and rejected first.
     */
    async attention(first = 5): Promise<{ count: number; first: EinvoiceTransmission[] }> {
      const flagged = (await getMany(await keysUnder(["einvoice_tx_flagged"])))
        .filter((tx) => tx.flagged).sort(byAttention);
      return { count: flagged.length, first: flagged.slice(0, first) };
    },

    /** Transmissions whose next attempt is due at `now`, the most overdue first. */
    async due(now = nowIso(), limit = 20): Promise<EinvoiceTransmission[]> {
      const ids: string[] = [];
      const end = ["einvoice_tx_due", `${now}\uffff`];
      for await (const e of kv.list({ prefix: ["einvoice_tx_due"], end }, { limit })) {
        ids.push(String(e.key[2]));
      }
      return getMany(ids);
    },

    /**
     * Takes a due transmission for `ttlMs`: its next attempt moves past the lease, so another
     * instance does not take it meanwhile (and takes it again if this one dies). Null when it is
     * not due or another instance took it first.
     */
    async lease(id: string, ttlMs: number, now = new Date()): Promise<EinvoiceTransmission | null> {
      const e = await kv.get(txKey(id));
      if (!e.value) return null;
      const tx = parse(e.value);
      if (tx.settled || !tx.nextAttemptAt || tx.nextAttemptAt > now.toISOString()) return null;
      const leased = { ...tx, nextAttemptAt: new Date(now.getTime() + ttlMs).toISOString() };
      const op = kv.atomic().check(e).set(txKey(id), leased)
        .delete(dueKey(tx.nextAttemptAt, id));
      indexState(op, leased);
      return (await op.commit()).ok ? leased : null;
    },

    /**
     * Changes a record outside the due queue (a channel that sends from its own queue, the
     * platform's): read, changed and written checked, again when another write came first.
     * `change` answers null to leave it as it is.
     */
    async update(
      id: string,
      change: (tx: EinvoiceTransmission) => EinvoiceTransmission | null,
    ): Promise<EinvoiceTransmission | null> {
      for (;;) {
        const e = await kv.get(txKey(id));
        if (!e.value) return null;
        const current = parse(e.value);
        const next = change(current);
        if (!next) return current;
        const valid = einvoiceTransmissionSchema.parse(next);
        const op = kv.atomic().check(e).set(txKey(id), valid);
        if (current.nextAttemptAt) op.delete(dueKey(current.nextAttemptAt, id));
        indexState(op, valid);
        if ((await op.commit()).ok) return valid;
      }
    },

    /**
     * Saves the outcome of a leased attempt. False (nothing written) when the record changed
     * since the lease: the lease ran out and another instance took it.
     */
    async save(leased: EinvoiceTransmission, next: EinvoiceTransmission): Promise<boolean> {
      const e = await kv.get(txKey(leased.id));
      if (!e.value) return false;
      const current = parse(e.value);
      if (
        current.nextAttemptAt !== leased.nextAttemptAt || current.updatedAt !== leased.updatedAt
      ) return false;
      const valid = einvoiceTransmissionSchema.parse(next);
      const op = kv.atomic().check(e).set(txKey(valid.id), valid);
      if (current.nextAttemptAt) op.delete(dueKey(current.nextAttemptAt, current.id));
      indexState(op, valid);
      return (await op.commit()).ok;
    },
  };
}
