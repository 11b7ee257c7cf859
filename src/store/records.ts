import type { AuditDraft } from "../domain/audit.ts";
import { conflict, done, type ReadOptions, retryOnConflict } from "./atomic.ts";
import { addAudit } from "./audit.ts";

/** What a record is checked against when read: a zod schema (anything with its `parse`). */
export interface RecordSchema<T> {
  parse(value: unknown): T;
}

/**
 * The records of one kind, each at its own key (`keyOf(id)`) and checked by its schema when
 * read: the reads every store makes of its records, and the checked change of one record.
 */
export function keyedRecords<T>(
  kv: Deno.Kv,
  keyOf: (id: string) => Deno.KvKey,
  schema: RecordSchema<T>,
) {
  const parse = (value: unknown): T => schema.parse(value);

  /** The record's entry (what a write checks against) and its value, null when there is none. */
  async function read(id: string, options?: ReadOptions) {
    const entry = await kv.get(keyOf(id), options);
    return { entry, record: entry.value ? parse(entry.value) : null };
  }

  return {
    parse,
    read,

    async get(id: string, options?: ReadOptions): Promise<T | null> {
      return (await read(id, options)).record;
    },

    /**
     * Stores a new record with its unique index entry (`unique` -> `id`) and its audit entry in
     * ONE commit, refused when the index entry exists (another record holds that email,
     * country...): answers whether it was stored.
     */
    async insert(id: string, record: T, unique: Deno.KvKey, audit?: AuditDraft): Promise<boolean> {
      const op = kv.atomic().check({ key: unique, versionstamp: null })
        .set(keyOf(id), record)
        .set(unique, id);
      if (audit) addAudit(op, audit);
      return (await op.commit()).ok;
    },

    /**
     * Changes one record in ONE commit, read again and retried when another write came first:
     * `write` gets the record and an atomic operation checked against its entry, adds the
     * record's write and every write that belongs with it (indexes, the audit entry) and answers
     * the result; it may throw to refuse (nothing is written). `missing()` is thrown when there
     * is no record.
     */
    change<R>(
      id: string,
      missing: () => Error,
      write: (current: T, op: Deno.AtomicOperation) => R | Promise<R>,
    ): Promise<R> {
      return retryOnConflict(async () => {
        const { entry, record } = await read(id);
        if (!record) throw missing();
        const op = kv.atomic().check(entry);
        const result = await write(record, op);
        return (await op.commit()).ok ? done(result) : conflict;
      });
    },
  };
}
