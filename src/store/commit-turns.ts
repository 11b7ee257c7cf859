import { StoreBusyError } from "../domain/errors.ts";

/**
 * Turns at a KV file's commits for the processes that share it (several instances on one host).
 *
 * SQLite lets one connection write at a time, and a connection refused the write lock waits in
 * its busy handler, which sleeps 1 ms, 2 ms, ... up to 100 ms between looks, for at most 5 s
 * (then "database is locked"). Two instances committing back to back keep the lock taken nearly
 * all the time, so the one that waits keeps looking at the wrong moments: on a loaded machine a
 * commit of a 55-buyer crowd waited past the 10 s bound (`503 store_busy` from a store that was
 * serving everyone else), and 100 buyers per instance took 8 s for 3,600 small writes.
 *
 * Here each commit first takes an exclusive `flock` of `<file>-commit.lock`: the kernel wakes a
 * waiter as soon as the lock is let go, and SQLite never sees our own processes contend. An
 * uncontended turn costs four system calls (about 3 µs). Fairness: a process waiting for a turn
 * holds a shared lock of `<file>-commit.wait` meanwhile; a process wanting a turn while someone
 * waits first lets them in (it takes that file exclusively, which it gets once every waiter has
 * its turn), so an instance whose commits follow each other cannot take every turn. A process
 * that dies lets its locks go with its file descriptors; one that holds a turn and hangs is
 * waited for only up to the caller's deadline (then `StoreBusyError`, a 503, as for any busy
 * store). Only our own instances take turns: any other process (the `sqlite3` shell, a backup)
 * meets SQLite's lock as before.
 */
export interface CommitTurns {
  /** Runs `commit` in a turn of this process; `StoreBusyError` if none came by `deadline`. */
  run<T>(commit: () => Promise<T>, deadline: number): Promise<T>;
  close(): void;
}

/** Whether `done` settled before `deadline` (performance.now()). */
async function before(done: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((r) =>
    timer = setTimeout(() => r(false), Math.max(0, deadline - performance.now()))
  );
  try {
    return await Promise.race([done.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A blocking `flock` request that can be given up: the system call cannot be cancelled, so a
 * request that outlives its deadline is kept, and the next caller waits on it instead of asking
 * again; if none does, the lock is let go as soon as it comes.
 */
function lockRequests(lock: () => Promise<void>, unlock: () => void) {
  let pending: Promise<void> | undefined;
  let claimed = false;
  return {
    /** A request is on its way: the lock may be granted at any moment. */
    get pending(): boolean {
      return pending !== undefined;
    },
    /** Whether the lock is ours by `deadline`. */
    async take(deadline: number): Promise<boolean> {
      if (!pending) {
        const request = lock();
        pending = request;
        // Runs before the caller's continuation: an unclaimed grant is let go at once.
        request.then(() => {
          pending = undefined;
          if (!claimed) unlock();
        }, () => pending = undefined);
      }
      const request = pending;
      claimed = true;
      if (await before(request, deadline)) return true;
      claimed = false;
      return false;
    },
  };
}

/** Opens (creating them 0600) the two lock files beside the KV file at `path`. */
export async function openCommitTurns(path: string): Promise<CommitTurns> {
  const open = (file: string) =>
    Deno.open(file, { read: true, write: true, create: true, mode: 0o600 });
  const [turn, waiting] = await Promise.all([
    open(`${path}-commit.lock`),
    open(`${path}-commit.wait`),
  ]);
  const letWaitersIn = lockRequests(() => waiting.lock(true), () => waiting.unlockSync());
  const waitForTurn = lockRequests(async () => {
    await waiting.lock(false);
    try {
      await turn.lock(true);
    } finally {
      waiting.unlockSync();
    }
  }, () => turn.unlockSync());
  /** One turn at a time in this process, in order. */
  let last: Promise<unknown> = Promise.resolve();

  async function take(deadline: number): Promise<void> {
    // With a request on its way, the same descriptor must not be locked beside it: its grant
    // would let our lock go.
    if (!waitForTurn.pending) {
      if (letWaitersIn.pending || !waiting.tryLockSync(true)) {
        if (!(await letWaitersIn.take(deadline))) throw new StoreBusyError();
      }
      waiting.unlockSync();
      if (turn.tryLockSync(true)) return;
    }
    if (!(await waitForTurn.take(deadline))) throw new StoreBusyError();
  }

  return {
    run(commit, deadline) {
      const result = last.then(async () => {
        await take(deadline);
        try {
          return await commit();
        } finally {
          turn.unlockSync();
        }
      });
      last = result.catch(() => {});
      return result;
    },
    close() {
      turn.close();
      waiting.close();
    },
  };
}
