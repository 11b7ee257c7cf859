import { type Admin, type AdminRole, adminSchema, isActiveSuperadmin } from "../domain/admin.ts";
import { LAST_SUPERADMIN_MESSAGE } from "../domain/admin.ts";
import type { AuditDraft } from "../domain/audit.ts";
import { normalizeEmail } from "../domain/email.ts";
import { ConflictError, NotFoundError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { adminKey } from "./admin-keys.ts";
import { addAudit } from "./audit.ts";
import { listValues, nowIso } from "./atomic.ts";
import { keyedRecords } from "./records.ts";
import { carrySession } from "./sessions.ts";
import { twoFactorKeysOf } from "./two-factor.ts";

/** One account per email: the unique index. */
const emailKey = (email: string) => ["admin_by_email", normalizeEmail(email)] as const;

const notFound = () => new NotFoundError("Admin not found");

const emailTaken = () =>
  new ConflictError("An admin with this email already exists", [
    { field: "email", message: "An admin with this email already exists" },
  ]);

export interface NewAdmin {
  username: string;
  email: string;
  passwordHash: string;
  role: AdminRole;
  image?: string;
}

export type AdminPatch = Partial<
  Pick<Admin, "username" | "email" | "image" | "status" | "role" | "passwordHash">
>;

/** Describes the audit entry of a write, from the record before and after it. */
export type AuditFor = (before: Admin | null, after: Admin | null) => AuditDraft;

export type AdminStore = ReturnType<typeof createAdminStore>;

export function createAdminStore(kv: Deno.Kv) {
  const admins = keyedRecords(kv, adminKey, adminSchema);
  const { get, parse } = admins;

  /**
   * When `next` (null: deleted) would leave no active superadmin, refuses; else checks another
   * active superadmin's entry in `op`, so a concurrent change to that one makes this commit
   * fail and retry (two superadmins cannot deactivate each other at once).
   */
  async function keepOneSuperadmin(op: Deno.AtomicOperation, current: Admin, next: Admin | null) {
    if (!isActiveSuperadmin(current) || (next && isActiveSuperadmin(next))) return;
    for await (const e of kv.list({ prefix: ["admin"] })) {
      const other = parse(e.value);
      if (other.id !== current.id && isActiveSuperadmin(other)) {
        op.check(e);
        return;
      }
    }
    throw new ConflictError(LAST_SUPERADMIN_MESSAGE);
  }

  return {
    get,

    async getByEmail(email: string): Promise<Admin | null> {
      const id = await kv.get<string>(emailKey(email));
      return id.value ? await get(id.value) : null;
    },

    list(): Promise<Admin[]> {
      return listValues(kv, ["admin"], parse);
    },

    async count(): Promise<number> {
      let n = 0;
      for await (const _ of kv.list({ prefix: ["admin"] })) n++;
      return n;
    },

    async create(data: NewAdmin, audit?: AuditFor): Promise<Admin> {
      const now = nowIso();
      const admin = adminSchema.parse({
        schemaVersion: 1,
        id: newId(),
        username: data.username.trim(),
        email: normalizeEmail(data.email),
        passwordHash: data.passwordHash,
        role: data.role,
        status: "active",
        image: data.image ?? "",
        sessionEpoch: 0,
        createdAt: now,
        updatedAt: now,
      });
      if (!(await admins.insert(admin.id, admin, emailKey(admin.email), audit?.(null, admin)))) {
        throw emailTaken();
      }
      return admin;
    },

    /**
     * Changes an account. A change of status, role or password moves its session epoch, which
     * signs it out everywhere in the same write; a change of email signs out its sessions but
     * `keepSession` (the session making the change, when it is the account's own). Never leaves
     * the shop without an active superadmin.
     */
    async update(
      id: string,
      patch: AdminPatch,
      audit?: AuditFor,
      keepSession?: string,
    ): Promise<Admin> {
      return await admins.change(id, notFound, async (current, op) => {
        const email = patch.email ? normalizeEmail(patch.email) : current.email;
        const signsOutAll = (patch.status !== undefined && patch.status !== current.status) ||
          (patch.role !== undefined && patch.role !== current.role) ||
          (patch.passwordHash !== undefined && patch.passwordHash !== current.passwordHash);
        const signsOut = signsOutAll || email !== current.email;
        const next = adminSchema.parse({
          ...current,
          ...patch,
          email,
          sessionEpoch: current.sessionEpoch + (signsOut ? 1 : 0),
          updatedAt: nowIso(),
        });
        op.set(adminKey(id), next);
        if (signsOut && !signsOutAll && keepSession) {
          await carrySession(kv, op, keepSession, id, current.sessionEpoch, next.sessionEpoch);
        }
        await keepOneSuperadmin(op, current, next);
        if (next.email !== current.email) {
          const taken = await kv.get(emailKey(next.email));
          if (taken.value) throw emailTaken();
          op.check(taken).delete(emailKey(current.email)).set(emailKey(next.email), id);
        }
        if (audit) addAudit(op, audit(current, next));
        return next;
      });
    },

    async remove(id: string, audit?: AuditFor): Promise<Admin> {
      return await admins.change(id, notFound, async (current, op) => {
        op.delete(adminKey(id)).delete(emailKey(current.email));
        for (const key of twoFactorKeysOf(id)) op.delete(key);
        await keepOneSuperadmin(op, current, null);
        if (audit) addAudit(op, audit(current, null));
        return current;
      });
    },
  };
}
