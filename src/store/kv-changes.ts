import { isKvFile } from "./kv-location.ts";

/**
 * A cheap sign that a local KV file may have changed: the size, modification time and inode of
 * its write-ahead log, where SQLite appends every commit of every process that has the file open.
 * A `statSync` costs about 2 µs; a KV read about 60 µs of the event loop. `null` when there is
 * no such file (`:memory:`, a KV Connect URL, the runtime's own KV) or it cannot be read: the
 * caller then reads.
 *
 * The time has millisecond resolution and SQLite reuses the log from its start after a
 * checkpoint, so two commits in one millisecond can leave the same sign: a caller still reads now
 * and then (see catalog.ts).
 */
export function kvFileChanges(path: string | undefined): () => string | null {
  if (path === undefined || !isKvFile(path)) return () => null;
  const log = `${path}-wal`;
  return () => {
    try {
      const { size, mtime, ino } = Deno.statSync(log);
      return `${size}:${mtime?.getTime()}:${ino}`;
    } catch {
      return null;
    }
  };
}
