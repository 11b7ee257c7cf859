import { type OpenAccount, openAccountOf, openAccountSchema } from "../domain/reconciliation.ts";
import { orderSchema } from "../domain/order.ts";
import type { OrderWriteHook } from "./orders.ts";

/**
 * The index of orders on account that bank reconciliation matches credits against, so an import
 * reads what each credit names instead of every order. Kept by an `OrderWriteHook`: the commit
 * that creates, pays, cancels, refunds or deletes an order moves its entries, or nothing is
 * written. Each entry's value is the order as matching sees it (domain/reconciliation.ts).
 * - by RF reference, every order on account not cancelled (a paid one too: a credit quoting it
 *   is flagged as over), the order's id last (ULIDs: the oldest first);
 * - by what is due, the ones still owing: the fallback match by amount and payer.
 */
const referenceKey = (a: OpenAccount) => ["account_by_reference", a.reference, a.orderId];
const dueKey = (a: OpenAccount) => ["account_by_due", a.dueCents, a.orderId];

/** 1: the index written for orders on account stored before it existed (`ensureBuilt`). */
const INDEX_VERSION = 1;
const INDEX_VERSION_KEY = ["meta", "open_account_index_version"] as const;

function entriesOf(a: OpenAccount | null): Map<string, [Deno.KvKey, OpenAccount]> {
  const keys = a ? [referenceKey(a), ...(a.dueCents > 0 ? [dueKey(a)] : [])] : [];
  return new Map(keys.map((k) => [JSON.stringify(k), [k, a!]]));
}

export type OpenAccountStore = ReturnType<typeof createOpenAccountStore>;

export function createOpenAccountStore(kv: Deno.Kv) {
  /** Moves an order's entries from what it was to what it is, in the order's commit. */
  function move(op: Deno.AtomicOperation, was: OpenAccount | null, is: OpenAccount | null) {
    if (JSON.stringify(was) === JSON.stringify(is)) return;
    const old = entriesOf(was);
    for (const [text, [key, value]] of entriesOf(is)) {
      old.delete(text);
      op.set(key, value);
    }
    for (const [key] of old.values()) op.delete(key);
  }

  const hook: OrderWriteHook = (op, before, after) => {
    move(op, before && openAccountOf(before), after && openAccountOf(after));
    return Promise.resolve();
  };

  async function values(prefix: Deno.KvKey, limit?: number): Promise<OpenAccount[]> {
    const found: OpenAccount[] = [];
    for await (const e of kv.list({ prefix }, { limit })) {
      found.push(openAccountSchema.parse(e.value));
    }
    return found;
  }

  return {
    hook,

    /** The order on account of an RF reference (the oldest if two share it), or null. */
    async byReference(reference: string): Promise<OpenAccount | null> {
      return (await values(["account_by_reference", reference], 1))[0] ?? null;
    },

    /** The orders on account that owe exactly `cents`. */
    async owing(cents: number): Promise<OpenAccount[]> {
      return await values(["account_by_due", cents]);
    },

    /** Every entry of the index, by reference then by amount (for checks and tests). */
    async all(): Promise<{ byReference: OpenAccount[]; owing: OpenAccount[] }> {
      return {
        byReference: await values(["account_by_reference"]),
        owing: await values(["account_by_due"]),
      };
    },

    /**
     * Indexes the orders on account stored before the index existed; runs once per version.
     * Each order's entries are written checked against the order: one written meanwhile was
     * indexed by its own commit, and is left to it.
     */
    async ensureBuilt(): Promise<number> {
      const marker = await kv.get<number>(INDEX_VERSION_KEY);
      if ((marker.value ?? 0) >= INDEX_VERSION) return 0;
      let n = 0;
      for await (const e of kv.list({ prefix: ["order"] })) {
        const account = openAccountOf(orderSchema.parse(e.value));
        if (!account) continue;
        const op = kv.atomic().check(e);
        move(op, null, account);
        await op.commit();
        n++;
      }
      await kv.set(INDEX_VERSION_KEY, INDEX_VERSION);
      return n;
    },
  };
}
