import { toHex } from "../domain/hex.ts";
import * as OTPAuth from "otpauth";
import { encode as encodeQr } from "uqr";
import { type Admin, toPublicAdmin } from "../domain/admin.ts";
import type { AuditActor } from "../domain/audit.ts";
import { DomainError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import {
  acceptStep,
  CHALLENGE_TTL_MS,
  type CodeCheck,
  formatRecoveryCode,
  isTotpCode,
  normalizeCode,
  RECOVERY_CODE_COUNT,
  type SecuritySettings,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  TOTP_WINDOW,
  TWO_FACTOR_MESSAGES,
} from "../domain/two-factor.ts";
import type { Sealed, TwoFactorStore } from "../store/two-factor.ts";
import { actorOf } from "./admin-accounts.ts";
import { signToken, verifyToken } from "./signed-tokens.ts";

const CHALLENGE_AUDIENCE = "shop-admin-2fa";

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * A wrong second-factor code, or one already used (its own message: wait for the next). At
 * sign-in it is a failed sign-in (401, like a wrong password); in a signed-in account's form
 * (turning two-factor on or off) a field error (422): the session and the form stay.
 */
export class InvalidCodeError extends DomainError {
  constructor(found: "invalid" | "used" = "invalid", status: 401 | 422 = 422) {
    const message = found === "used"
      ? TWO_FACTOR_MESSAGES.usedCode
      : TWO_FACTOR_MESSAGES.invalidCode;
    super(status, found === "used" ? "used_code" : "invalid_code", message, [
      { field: "code", message },
    ]);
  }
}

/** What enrolment shows: the `otpauth://` URI as a QR code, and the secret as text. */
export interface Enrolment {
  secret: string;
  otpauthUrl: string;
  /** The QR code's modules, one string of 0 and 1 per row (drawn as SVG by the page). */
  qr: string[];
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;

/**
 * Staff two-factor sign-in with TOTP (RFC 6238, what every authenticator app reads) and
 * single-use recovery codes. Secrets are encrypted at rest with a key derived from the
 * server's secret; recovery codes are kept only as hashes; a code is accepted once.
 */
export function createTwoFactor(deps: {
  store: TwoFactorStore;
  /** The server's signing secret (JWT_SECRET or the one kept in KV). */
  serverSecret: () => Promise<string>;
  /** The name the app shows beside the code. */
  issuer: string;
}) {
  const { store } = deps;
  let cipherKey: Promise<CryptoKey> | null = null;
  let challengeKey: Promise<Uint8Array> | null = null;

  /** AES-GCM key from the server secret by HKDF: a KV dump alone does not open the secrets. */
  function sealingKey() {
    cipherKey ??= (async () => {
      const base = await crypto.subtle.importKey(
        "raw",
        new TextEncoder().encode(await deps.serverSecret()),
        "HKDF",
        false,
        ["deriveKey"],
      );
      return await crypto.subtle.deriveKey(
        {
          name: "HKDF",
          hash: "SHA-256",
          salt: new TextEncoder().encode("shop-admin-2fa"),
          info: new TextEncoder().encode("totp-secret"),
        },
        base,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"],
      );
    })();
    return cipherKey;
  }

  function signingKey() {
    challengeKey ??= deps.serverSecret().then((s) => new TextEncoder().encode(s));
    return challengeKey;
  }

  async function seal(text: string): Promise<Sealed> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt(
      { name: "AES-GCM", iv },
      await sealingKey(),
      new TextEncoder().encode(text),
    );
    return { iv: b64(iv), data: b64(new Uint8Array(data)) };
  }

  async function unseal(sealed: Sealed): Promise<string> {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: unb64(sealed.iv) },
      await sealingKey(),
      unb64(sealed.data),
    );
    return new TextDecoder().decode(plain);
  }

  const totp = (admin: Admin, secret: string) =>
    new OTPAuth.TOTP({
      issuer: deps.issuer,
      label: admin.email,
      algorithm: "SHA1",
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_S,
      secret: OTPAuth.Secret.fromBase32(secret),
    });

  /** The time step a code belongs to, within the drift allowed, and the server's; or null. */
  function stepOf(admin: Admin, secret: string, code: string) {
    const at = Date.now();
    const delta = totp(admin, secret).validate({ token: code, timestamp: at, window: TOTP_WINDOW });
    const now = Math.floor(at / 1000 / TOTP_PERIOD_S);
    return delta === null ? null : { step: now + delta, now };
  }

  const newRecoveryCodes = () =>
    Array.from(
      { length: RECOVERY_CODE_COUNT },
      () => formatRecoveryCode(crypto.getRandomValues(new Uint8Array(10))),
    );

  const hashCode = async (code: string) =>
    toHex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(normalizeCode(code))));

  const audit = (actor: AuditActor, action: string, admin: Admin, summary: string) => ({
    actor,
    action,
    entity: "admin",
    entityId: admin.id,
    summary,
  });

  /**
   * Whether `code` proves the account's second factor now: an app's code of a step not used
   * before, or an unused recovery code, spent by this call (with `challenge`, a sign-in's, in
   * the same commit as that challenge).
   */
  async function verify(
    admin: Admin,
    code: string,
    challenge?: string,
  ): Promise<CodeCheck | "challenge_used"> {
    const record = await store.get(admin.id);
    if (!record) return "invalid";
    const typed = normalizeCode(code);
    if (isTotpCode(typed)) {
      const step = stepOf(admin, await unseal(record.secret), typed);
      return step ? await store.useCode(admin.id, step, challenge) : "invalid";
    }
    return await store.useCode(admin.id, { recoveryHash: await hashCode(typed) }, challenge);
  }

  return {
    /**
     * A new secret for the account's app, once `proofs` (the current password) passed;
     * two-factor turns on only after a correct code.
     */
    async begin(admin: Admin, proofs: () => Promise<void>): Promise<Enrolment> {
      if (admin.twoFactor) throw new DomainError(409, "conflict", TWO_FACTOR_MESSAGES.alreadyOn);
      await proofs();
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await store.setPending(admin.id, await seal(secret));
      const otpauthUrl = totp(admin, secret).toString();
      const qr = encodeQr(otpauthUrl, { border: 0 }).data.map((row) =>
        row.map((on) => (on ? "1" : "0")).join("")
      );
      return { secret, otpauthUrl, qr };
    },

    /**
     * Confirms enrolment with a code from the app, once `proofs` (the current password)
     * passed; answers the recovery codes, shown once. The account's sessions end but
     * `sessionId`, the one turning it on.
     */
    async enable(
      admin: Admin,
      code: string,
      proofs: () => Promise<void>,
      actor: AuditActor,
      sessionId: string,
    ) {
      await proofs();
      const pending = await store.getPending(admin.id);
      if (!pending) throw new DomainError(409, "conflict", TWO_FACTOR_MESSAGES.noEnrolment);
      const secret = await unseal(pending);
      const step = stepOf(admin, secret, normalizeCode(code));
      if (step === null) throw new InvalidCodeError();
      const used = acceptStep({ lastStep: 0, aheadSteps: [] }, step.step, step.now)!;
      const recoveryCodes = newRecoveryCodes();
      const updated = await store.enable(
        admin.id,
        {
          secret: pending,
          recoveryHashes: await Promise.all(recoveryCodes.map(hashCode)),
          ...used,
        },
        (a) => audit(actor, "admin.2fa.enable", a, "Two-factor authentication turned on"),
        sessionId,
      );
      return { recoveryCodes, user: toPublicAdmin(updated) };
    },

    verify,

    /**
     * Whether an account flagged with two-factor has its secret. A restore that left the
     * secrets out (`deno task backup` without --include-secrets) keeps the flag without them:
     * the flag is then taken down (audited), the account signs in with its password and sets
     * two-factor up again.
     */
    async isSetUp(admin: Admin): Promise<boolean> {
      if (await store.get(admin.id)) return true;
      await store.lost(admin.id, (a) =>
        audit(
          { id: "system", email: "", role: "system" },
          "admin.2fa.lost",
          a,
          "Two-factor turned off: its secret is not in this store (restored without secrets)",
        )).catch(() => {});
      return false;
    },

    /**
     * Turning it off takes the password and a current code, both checked by the sign-in's own
     * checks, under its limits (`proofs` throw when wrong). The account's sessions end but
     * `sessionId`, the one turning it off.
     */
    async disable(
      admin: Admin,
      proofs: () => Promise<void>,
      actor: AuditActor,
      sessionId: string,
    ) {
      await proofs();
      const updated = await store.disable(
        admin.id,
        (a) => audit(actor, "admin.2fa.disable", a, "Two-factor authentication turned off"),
        sessionId,
      );
      return toPublicAdmin(updated);
    },

    /**
     * A superadmin's reset of someone else's two-factor (lost phone): their sessions end too.
     * Never one's own: that would turn it off without the password and a code.
     */
    async reset(target: Admin, actor: AuditActor) {
      if (target.id === actor.id) {
        throw new DomainError(409, "own_account", TWO_FACTOR_MESSAGES.ownReset);
      }
      const updated = await store.reset(
        target.id,
        (a) => audit(actor, "admin.2fa.reset", a, `Two-factor authentication reset for ${a.email}`),
      );
      return toPublicAdmin(updated);
    },

    /** The signed proof that the password was right, valid for the second step only. */
    async challengeFor(admin: Admin): Promise<string> {
      return await signToken(await signingKey(), { epoch: admin.sessionEpoch }, {
        audience: CHALLENGE_AUDIENCE,
        subject: admin.id,
        jti: newId(),
        expiresAt: Date.now() + CHALLENGE_TTL_MS,
      });
    },

    /**
     * The account and session epoch a challenge was issued for, and its id (spent with the code
     * that makes its session); 401 when it is not valid.
     */
    async readChallenge(
      challenge: string,
    ): Promise<{ adminId: string; epoch: number; id: string }> {
      const expired = () =>
        new DomainError(401, "unauthorized", TWO_FACTOR_MESSAGES.challengeExpired);
      const payload = await verifyToken(challenge, await signingKey(), CHALLENGE_AUDIENCE, expired);
      if (typeof payload.epoch !== "number") throw expired();
      return { adminId: payload.sub!, epoch: payload.epoch, id: payload.jti! };
    },

    /** What the account's own screen shows: on or off, recovery codes left, the policy. */
    async status(admin: Admin) {
      const [record, settings] = await Promise.all([store.get(admin.id), store.settings()]);
      return {
        enabled: admin.twoFactor,
        recoveryCodesLeft: admin.twoFactor ? record?.recoveryHashes.length ?? 0 : 0,
        required: settings.requireTwoFactor,
      };
    },

    /**
     * New recovery codes on demand, once `proofs` (the password and a current code) passed: the
     * unused ones stop working. Answers the new ones, shown once.
     */
    async regenerateRecoveryCodes(
      admin: Admin,
      proofs: () => Promise<void>,
      actor: AuditActor,
    ): Promise<string[]> {
      if (!admin.twoFactor) throw new DomainError(409, "conflict", TWO_FACTOR_MESSAGES.notOn);
      await proofs();
      const recoveryCodes = newRecoveryCodes();
      await store.replaceRecoveryCodes(
        admin.id,
        await Promise.all(recoveryCodes.map(hashCode)),
        audit(actor, "admin.2fa.recovery_codes", admin, "New recovery codes made"),
      );
      return recoveryCodes;
    },

    settings: () => store.settings(),

    /** Requiring two-factor for all staff is for a superadmin who has it on (never a lock-out). */
    async saveSettings(settings: SecuritySettings, by: Admin) {
      if (settings.requireTwoFactor && !by.twoFactor) {
        throw new DomainError(409, "conflict", TWO_FACTOR_MESSAGES.ownFirst);
      }
      return await store.saveSettings(settings, (before) => ({
        actor: actorOf(by),
        action: "settings.security",
        entity: "settings",
        entityId: "security",
        summary: settings.requireTwoFactor
          ? "Two-factor authentication required for all staff"
          : "Two-factor authentication optional",
        before,
        after: settings,
      }));
    },
  };
}
