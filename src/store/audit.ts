import { type AuditDraft, type AuditEntry, auditEntrySchema } from "../domain/audit.ts";
import { newId } from "../domain/ids.ts";
import { nowIso } from "./atomic.ts";

const entryKey = (entity: string, entityId: string, id: string) =>
  ["audit", entity, entityId, id] as const;
/** Every entry by time, for the most recent activity across the shop. */
const timeKey = (id: string) => ["audit_by_time", id] as const;

/**
 * Adds an audit entry to `op`: the entry is written in the same commit as the change it
 * records, or not at all.
 */
export function addAudit(op: Deno.AtomicOperation, draft: AuditDraft): AuditEntry {
  const entry = auditEntrySchema.parse({ ...draft, schemaVersion: 1, id: newId(), at: nowIso() });
  op.set(entryKey(entry.entity, entry.entityId, entry.id), entry)
    .set(timeKey(entry.id), [entry.entity, entry.entityId]);
  return entry;
}

export type AuditStore = ReturnType<typeof createAuditStore>;

export function createAuditStore(kv: Deno.Kv) {
  return {
    /** One record's history, oldest first. */
    async forRecord(entity: string, entityId: string, limit = 500): Promise<AuditEntry[]> {
      const out: AuditEntry[] = [];
      for await (const e of kv.list({ prefix: ["audit", entity, entityId] }, { limit })) {
        out.push(auditEntrySchema.parse(e.value));
      }
      return out;
    },

    /** The most recent entries across every record, newest first. */
    async recent(limit = 100): Promise<AuditEntry[]> {
      const out: AuditEntry[] = [];
      for await (
        const e of kv.list<[string, string]>({ prefix: ["audit_by_time"] }, {
          limit,
          reverse: true,
        })
      ) {
        const [entity, entityId] = e.value;
        const entry = await kv.get(entryKey(entity, entityId, String(e.key[1])));
        if (entry.value) out.push(auditEntrySchema.parse(entry.value));
      }
      return out;
    },
  };
}
