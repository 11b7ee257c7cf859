import { StoreBusyError } from "../domain/errors.ts";
import { createGroupCommit, GroupedAtomic } from "./group-commit.ts";
import { createPrivateFile, privateFolder, restrictFileModes } from "./file-modes.ts";
import { type CommitTurns, openCommitTurns } from "./commit-turns.ts";
import { isKvConnectUrl, isKvFile, shownUrl } from "./kv-location.ts";
import { batchedReads } from "./read-batch.ts";

/**
 * How long an operation the store refuses as busy is tried again: another process holds the
 * file's write lock (the `sqlite3` shell, a hung instance). Our own instances on one file take
 * turns at it (commit-turns.ts) and do not count against it.
 */
export const BUSY_WAIT_MS = 10_000;

/**
 * SQLite's answer when another process holds the file's write lock (two instances on one KV
 * file). Nothing was read or written: the operation may simply be repeated.
 */
export function isStoreBusy(err: unknown): boolean {
  return err instanceof Error && /database is (locked|busy)|SQLITE_BUSY/i.test(err.message);
}

/** Jittered exponential backoff: concurrent processes do not retry in lockstep. */
const backoff = (attempt: number) =>
  new Promise((r) => setTimeout(r, Math.random() * Math.min(5 * 2 ** attempt, 250)));

/** Whether a busy store is still worth waiting for, since `started` (performance.now()). */
const stillWaiting = (started: number) => performance.now() - started < BUSY_WAIT_MS;

/**
 * Runs `op`, repeating it while the store is busy until `deadline` (performance.now(); by
 * default the bound from now); past it, a 503 StoreBusyError.
 */
export async function whileBusy<T>(
  op: () => Promise<T>,
  deadline = performance.now() + BUSY_WAIT_MS,
): Promise<T> {
  for (let attempt = 0;; attempt++) {
    try {
      return await op();
    } catch (err) {
      if (!isStoreBusy(err)) throw err;
      if (performance.now() >= deadline) throw new StoreBusyError();
      await backoff(attempt);
    }
  }
}

/**
 * `kv.list`, resumed from the last entry it gave when the store was busy. It is a real list
 * iterator: `cursor` is the cursor of the last entry given, as with `Deno.KvListIterator`, so
 * a caller can page (a plain generator has no `cursor`, and every list stopped at its first
 * page on the server while the tests, on a bare KV, passed).
 */
class BusyTolerantListIterator<T> implements AsyncIterableIterator<Deno.KvEntry<T>> {
  #cursor: string | undefined;
  #entries: AsyncGenerator<Deno.KvEntry<T>, undefined>;

  constructor(kv: Deno.Kv, selector: Deno.KvListSelector, options: Deno.KvListOptions = {}) {
    this.#cursor = options.cursor;
    this.#entries = this.#read(kv, selector, options);
  }

  /** The cursor after the last entry given (the starting cursor before the first). */
  get cursor(): string {
    if (this.#cursor === undefined) throw new Error("Cannot get cursor before first iteration");
    return this.#cursor;
  }

  next(): Promise<IteratorResult<Deno.KvEntry<T>, undefined>> {
    return this.#entries.next();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<Deno.KvEntry<T>> {
    return this;
  }

  async *#read(kv: Deno.Kv, selector: Deno.KvListSelector, options: Deno.KvListOptions) {
    let left = options.limit;
    const started = performance.now();
    for (let attempt = 0;; attempt++) {
      const iter = kv.list<T>(selector, { ...options, cursor: this.#cursor, limit: left });
      try {
        for await (const entry of iter) {
          this.#cursor = iter.cursor;
          if (left !== undefined) left--;
          yield entry;
        }
        return undefined;
      } catch (err) {
        if (!isStoreBusy(err)) throw err;
        if (!stillWaiting(started)) throw new StoreBusyError();
        await backoff(attempt);
      }
    }
  }
}

/**
 * The KV every module uses, with a busy store treated as a transient conflict: each read,
 * write, list and atomic commit is repeated with jittered backoff (a failed commit wrote
 * nothing), so several processes can share one SQLite file. Checked commits keep their
 * meaning: a retried commit still fails on a versionstamp that moved. Writes go through one
 * group commit (group-commit.ts): those that wait while a commit is under way share the next;
 * reads likewise (read-batch.ts), up to 10 keys a read. With `turns` (a KV file), each commit
 * attempt runs in this process's turn at the file.
 */
export function busyTolerant(kv: Deno.Kv, turns?: CommitTurns, reader: Deno.Kv = kv): Deno.Kv {
  /** Whether the last commit attempt was refused as busy (no attempt since has gone through). */
  let refusing = false;
  const atomic = (deadline: number) => {
    const op = kv.atomic();
    const commit = op.commit.bind(op);
    // A turn not given within the bound means another instance is stuck in its own: busy too.
    const inTurn = turns ? () => turns.run(commit, performance.now() + BUSY_WAIT_MS) : commit;
    op.commit = () =>
      whileBusy(async () => {
        try {
          const result = await inTurn();
          refusing = false;
          return result;
        } catch (err) {
          if (!refusing && (isStoreBusy(err) || err instanceof StoreBusyError)) {
            refusing = true;
            group.refused();
          }
          throw err;
        }
      }, deadline);
    return op;
  };
  const group = createGroupCommit(atomic, { waitMs: BUSY_WAIT_MS, storeBusy: () => refusing });
  const grouped = () => new GroupedAtomic(group.submit) as unknown as Deno.AtomicOperation;
  const reads = batchedReads((keys, options) => whileBusy(() => reader.getMany(keys, options)));
  return new Proxy(kv, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      switch (prop) {
        case "get":
          return reads.get;
        case "getMany":
          return reads.getMany;
        case "set":
          return (key: Deno.KvKey, v: unknown, options?: { expireIn?: number }) =>
            grouped().set(key, v, options).commit();
        case "delete":
          return async (key: Deno.KvKey) => {
            await grouped().delete(key).commit();
          };
        case "list":
          return (selector: Deno.KvListSelector, options?: Deno.KvListOptions) =>
            new BusyTolerantListIterator(reader, selector, options);
        case "atomic":
          return grouped;
        case "close":
          return () => {
            target.close();
            if (reader !== target) reader.close();
            turns?.close();
          };
        default:
          return value.bind(target);
      }
    },
  });
}

/**
 * How long a KV Connect store has to answer the first read. Its client retries a data call that
 * fails (the network, a 5xx from the proxy in front of `denokv`) for ever: without this, a start
 * against a store that is down waited for good instead of failing.
 */
export const KV_CONNECT_WAIT_MS = 10_000;

/** Opens a KV Connect URL and reads once, or says plainly why it cannot. */
async function openKvConnect(url: string, accessToken?: string): Promise<Deno.Kv> {
  const where = shownUrl(url);
  // Deno reads the token from DENO_KV_ACCESS_TOKEN only, a name Deno Deploy refuses to set.
  if (accessToken && !Deno.env.get("DENO_KV_ACCESS_TOKEN")) {
    Deno.env.set("DENO_KV_ACCESS_TOKEN", accessToken);
  }
  if (!Deno.env.get("DENO_KV_ACCESS_TOKEN")) {
    throw new Error(
      `KV_PATH is the KV Connect URL ${where}: set its access token in DENO_KV_ACCESS_TOKEN (KV_ACCESS_TOKEN on Deno Deploy, which refuses DENO_ names)`,
    );
  }
  let kv: Deno.Kv;
  try {
    kv = await Deno.openKv(url);
  } catch (err) {
    throw new Error(`Cannot open the KV at ${where}: ${err instanceof Error ? err.message : err}`);
  }
  const probe = kv.get(["health_probe"]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answered = await Promise.race([
    probe.then(() => true, (err) => err),
    new Promise<false>((r) => timer = setTimeout(() => r(false), KV_CONNECT_WAIT_MS)),
  ]);
  clearTimeout(timer);
  if (answered === true) return kv;
  kv.close();
  throw new Error(
    answered === false
      ? `The KV at ${where} did not answer a read within ${
        KV_CONNECT_WAIT_MS / 1000
      } s: is denokv running, and is the proxy in front of it passing requests?`
      : `The KV at ${where} refused a read: ${
        answered instanceof Error ? answered.message : answered
      }`,
  );
}

/**
 * Opens the one KV of this process: a file path, ":memory:", a KV Connect URL (its access token
 * in DENO_KV_ACCESS_TOKEN or `accessToken`), or without a path the runtime's own KV (on Deno
 * Deploy, the managed one: no file is touched). A file is private to its owner (0600 with its
 * -wal and -shm, in a 0700 folder): it holds every record.
 */
export async function openKv(
  path?: string,
  { accessToken }: { accessToken?: string } = {},
): Promise<Deno.Kv> {
  if (path === undefined) return busyTolerant(await Deno.openKv());
  if (isKvConnectUrl(path)) return busyTolerant(await openKvConnect(path, accessToken));
  if (!isKvFile(path)) return busyTolerant(await Deno.openKv(path));
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".";
  await privateFolder(dir || "/");
  await createPrivateFile(path);
  const kv = await Deno.openKv(path);
  // Reads go through a connection of their own: the KV answers each connection's requests one
  // at a time, so on the writer's they waited behind every commit and its sync to disk. A read
  // sees every commit that ended before it (SQLite's WAL).
  const reader = await Deno.openKv(path);
  await restrictFileModes(path);
  return busyTolerant(kv, await openCommitTurns(path), reader);
}
