/**
 * Group commit: the atomic operations that wait while a commit is under way go together in the
 * next one. A KV file takes one write at a time, and each costs about as much whatever its size
 * (about 5,000 small commits a second here; two processes on one file also take turns at its
 * lock for every commit): a launch crowd's rate-limit claims, checkouts and orders were each a
 * commit of their own. Now a commit carries up to `MAX_OPS` of them.
 *
 * Meaning is kept:
 * - Operations go together only when no key one of them writes is checked or written by another,
 *   so the combined commit is the same as committing them one after the other.
 * - A combined commit fails as a whole when one check fails: the group is split in halves and
 *   tried again, down to single operations, so an operation is told `ok: false` only by a commit
 *   of its own, exactly as without grouping. A combined commit that throws (the KV's size
 *   limits) is split the same way: only an operation that throws alone throws.
 * - Every operation of a combined commit gets its versionstamp (nothing here reads it back).
 *
 * A busy store (another process holding the file's write lock) is waited for up to `waitMs`
 * from the moment an operation is submitted, however it is grouped: a combined commit carries
 * the earliest deadline of its operations, its halves the same one, and a commit that runs out
 * of it rejects its whole group with `StoreBusyError` (a 503) instead of splitting (each half
 * started a new 10 s wait, and 7 grouped writes waited as long as the lock was held). An
 * operation whose deadline passes while it is queued and the store refuses writes is rejected
 * then. So every write is answered within its bound plus the one store attempt under way (at
 * most 5 s: SQLite's own wait for the lock). A queue that is merely long is not a busy store:
 * its operations wait their turn.
 */
import { toHex } from "../domain/hex.ts";
import { StoreBusyError } from "../domain/errors.ts";

/** Operations per combined commit; the KV allows 100 checks and 1,000 mutations in one. */
const MAX_OPS = 32;
const MAX_CHECKS = 100;
const MAX_MUTATIONS = 1000;
/** The most queued operations one group looks at (those passed over wait for the next). */
const MAX_SCAN = 4 * MAX_OPS;

type CommitResult = Deno.KvCommitResult | Deno.KvCommitError;

/** Operations staged after another so far: each one's versionstamp stand-in is its own. */
let stagedAfter = 0;

/**
 * One caller's atomic operation, recorded so it can be replayed into a combined one, and read
 * back (`written`, `checkedAt`): several orders staged in one operation read what the earlier
 * ones wrote (store/atomic.ts, `readThrough`).
 */
export class GroupedAtomic {
  readonly checks: Deno.AtomicCheck[] = [];
  readonly mutations: Deno.KvMutation[] = [];
  readonly enqueues: [unknown, Parameters<Deno.AtomicOperation["enqueue"]>[1]][] = [];
  /**
   * The checked versionstamps (each key's first check) and each written key's last mutation,
   * by `keyId`: made on the first read back (only orders staged together read back), then kept.
   */
  #index?: WriteIndex & { checkedAt: Map<string, string | null> };
  /**
   * The operation whose commit is under way while this one is staged (`after`), and the
   * stand-in for the versionstamp that commit will give the keys it writes.
   */
  #base?: { op: GroupedAtomic; versionstamp: string };
  readonly #submit: (op: GroupedAtomic) => Promise<CommitResult>;

  constructor(submit: (op: GroupedAtomic) => Promise<CommitResult>) {
    this.#submit = submit;
  }

  check(...checks: Deno.AtomicCheck[]): this {
    const index = this.#index;
    if (!index) {
      this.checks.push(...checks);
      return this;
    }
    for (const check of checks) {
      const id = keyId(check.key);
      if (index.checkedAt.has(id)) {
        // An entry read back through this operation is checked again as it was read: once is
        // enough (the KV takes 100 checks a commit).
        if (index.checkedAt.get(id) === check.versionstamp) continue;
      } else index.checkedAt.set(id, check.versionstamp);
      this.checks.push(check);
    }
    return this;
  }

  mutate(...mutations: Deno.KvMutation[]): this {
    this.mutations.push(...mutations);
    const index = this.#index;
    if (index) { for (const m of mutations) recordWrite(index, m); }
    return this;
  }

  #indexed() {
    if (!this.#index) {
      const checkedAt = new Map<string, string | null>();
      for (const c of this.checks) {
        const id = keyId(c.key);
        if (!checkedAt.has(id)) checkedAt.set(id, c.versionstamp);
      }
      const index = {
        checkedAt,
        lastWrite: new Map<string, Deno.KvMutation>(),
        overwritten: new Set<Deno.KvMutation>(),
      };
      for (const m of this.mutations) recordWrite(index, m);
      this.#index = index;
    }
    return this.#index;
  }

  /**
   * What committing this operation leaves at `key`: `{ value }` (null once deleted) when it
   * writes the key, undefined when it does not.
   */
  written(key: Deno.KvKey): { value: unknown } | undefined {
    const last = this.#indexed().lastWrite.get(keyId(key));
    return last && { value: valueLeft(last) };
  }

  /**
   * Stages this operation on top of `base`, whose commit is under way: a key `base` writes
   * reads as `base` leaves it (`before`), checked against the versionstamp its commit will
   * give it, filled in by `baseCommitted` before this operation may commit. Orders staged while
   * the ones before them commit read the counter and the figures those leave.
   */
  after(base: GroupedAtomic): this {
    this.#base = { op: base, versionstamp: `after ${++stagedAfter}` };
    return this;
  }

  /**
   * What the operation this one is staged after leaves at `key`, when it writes it: the value
   * (null once deleted) and the versionstamp to check (its commit's; none once deleted).
   */
  before(key: Deno.KvKey): Deno.KvEntryMaybe<unknown> | undefined {
    const base = this.#base;
    if (!base) return undefined;
    const last = base.op.#indexed().lastWrite.get(keyId(key));
    if (!last) return undefined;
    if (last.type === "delete") return { key, value: null, versionstamp: null };
    return { key, value: valueLeft(last), versionstamp: base.versionstamp };
  }

  /** Whether it is staged after an operation whose commit it has not yet been told of. */
  get onBase(): boolean {
    return this.#base !== undefined;
  }

  /**
   * The operation it was staged after committed, at `versionstamp`: what this one read of it
   * is checked against that.
   */
  baseCommitted(versionstamp: string): void {
    const stand = this.#base?.versionstamp;
    this.#base = undefined;
    for (const [i, c] of this.checks.entries()) {
      if (c.versionstamp === stand) this.checks[i] = { key: c.key, versionstamp };
    }
  }

  /** The versionstamp this operation checks `key` against; undefined when it does not. */
  checkedAt(key: Deno.KvKey): string | null | undefined {
    const { checkedAt } = this.#indexed();
    const id = keyId(key);
    return checkedAt.has(id) ? checkedAt.get(id) : undefined;
  }

  sum(key: Deno.KvKey, n: bigint): this {
    return this.mutate({ type: "sum", key, value: new Deno.KvU64(n) });
  }

  min(key: Deno.KvKey, n: bigint): this {
    return this.mutate({ type: "min", key, value: new Deno.KvU64(n) });
  }

  max(key: Deno.KvKey, n: bigint): this {
    return this.mutate({ type: "max", key, value: new Deno.KvU64(n) });
  }

  set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }): this {
    // Without a spread of absent options: a crowd's every write made its record the slow way.
    const expireIn = options?.expireIn;
    return this.mutate(
      expireIn === undefined ? { type: "set", key, value } : { type: "set", key, value, expireIn },
    );
  }

  delete(key: Deno.KvKey): this {
    return this.mutate({ type: "delete", key });
  }

  enqueue(value: unknown, options?: Parameters<Deno.AtomicOperation["enqueue"]>[1]): this {
    this.enqueues.push([value, options]);
    return this;
  }

  commit(): Promise<CommitResult> {
    if (this.#base) throw new Error("An operation staged after another commits once it has");
    return this.#submit(this);
  }

  /**
   * The ids of the keys it checks and of those it writes: those its read-back index holds
   * already when it has one (orders staged together: spelling them out again was as many
   * strings made per order as its writes).
   */
  keyIds(): { checked: string[]; written: string[] } {
    const index = this.#index;
    return index
      ? { checked: [...index.checkedAt.keys()], written: [...index.lastWrite.keys()] }
      : {
        checked: this.checks.map((c) => keyId(c.key)),
        written: this.mutations.map((m) => keyId(m.key)),
      };
  }

  /** Adds this operation's checks, mutations and messages to `op`. */
  addTo(op: Deno.AtomicOperation): void {
    const overwritten = this.#index?.overwritten;
    op.check(...this.checks).mutate(
      ...(overwritten?.size ? this.mutations.filter((m) => !overwritten.has(m)) : this.mutations),
    );
    for (const [value, options] of this.enqueues) op.enqueue(value, options);
  }
}

/** The value a key's last write leaves (null once deleted); a sum's is known only once made. */
function valueLeft(last: Deno.KvMutation): unknown {
  if (last.type === "set") return last.value;
  if (last.type === "delete") return null;
  throw new Error(`A ${last.type} of ${String(last.key)} cannot be read back before its commit`);
}

interface WriteIndex {
  /** Each written key's last mutation, by `keyId`. */
  lastWrite: Map<string, Deno.KvMutation>;
  /** Mutations a later set or delete of their key overwrites: not sent to the KV. */
  overwritten: Set<Deno.KvMutation>;
}

/**
 * Notes `m` as its key's last write. A set or delete overwrites the key's earlier mutations, so
 * they are left out of the commit: orders staged together each write the shared counters and
 * figures, and only the last order's values are kept (a sixth of their mutations).
 */
function recordWrite(index: WriteIndex, m: Deno.KvMutation): void {
  const id = keyId(m.key);
  const before = index.lastWrite.get(id);
  if (before && (m.type === "set" || m.type === "delete")) index.overwritten.add(before);
  index.lastWrite.set(id, m);
}

/**
 * A key as a string, equal for equal keys (its parts typed: 1 and "1" differ; the KV tells -0
 * from 0, and so does this, which `String` does not). A string part is
 * prefixed with its length, so no character in it can be taken for a separator (escaping every
 * part with `JSON.stringify`, as before, cost more than the rest of the grouping).
 */
function keyId(key: Deno.KvKey): string {
  let id = "";
  for (const part of key) {
    id += typeof part === "string"
      ? `s${part.length}:${part}\u0000`
      : part instanceof Uint8Array
      ? `u${toHex(part)}\u0000`
      : `${(typeof part)[0]}${Object.is(part, -0) ? "-0" : String(part)}\u0000`;
  }
  return id;
}

interface Waiting {
  op: GroupedAtomic;
  /** performance.now() past which a busy store is no longer waited for. */
  deadline: number;
  checked: string[];
  written: string[];
  resolve: (result: CommitResult) => void;
  reject: (err: unknown) => void;
}

/**
 * Commits `GroupedAtomic`s through `atomic` (a fresh atomic operation of the KV, whose commit
 * retries a busy store until the deadline it is given, then throws `StoreBusyError`), one
 * combined commit at a time per process. `waitMs` is each operation's bound; `storeBusy` says
 * whether the store is refusing writes right now (its last attempt was refused as busy).
 */
export function createGroupCommit(
  atomic: (deadline: number) => Deno.AtomicOperation,
  { waitMs, storeBusy }: { waitMs: number; storeBusy: () => boolean },
) {
  const queue: Waiting[] = [];
  let running = false;
  let expiry: ReturnType<typeof setTimeout> | undefined;

  /**
   * While the store refuses writes: rejects the queued operations past their deadline, and
   * looks again at the next one's. A queue that is only long (a crowd the store is serving)
   * keeps its operations: they are not busy, and no timer runs (one set and cleared per pass
   * over the queue was 4% of a crowd's sold-out answers).
   */
  function expireQueued() {
    if (expiry !== undefined) clearTimeout(expiry);
    expiry = undefined;
    if (!storeBusy()) return;
    const now = performance.now();
    for (let i = 0; i < queue.length;) {
      if (queue[i].deadline <= now) queue.splice(i, 1)[0].reject(new StoreBusyError());
      else i++;
    }
    // Deadlines follow submission order: the next to pass is the first one still ahead.
    const next = queue.find((w) => w.deadline > now);
    if (next) expiry = setTimeout(expireQueued, next.deadline - now);
  }

  /** Settles every operation of `group`; never throws. */
  async function commitTogether(group: Waiting[]): Promise<void> {
    let result: CommitResult;
    try {
      const op = atomic(Math.min(...group.map((w) => w.deadline)));
      for (const w of group) w.op.addTo(op);
      result = await op.commit();
    } catch (err) {
      if (err instanceof StoreBusyError) {
        for (const w of group) w.reject(err);
        return expireQueued();
      }
      if (group.length === 1) return group[0].reject(err);
      return await split(group);
    }
    if (result.ok || group.length === 1) {
      for (const w of group) w.resolve(result);
      return;
    }
    await split(group);
  }

  async function split(group: Waiting[]): Promise<void> {
    const half = Math.ceil(group.length / 2);
    await commitTogether(group.slice(0, half));
    await commitTogether(group.slice(half));
  }

  /** The next group: the oldest waiting operations that touch no key another one writes. */
  function nextGroup(): Waiting[] {
    // The first always goes: one over the KV's limits alone is committed alone, and throws.
    const group: Waiting[] = [queue[0]];
    if (queue.length === 1) {
      queue.length = 0;
      return group;
    }
    const checked = new Set<string>(queue[0].checked);
    const written = new Set<string>(queue[0].written);
    let checks = queue[0].op.checks.length;
    let mutations = queue[0].op.mutations.length;
    /** The operations passed over, which stay queued in their order. */
    const left: Waiting[] = [];
    // A full group stops looking, and looks at most MAX_SCAN deep: a group full by its checks
    // went on testing every queued operation (a launch queues 1,000) for each of its commits.
    const end = Math.min(queue.length, MAX_SCAN);
    let i = 1;
    for (; i < end && group.length < MAX_OPS && checks < MAX_CHECKS; i++) {
      const w = queue[i];
      const fits = checks + w.op.checks.length <= MAX_CHECKS &&
        mutations + w.op.mutations.length <= MAX_MUTATIONS;
      if (
        !fits || w.written.some((k) => written.has(k) || checked.has(k)) ||
        w.checked.some((k) => written.has(k))
      ) {
        left.push(w);
        continue;
      }
      group.push(w);
      checks += w.op.checks.length;
      mutations += w.op.mutations.length;
      for (const k of w.checked) checked.add(k);
      for (const k of w.written) written.add(k);
    }
    // One pass over the queue per group (taking operations out one by one moved the rest of a
    // long queue each time).
    queue.splice(0, i, ...left);
    return group;
  }

  async function run() {
    running = true;
    try {
      while (queue.length) await commitTogether(nextGroup());
    } finally {
      running = false;
      clearTimeout(expiry);
      expiry = undefined;
    }
  }

  return {
    /** The store has just refused a write: the queued operations' deadlines now count. */
    refused(): void {
      if (expiry === undefined) expireQueued();
    },

    /** Commits `op` with the operations waiting beside it; its own result. */
    submit(op: GroupedAtomic): Promise<CommitResult> {
      return new Promise((resolve, reject) => {
        queue.push({ op, deadline: performance.now() + waitMs, ...op.keyIds(), resolve, reject });
        // Operations submitted in the same turn of the event loop go together.
        if (!running) queueMicrotask(() => running || run());
        else if (expiry === undefined) expireQueued();
      });
    },
  };
}
