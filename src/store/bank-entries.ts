import type { AuditDraft } from "../domain/audit.ts";
import { type BankEntry, bankEntrySchema } from "../domain/reconciliation.ts";
import { conflict, done, retryOnConflict } from "./atomic.ts";
import { addAudit } from "./audit.ts";

const entryKey = (id: string) => ["bank_entry", id] as const;

export type BankEntryStore = ReturnType<typeof createBankEntryStore>;

/**
 * A statement's credits no order was found for, by their payment id: kept once (a statement
 * imported twice adds nothing), each change one checked commit with its audit entry.
 */
export function createBankEntryStore(kv: Deno.Kv) {
  const parse = (v: unknown) => bankEntrySchema.parse(v);
  return {
    async get(id: string): Promise<BankEntry | null> {
      const e = await kv.get(entryKey(id));
      return e.value ? parse(e.value) : null;
    },

    /** Keeps `entry` unless its id is kept already; answers whether it was added. */
    async add(entry: BankEntry, audit: AuditDraft): Promise<boolean> {
      const op = kv.atomic().check({ key: entryKey(entry.id), versionstamp: null })
        .set(entryKey(entry.id), parse(entry));
      addAudit(op, audit);
      return (await op.commit()).ok;
    },

    /** Changes a kept entry in one checked commit with its audit entry; null when there is none. */
    async change(
      id: string,
      change: (e: BankEntry) => BankEntry,
      audit: (e: BankEntry) => AuditDraft,
    ): Promise<BankEntry | null> {
      return await retryOnConflict(async () => {
        const current = await kv.get(entryKey(id));
        if (!current.value) return done(null);
        const next = parse(change(parse(current.value)));
        const op = kv.atomic().check(current).set(entryKey(id), next);
        addAudit(op, audit(next));
        return (await op.commit()).ok ? done(next) : conflict;
      });
    },

    /** Every kept entry, newest value date first (a few per day at most). */
    async list(): Promise<BankEntry[]> {
      const out: BankEntry[] = [];
      for await (const e of kv.list({ prefix: ["bank_entry"] })) out.push(parse(e.value));
      return out.sort((a, b) => b.valueDate.localeCompare(a.valueDate) || a.id.localeCompare(b.id));
    },
  };
}
