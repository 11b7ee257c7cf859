import { type Admin, adminSchema } from "../domain/admin.ts";
import type { AuditDraft } from "../domain/audit.ts";
import { ConflictError, NotFoundError } from "../domain/errors.ts";
import {
  acceptStep,
  CHALLENGE_TTL_MS,
  type CodeCheck,
  ENROLMENT_TTL_MS,
  type SecuritySettings,
  securitySettingsSchema,
  TWO_FACTOR_MESSAGES,
} from "../domain/two-factor.ts";
import { z } from "zod";
import { adminKey } from "./admin-keys.ts";
import { addAudit } from "./audit.ts";
import { conflict, done, nowIso, retryOnConflict } from "./atomic.ts";
import { keyedRecords } from "./records.ts";
import { carrySession } from "./sessions.ts";

/** A secret encrypted at rest (AES-GCM): never stored in the clear. */
const sealedSchema = z.object({ iv: z.string(), data: z.string() });
export type Sealed = z.infer<typeof sealedSchema>;

const recordSchema = z.object({
  schemaVersion: z.literal(1),
  secret: sealedSchema,
  /** SHA-256 (hex) of each unused recovery code. */
  recoveryHashes: z.array(z.string()),
  /** The last TOTP time step accepted: a code of that step or before is refused (no replay). */
  lastStep: z.number().int(),
  /** Steps after `lastStep` already accepted (a clock ahead of the server's): refused too. */
  aheadSteps: z.array(z.number().int()).max(10).default([]),
  enabledAt: z.string(),
});
export type TwoFactorRecord = z.infer<typeof recordSchema>;

const pendingSchema = z.object({ secret: sealedSchema, expiresAt: z.number() });

/** The keys holding two-factor secrets: a backup leaves them out unless asked. */
export const TWO_FACTOR_PREFIXES = [["admin_2fa"], ["admin_2fa_pending"]] as const;
const recordKey = (adminId: string) => ["admin_2fa", adminId] as const;
const pendingKey = (adminId: string) => ["admin_2fa_pending", adminId] as const;
/** A sign-in challenge that made its session (kept for the challenge's lifetime). */
export const CHALLENGE_PREFIX = "admin_2fa_challenge";
const challengeKey = (id: string) => [CHALLENGE_PREFIX, id] as const;

/** What a code proves: a TOTP step at the server's step `now`, or a recovery code's hash. */
export type CodeProof = { step: number; now: number } | { recoveryHash: string };
/** An account's two-factor keys, deleted with the account. */
export const twoFactorKeysOf = (adminId: string) => [recordKey(adminId), pendingKey(adminId)];
/** Read with every session: whether staff must have two-factor on. */
export const SECURITY_SETTINGS_KEY = ["settings", "security"] as const;

export type TwoFactorStore = ReturnType<typeof createTwoFactorStore>;

const adminNotFound = () => new NotFoundError("Admin not found");
const notOn = () => new ConflictError(TWO_FACTOR_MESSAGES.notOn);

export function createTwoFactorStore(kv: Deno.Kv) {
  const admins = keyedRecords(kv, adminKey, adminSchema);
  const records = keyedRecords(kv, recordKey, recordSchema);
  const pendings = keyedRecords(kv, pendingKey, pendingSchema);

  /**
   * Turns two-factor off for an account and ends its sessions, but `keepSession` (the owner's
   * own, turning it off); none when `signOut` is false (its secret was lost: nothing changes
   * about who signed in).
   */
  async function turnOff(
    adminId: string,
    signOut: { keepSession?: string } | false,
    audit: (admin: Admin) => AuditDraft,
  ): Promise<Admin> {
    return await admins.change(adminId, adminNotFound, async (admin, op) => {
      if (!admin.twoFactor) throw notOn();
      const next = adminSchema.parse({
        ...admin,
        twoFactor: false,
        twoFactorLost: admin.twoFactorLost || !signOut,
        sessionEpoch: admin.sessionEpoch + (signOut ? 1 : 0),
        updatedAt: nowIso(),
      });
      op.set(adminKey(adminId), next).delete(recordKey(adminId)).delete(pendingKey(adminId));
      if (signOut && signOut.keepSession) {
        await carrySession(
          kv,
          op,
          signOut.keepSession,
          adminId,
          admin.sessionEpoch,
          next.sessionEpoch,
        );
      }
      addAudit(op, audit(next));
      return next;
    });
  }

  return {
    get: records.get,

    async getPending(adminId: string): Promise<Sealed | null> {
      const pending = await pendings.get(adminId);
      return pending && pending.expiresAt > Date.now() ? pending.secret : null;
    },

    /** A secret offered to the account's app, kept until confirmed by a code or expired. */
    async setPending(adminId: string, secret: Sealed): Promise<void> {
      await kv.set(pendingKey(adminId), { secret, expiresAt: Date.now() + ENROLMENT_TTL_MS }, {
        expireIn: ENROLMENT_TTL_MS,
      });
    },

    /**
     * Turns two-factor on: the account's flag, its secret and recovery hashes, one commit that
     * also ends the account's sessions but `keepSession` (the one turning it on).
     */
    async enable(
      adminId: string,
      record: Omit<TwoFactorRecord, "schemaVersion" | "enabledAt">,
      audit: (admin: Admin) => AuditDraft,
      keepSession?: string,
    ): Promise<Admin> {
      return await admins.change(adminId, adminNotFound, async (admin, op) => {
        if (admin.twoFactor) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyOn);
        const next = adminSchema.parse({
          ...admin,
          twoFactor: true,
          twoFactorLost: false,
          sessionEpoch: admin.sessionEpoch + 1,
          updatedAt: nowIso(),
        });
        const stored = recordSchema.parse({ ...record, schemaVersion: 1, enabledAt: nowIso() });
        op.set(adminKey(adminId), next).set(recordKey(adminId), stored).delete(pendingKey(adminId));
        if (keepSession) {
          await carrySession(kv, op, keepSession, adminId, admin.sessionEpoch, next.sessionEpoch);
        }
        addAudit(op, audit(next));
        return next;
      });
    },

    /** New recovery codes (their hashes) in place of the unused ones, with their audit entry. */
    async replaceRecoveryCodes(
      adminId: string,
      recoveryHashes: string[],
      audit: AuditDraft,
    ): Promise<void> {
      await records.change(adminId, notOn, (record, op) => {
        op.set(recordKey(adminId), { ...record, recoveryHashes });
        addAudit(op, audit);
      });
    },

    /** The owner turns it off: its other sessions end. */
    disable: (adminId: string, audit: (admin: Admin) => AuditDraft, keepSession: string) =>
      turnOff(adminId, { keepSession }, audit),

    /** A superadmin's reset: two-factor off and every session of the account ended. */
    reset: (adminId: string, audit: (admin: Admin) => AuditDraft) => turnOff(adminId, {}, audit),

    /**
     * After a restore: the accounts flagged with two-factor whose secret the backup left out are
     * marked lost, each with its audit entry in the same commit. Answers them.
     */
    async markLost(audit: (admin: Admin) => AuditDraft): Promise<Admin[]> {
      const lost: Admin[] = [];
      for await (const e of kv.list({ prefix: ["admin"] })) {
        const admin = adminSchema.parse(e.value);
        if (!admin.twoFactor || admin.twoFactorLost) continue;
        const record = await kv.get(recordKey(admin.id));
        if (record.value) continue;
        const next = adminSchema.parse({ ...admin, twoFactorLost: true, updatedAt: nowIso() });
        const op = kv.atomic().check(e, record).set(adminKey(admin.id), next);
        addAudit(op, audit(next));
        if ((await op.commit()).ok) lost.push(next);
      }
      return lost;
    },

    /** Its secret is not in this store (a restore without secrets): the flag comes down. */
    lost: (adminId: string, audit: (admin: Admin) => AuditDraft) => turnOff(adminId, false, audit),

    /**
     * Spends a code once, in a checked commit (two racing uses of one code: one wins). With
     * `challenge` (a sign-in's), the challenge is spent in the same commit: it makes at most one
     * session, and a code that lost that race stays unspent.
     */
    async useCode(
      adminId: string,
      proof: CodeProof,
      challenge?: string,
    ): Promise<CodeCheck | "challenge_used"> {
      return await retryOnConflict(async () => {
        const keys: Deno.KvKey[] = [recordKey(adminId)];
        if (challenge) keys.push(challengeKey(challenge));
        const [entry, spent] = await kv.getMany(keys);
        if (spent?.value) return done("challenge_used" as const);
        if (!entry.value) return done("invalid" as const);
        const record = recordSchema.parse(entry.value);
        let next: TwoFactorRecord;
        if ("step" in proof) {
          const used = acceptStep(record, proof.step, proof.now);
          if (!used) return done("used" as const);
          next = { ...record, ...used };
        } else {
          if (!record.recoveryHashes.includes(proof.recoveryHash)) return done("invalid" as const);
          next = {
            ...record,
            recoveryHashes: record.recoveryHashes.filter((h) => h !== proof.recoveryHash),
          };
        }
        const op = kv.atomic().check(entry).set(recordKey(adminId), next);
        if (spent) {
          op.check(spent).set(spent.key, true, { expireIn: CHALLENGE_TTL_MS });
        }
        return (await op.commit()).ok ? done("ok" as const) : conflict;
      });
    },

    async settings(): Promise<SecuritySettings> {
      const entry = await kv.get(SECURITY_SETTINGS_KEY);
      return entry.value ? securitySettingsSchema.parse(entry.value) : { requireTwoFactor: false };
    },

    async saveSettings(
      settings: SecuritySettings,
      audit: (before: SecuritySettings) => AuditDraft,
    ): Promise<SecuritySettings> {
      return await retryOnConflict(async () => {
        const entry = await kv.get(SECURITY_SETTINGS_KEY);
        const before = entry.value
          ? securitySettingsSchema.parse(entry.value)
          : { requireTwoFactor: false };
        const op = kv.atomic().check(entry).set(SECURITY_SETTINGS_KEY, settings);
        addAudit(op, audit(before));
        return (await op.commit()).ok ? done(settings) : conflict;
      });
    },
  };
}
