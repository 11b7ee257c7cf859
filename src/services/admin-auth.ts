import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { type Admin, adminSchema, toPublicAdmin } from "../domain/admin.ts";
import { DomainError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import type { AdminStore } from "../store/admins.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import { normalizeEmail } from "../domain/email.ts";
import { getOrCreateSecret } from "./secrets.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { InvalidCodeError, type TwoFactor } from "./two-factor.ts";
import { SECURITY_SETTINGS_KEY } from "../store/two-factor.ts";
import type { TwoFactorChallenge } from "../domain/two-factor.ts";
import { TWO_FACTOR_MESSAGES } from "../domain/two-factor.ts";

/** Absolute lifetime of a sign-in: a working day. */
export const SESSION_TTL_MS = 8 * 60 * 60_000;
const ISSUER = "shop";
const AUDIENCE = "shop-admin";

/** Failed logins allowed per email and per client address in one window. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

export const LOGIN_FAILED_MESSAGE = "Invalid email or password";
export const SESSION_COOKIE = "admin_session";
/** Over https the cookie takes the `__Host-` prefix (which requires `Secure`). */
export const cookieName = (https: boolean) => https ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;

const sessionKey = (jti: string) => ["admin_session", jti] as const;

interface SessionRecord {
  adminId: string;
  epoch: number;
  expiresAt: number;
}

export class UnauthorizedError extends DomainError {
  constructor(message = "Authentication required") {
    super(401, "unauthorized", message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = "You do not have permission to do this") {
    super(403, "forbidden", message);
  }
}

export interface Session {
  admin: Admin;
  sessionId: string;
  /** Two-factor is required for all staff and this account has it off: enrolment first. */
  enrolmentRequired: boolean;
}

/** Which login endpoint was called: the superadmin one answers 401 for a regular admin. */
export type LoginEndpoint = "superadmin" | "admin";

export type AdminAuth = ReturnType<typeof createAdminAuth>;

/** A sign-in that made a session. */
export interface SignedIn {
  token: string;
  expiresAt: number;
  user: ReturnType<typeof toPublicAdmin>;
  admin: Admin;
}

/**
 * Staff sign-in: JWTs (HS256 only, issuer, audience, 8 h) naming a session kept in KV, so a
 * logout, deactivation, deletion, role or password change takes effect on the next request on
 * every instance. Failed logins are counted per email and per client in KV.
 */
export function createAdminAuth(deps: {
  kv: Deno.Kv;
  admins: AdminStore;
  rateLimits: RateLimitStore;
  twoFactor: TwoFactor;
  jwtSecret?: string;
}) {
  const { kv, admins, rateLimits } = deps;
  let key: Uint8Array | null = null;
  // A fixed hash to verify against when the email is unknown: same work, same timing.
  let dummyHash: Promise<string> | null = null;

  async function signingKey() {
    key ??= new TextEncoder().encode(await getOrCreateSecret(kv, "jwt", deps.jwtSecret));
    return key;
  }

  async function throttle(buckets: [string, string][]) {
    for (const [bucket, who] of buckets) {
      const r = await rateLimits.peek(bucket, who, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS);
      if (!r.allowed) {
        throw new TooManyLoginsError(r.retryAfter);
      }
    }
  }

  async function issue(admin: Admin): Promise<{ token: string; expiresAt: number }> {
    const jti = newId();
    const expiresAt = Date.now() + SESSION_TTL_MS;
    const record: SessionRecord = { adminId: admin.id, epoch: admin.sessionEpoch, expiresAt };
    await kv.set(sessionKey(jti), record, { expireIn: SESSION_TTL_MS });
    const token = await new SignJWT({ role: admin.role })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(admin.id)
      .setJti(jti)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(await signingKey());
    return { token, expiresAt };
  }

  async function countFailure(buckets: [string, string][]) {
    for (const [bucket, id] of buckets) {
      await rateLimits.hit(bucket, id, Number.MAX_SAFE_INTEGER, LOGIN_FAILURE_WINDOW_MS);
    }
  }

  /**
   * Checks a second-factor code of `admin` under the sign-in limits: a wrong one counts as
   * a failed sign-in (per email and per client), and over the limit nothing is checked.
   */
  async function checkCode(admin: Admin, code: string, client: string): Promise<void> {
    const buckets: [string, string][] = [["login_email", admin.email], ["login_client", client]];
    await throttle(buckets);
    if (!await deps.twoFactor.verify(admin, code)) {
      await countFailure(buckets);
      throw new InvalidCodeError();
    }
  }

  return {
    async login(
      email: string,
      password: string,
      endpoint: LoginEndpoint,
      client: string,
    ): Promise<SignedIn | TwoFactorChallenge> {
      const who = normalizeEmail(email);
      const buckets: [string, string][] = [["login_email", who], ["login_client", client]];
      await throttle(buckets);
      const admin = await admins.getByEmail(who);
      dummyHash ??= hashPassword(newId());
      const ok = await verifyPassword(password, admin?.passwordHash ?? await dummyHash);
      if (!admin || !ok) {
        await countFailure(buckets);
        throw new UnauthorizedError(LOGIN_FAILED_MESSAGE);
      }
      // The right password on the superadmin endpoint for a regular admin: the UI then tries
      // the admin endpoint (spec), so this 401 is part of a normal sign-in, not a failure.
      if (endpoint === "superadmin" && admin.role !== "superadmin") {
        throw new UnauthorizedError(LOGIN_FAILED_MESSAGE);
      }
      if (admin.status !== "active") {
        throw new ForbiddenError("This account is deactivated. Ask a superadmin to activate it.");
      }
      // The password was right; with two-factor on, the session waits for the code.
      if (admin.twoFactor) {
        return { twoFactorRequired: true, challenge: await deps.twoFactor.challengeFor(admin) };
      }
      const { token, expiresAt } = await issue(admin);
      return { token, expiresAt, user: toPublicAdmin(admin), admin };
    },

    /**
     * The second step of a sign-in with two-factor: the challenge of a right password and a
     * code. Wrong codes count toward the same limits as wrong passwords.
     */
    async loginWithCode(challenge: string, code: string, client: string): Promise<SignedIn> {
      const { adminId, epoch } = await deps.twoFactor.readChallenge(challenge);
      const admin = await admins.get(adminId);
      // A reset, password change or deactivation since the password step ends the challenge.
      if (!admin || admin.sessionEpoch !== epoch || !admin.twoFactor) {
        throw new UnauthorizedError(TWO_FACTOR_MESSAGES.challengeExpired);
      }
      if (admin.status !== "active") {
        throw new ForbiddenError("This account is deactivated. Ask a superadmin to activate it.");
      }
      await checkCode(admin, code, client);
      const { token, expiresAt } = await issue(admin);
      return { token, expiresAt, user: toPublicAdmin(admin), admin };
    },

    checkCode,

    /** The session behind a token; throws 401 for anything that is not a live session. */
    async authenticate(token: string | undefined | null): Promise<Session> {
      if (!token) throw new UnauthorizedError();
      let sub: string | undefined;
      let jti: string | undefined;
      try {
        const { payload } = await jwtVerify(token, await signingKey(), {
          algorithms: ["HS256"],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ["sub", "jti", "exp"],
        });
        sub = payload.sub;
        jti = payload.jti;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) {
          throw new UnauthorizedError("Your session is invalid or has expired. Please sign in.");
        }
        throw err;
      }
      if (!sub || !jti) throw new UnauthorizedError();
      const [session, adminEntry, security] = await kv.getMany<
        [SessionRecord, unknown, { requireTwoFactor?: boolean }]
      >([sessionKey(jti), ["admin", sub], SECURITY_SETTINGS_KEY]);
      const record = session.value;
      if (!record || record.adminId !== sub || record.expiresAt <= Date.now()) {
        throw new UnauthorizedError("Your session has ended. Please sign in again.");
      }
      const admin = adminEntry.value ? adminSchema.parse(adminEntry.value) : null;
      if (!admin || admin.sessionEpoch !== record.epoch || admin.status !== "active") {
        throw new UnauthorizedError("Your session has ended. Please sign in again.");
      }
      const enrolmentRequired = security.value?.requireTwoFactor === true && !admin.twoFactor;
      return { admin, sessionId: jti, enrolmentRequired };
    },

    async logout(sessionId: string): Promise<void> {
      await kv.delete(sessionKey(sessionId));
    },
  };
}

export class TooManyLoginsError extends DomainError {
  constructor(readonly retryAfter: number) {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    super(
      429,
      "rate_limited",
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${
        minutes === 1 ? "" : "s"
      }.`,
    );
  }
}
