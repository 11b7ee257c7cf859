/**
 * Where `KV_PATH` points: a KV Connect URL (a self-hosted `denokv`, or a Deno Deploy KV reached
 * from outside) is a store over the network; anything else but `:memory:` is a local SQLite
 * file, with its `-wal` and `-shm` beside it.
 */
export const isKvConnectUrl = (path: string): boolean => /^https?:\/\//i.test(path);

/** A KV file of this machine (what file modes, the write-ahead log and commit turns are for). */
export const isKvFile = (path: string): boolean => path !== ":memory:" && !isKvConnectUrl(path);

/** A KV Connect URL as it may be shown in a log or an error: no credentials, no query. */
export function shownUrl(url: string): string {
  try {
    const { origin, pathname } = new URL(url);
    return `${origin}${pathname}`;
  } catch {
    return "(an invalid URL)";
  }
}
