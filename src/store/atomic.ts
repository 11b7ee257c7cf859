import { StoreBusyError } from "../domain/errors.ts";
import { GroupedAtomic } from "./group-commit.ts";
import { readAll } from "./read-batch.ts";

/** How many times an optimistic (versionstamp-checked) write is retried on conflict. */
const MAX_ATTEMPTS = 50;

export type Attempt<T> = { ok: true; value: T } | { ok: false };
/** The attempt is finished with this value. */
export const done = <T>(value: T): Attempt<T> => ({ ok: true, value });
/** The commit lost a race: read again and retry. */
export const conflict: Attempt<never> = { ok: false };

/**
 * Runs `attempt` until it commits. `attempt` reads, builds one atomic operation and returns
 * `commit()`'s result (or a value of its own when it decided not to write). A busy store is
 * retried below this, in the KV itself (store/kv.ts).
 */
export async function retryOnConflict<T>(
  attempt: () => Promise<Attempt<T>>,
  maxAttempts = MAX_ATTEMPTS,
): Promise<T> {
  for (let i = 0; i < maxAttempts; i++) {
    const result = await attempt();
    if (result.ok) return result.value;
    // Back off a little, with jitter, so concurrent writers do not collide in lockstep.
    await new Promise((r) => setTimeout(r, Math.random() * Math.min(2 ** i, 50)));
  }
  // A transient state (a crowd on one value): the client may repeat the request.
  throw new StoreBusyError();
}

/**
 * How fresh a read must be. Strong (every store's default) reads the latest commit: on Deno
 * Deploy that is a round trip to the primary region. Eventual may answer from a nearby replica,
 * up to about a second behind; a local KV file is always strong. Only reads shown to visitors
 * that decide nothing pass it (the catalogue, the fees a cart shows): docs/operating.md,
 * "Reads and consistency".
 */
export interface ReadOptions {
  consistency?: Deno.KvConsistencyLevel;
}

/** Lists every value under a prefix. */
export async function listValues<T>(
  kv: Deno.Kv,
  prefix: Deno.KvKey,
  parse: (v: unknown) => T,
  options: ReadOptions = {},
) {
  const out: T[] = [];
  for await (const entry of kv.list({ prefix }, options)) out.push(parse(entry.value));
  return out;
}

export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * Reads `keys` as committing `op` would leave them: a key `op` already writes reads as written
 * (null once deleted), with the versionstamp the KV holds before the commit (the one `op`
 * checks, if it checks it); a key the operation `op` is staged after writes (its commit under
 * way) as that one leaves it; any other key from the KV. The reads of a write that joins others
 * in one operation (orders staged together, store/order-steps.ts) see the writes before it,
 * and checking what it read stays right. Without such an operation, a plain `getMany`.
 */
export async function readThrough<T extends readonly unknown[]>(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  keys: readonly Deno.KvKey[],
): Promise<{ [K in keyof T]: Deno.KvEntryMaybe<T[K]> }> {
  type Entries = { [K in keyof T]: Deno.KvEntryMaybe<T[K]> };
  // An operation that writes nothing yet, on no other's writes, has nothing to read back.
  const grouped = op instanceof GroupedAtomic && (op.mutations.length || op.onBase) ? op : null;
  const entries: Deno.KvEntryMaybe<unknown>[] = new Array(keys.length);
  /**
   * Where the KV must answer: the keys neither `op` nor the operation committing before it
   * writes, and those `op` writes unchecked.
   */
  const fromKv: number[] = [];
  keys.forEach((key, i) => {
    const written = grouped?.written(key);
    const checked = grouped?.checkedAt(key);
    if (written && checked !== undefined) {
      entries[i] = { key, value: written.value, versionstamp: checked } as Deno.KvEntryMaybe<
        unknown
      >;
      return;
    }
    // Committed or not yet, the KV's answer for such a key could be either side of that
    // commit: what it leaves is known.
    const before = grouped?.before(key);
    if (!before) fromKv.push(i);
    else if (!written) entries[i] = before;
    else {
      entries[i] = {
        key,
        value: written.value,
        versionstamp: before.versionstamp,
      } as Deno.KvEntryMaybe<unknown>;
    }
  });
  (await readAll(kv, fromKv.map((at) => keys[at]))).forEach((entry, n) => {
    const at = fromKv[n];
    const written = grouped?.written(keys[at]);
    entries[at] = written
      ? { ...entry, value: written.value } as Deno.KvEntryMaybe<unknown>
      : entry;
  });
  return entries as unknown as Entries;
}
