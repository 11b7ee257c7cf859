/**
 * Backup and restore of the whole KV as a JSON-lines file: a header line (format, version,
 * time), one line per entry `{ k, v }`, and an end line with the entry count (a truncated file
 * is refused). Keys and values keep their exact types through a tagged JSON encoding:
 * Uint8Array, KvU64, bigint, Date, Map, Set, undefined and non-finite numbers included.
 */

export const BACKUP_FORMAT = "shop-kv-backup";

/**
 * What a backup leaves out unless asked (`includeSecrets`): sign-in sessions and spent sign-in
 * challenges, rate-limit counters, the secrets the server generated (signing keys) and staff's
 * two-factor secrets. A
 * restored shop regenerates what it needs, and staff sign in again (with their password alone,
 * then set two-factor up again); a leaked backup signs no one in.
 */
export const SECRET_PREFIXES = [
  "admin_session",
  "rate_limit",
  "secret",
  "admin_2fa",
  "admin_2fa_pending",
  "admin_2fa_challenge",
] as const;

const isSecret = (key: Deno.KvKey) => (SECRET_PREFIXES as readonly unknown[]).includes(key[0]);
export const BACKUP_VERSION = 1;

/** Entries per atomic write on restore (KV allows 1000 mutations and 800 KB per commit). */
const RESTORE_BATCH = 200;
const RESTORE_BATCH_BYTES = 600_000;

type Tagged = { [tag: string]: unknown };

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** A KV key or value as JSON; objects are tagged when their type is not plain JSON. */
export function encodeValue(v: unknown): unknown {
  if (v === undefined) return { $undefined: true };
  if (v === null || typeof v === "string" || typeof v === "boolean") return v;
  if (typeof v === "number") {
    if (Object.is(v, -0)) return { $number: "-0" };
    return Number.isFinite(v) ? v : { $number: String(v) };
  }
  if (typeof v === "bigint") return { $bigint: v.toString() };
  if (v instanceof Deno.KvU64) return { $u64: v.value.toString() };
  if (v instanceof Uint8Array) return { $bytes: toBase64(v) };
  if (v instanceof Date) return { $date: v.toISOString() };
  if (v instanceof Map) return { $map: [...v].map(([k, x]) => [encodeValue(k), encodeValue(x)]) };
  if (v instanceof Set) return { $set: [...v].map(encodeValue) };
  if (Array.isArray(v)) return v.map(encodeValue);
  if (typeof v === "object") {
    const entries = Object.entries(v).map(([k, x]) => [k, encodeValue(x)] as const);
    const plain = Object.fromEntries(entries);
    // A key of its own starting with "$" would read as a tag: such objects are wrapped.
    return entries.some(([k]) => k.startsWith("$")) ? { $object: plain } : plain;
  }
  throw new Error(`A KV value of type ${typeof v} cannot be backed up`);
}

export function decodeValue(v: unknown): unknown {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(decodeValue);
  const o = v as Tagged;
  const [tag] = Object.keys(o);
  if (Object.keys(o).length === 1 && tag?.startsWith("$")) {
    const x = o[tag];
    switch (tag) {
      case "$undefined":
        return undefined;
      case "$number":
        return Number(x);
      case "$bigint":
        return BigInt(x as string);
      case "$u64":
        return new Deno.KvU64(BigInt(x as string));
      case "$bytes":
        return fromBase64(x as string);
      case "$date":
        return new Date(x as string);
      case "$map":
        return new Map(
          (x as [unknown, unknown][]).map(([k, y]) => [decodeValue(k), decodeValue(y)]),
        );
      case "$set":
        return new Set((x as unknown[]).map(decodeValue));
      case "$object":
        return Object.fromEntries(
          Object.entries(x as Tagged).map(([k, y]) => [k, decodeValue(y)]),
        );
    }
  }
  return Object.fromEntries(Object.entries(o).map(([k, y]) => [k, decodeValue(y)]));
}

/**
 * Writes the entries of `kv` to `out`, one line each, as it lists them (constant memory): every
 * entry with `includeSecrets`, else all but those under SECRET_PREFIXES (the header says
 * which). Returns the counts written and left out. KV lists in consistent batches, not as one
 * snapshot: see docs/operating.md, "Backup", for backing up a shop that takes orders meanwhile.
 */
export async function writeBackup(
  kv: Deno.Kv,
  out: WritableStream<Uint8Array>,
  options: { includeSecrets?: boolean } = {},
): Promise<{ entries: number; leftOut: number }> {
  const writer = out.getWriter();
  const enc = new TextEncoder();
  const line = (o: unknown) => writer.write(enc.encode(JSON.stringify(o) + "\n"));
  const includeSecrets = options.includeSecrets === true;
  let entries = 0;
  let leftOut = 0;
  try {
    await line({
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date(),
      secrets: includeSecrets ? "included" : "left out",
      ...(includeSecrets ? {} : { leftOut: SECRET_PREFIXES }),
    });
    for await (const e of kv.list({ prefix: [] }, { batchSize: 500 })) {
      if (!includeSecrets && isSecret(e.key)) {
        leftOut++;
        continue;
      }
      await line({ k: e.key.map(encodeValue), v: encodeValue(e.value) });
      entries++;
    }
    await line({ end: true, entries });
    await writer.close();
  } catch (err) {
    await writer.abort(err).catch(() => {});
    throw err;
  }
  return { entries, leftOut };
}

/** The lines of a text stream, one at a time. */
async function* lines(input: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of input) {
    rest += decoder.decode(chunk, { stream: true });
    let at;
    while ((at = rest.indexOf("\n")) >= 0) {
      yield rest.slice(0, at);
      rest = rest.slice(at + 1);
    }
  }
  rest += decoder.decode();
  if (rest.trim()) yield rest;
}

export class BackupError extends Error {
  override name = "BackupError";
}

/** The entries of a backup file, checked: the header first, the count at the end. */
async function* readBackup(
  input: ReadableStream<Uint8Array>,
): AsyncGenerator<{ key: Deno.KvKey; value: unknown }> {
  let n = 0;
  let header = false;
  for await (const text of lines(input)) {
    if (!text.trim()) continue;
    const o = JSON.parse(text);
    if (!header) {
      if (o.format !== BACKUP_FORMAT) throw new BackupError("Not a shop backup file");
      if (o.version !== BACKUP_VERSION) {
        throw new BackupError(`Backup version ${o.version} is not supported`);
      }
      header = true;
      continue;
    }
    if (o.end) {
      if (o.entries !== n) throw new BackupError(`Backup has ${n} entries, expected ${o.entries}`);
      return;
    }
    n++;
    yield { key: o.k.map(decodeValue) as Deno.KvKey, value: decodeValue(o.v) };
  }
  throw new BackupError(header ? "Backup is truncated (no end line)" : "Backup file is empty");
}

/**
 * Loads a backup into `kv`. Refuses a KV that holds anything unless `force` (then empties it
 * first). The file is checked whole before the first write, so a truncated or foreign file
 * changes nothing. Returns the count.
 */
export async function restoreBackup(
  kv: Deno.Kv,
  open: () => Promise<ReadableStream<Uint8Array>>,
  options: { force?: boolean } = {},
): Promise<number> {
  let count = 0;
  for await (const _ of readBackup(await open())) count++;
  const occupied = kv.list({ prefix: [] }, { limit: 1 });
  if (!(await occupied.next()).done) {
    if (!options.force) {
      throw new BackupError("The KV is not empty; restore into an empty one, or pass --force");
    }
    await clear(kv);
  }
  let op = kv.atomic();
  let size = 0;
  let pending = 0;
  for await (const { key, value } of readBackup(await open())) {
    op.set(key, value);
    pending++;
    size += JSON.stringify(encodeValue(value)).length + 100;
    if (pending >= RESTORE_BATCH || size >= RESTORE_BATCH_BYTES) {
      await commit(op);
      op = kv.atomic();
      pending = size = 0;
    }
  }
  if (pending) await commit(op);
  return count;
}

async function commit(op: Deno.AtomicOperation) {
  if (!(await op.commit()).ok) throw new BackupError("A restore write was refused");
}

async function clear(kv: Deno.Kv) {
  let op = kv.atomic();
  let pending = 0;
  for await (const e of kv.list({ prefix: [] })) {
    op.delete(e.key);
    if (++pending >= RESTORE_BATCH) {
      await commit(op);
      op = kv.atomic();
      pending = 0;
    }
  }
  if (pending) await commit(op);
}
