import { z } from "zod";
import { ADMIN_ROLES } from "./admin.ts";

/** Who did it: the signed-in staff member (the system for background work). */
export const auditActorSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum([...ADMIN_ROLES, "system"]),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

/** One admin write: who, what, which record, when, and a short before/after summary. */
export const auditEntrySchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  at: z.string(),
  actor: auditActorSchema,
  /** e.g. "order.status", "admin.create", "product.delete" */
  action: z.string().max(60),
  entity: z.string().max(40),
  entityId: z.string().max(100),
  summary: z.string().max(500),
  before: z.record(z.string(), z.unknown()).optional(),
  after: z.record(z.string(), z.unknown()).optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** What a caller says about its write; the store adds id and time. */
export type AuditDraft = Omit<AuditEntry, "schemaVersion" | "id" | "at">;

/** Keeps before/after small: only the named fields, long texts cut. */
export function auditFields(
  record: Record<string, unknown> | null | undefined,
  fields: readonly string[],
): Record<string, unknown> | undefined {
  if (!record) return undefined;
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = record[f];
    if (v === undefined) continue;
    out[f] = typeof v === "string" && v.length > 200 ? `${v.slice(0, 200)}…` : v;
  }
  return out;
}

/**
 * The audit describer of a record's write: who, the action, and the named fields of the record
 * before and after (`label` names the record in the summary).
 */
export function describeWrite<T extends { id: string }>(
  actor: AuditActor,
  entity: string,
  action: string,
  fields: readonly string[],
  label: (record: T) => string,
) {
  return (before: T | null, after: T | null): AuditDraft => {
    const subject = (after ?? before)!;
    return {
      actor,
      action: `${entity}.${action}`,
      entity,
      entityId: subject.id,
      // "create" -> "Created ...", "update" -> "Updated ...", "delete" -> "Deleted ..."
      summary: `${action[0].toUpperCase()}${action.slice(1)}d ${label(subject)}`,
      before: auditFields(before as Record<string, unknown> | null, fields),
      after: auditFields(after as Record<string, unknown> | null, fields),
    };
  };
}
