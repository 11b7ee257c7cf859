import { type Admin, adminSchema, toPublicAdmin } from "../domain/admin.ts";
import { DomainError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import type { AdminStore } from "../store/admins.ts";
import {
  type AttemptBucket,
  type AttemptClaim,
  claimAttempt,
  refundAttempt,
} from "../store/rate-limits.ts";
import { normalizeEmail } from "../domain/email.ts";
import { clientGroup } from "../domain/client-group.ts";
import { sessionKey, type SessionRecord } from "../store/sessions.ts";
import { getOrCreateSecret } from "./secrets.ts";
import { signToken, verifyToken } from "./signed-tokens.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { InvalidCodeError, type TwoFactor } from "./two-factor.ts";
import { SECURITY_SETTINGS_KEY } from "../store/two-factor.ts";
import { TWO_FACTOR_MESSAGES, type TwoFactorChallenge } from "../domain/two-factor.ts";

/** Absolute lifetime of a sign-in: a working day. */
export const SESSION_TTL_MS = 8 * 60 * 60_000;
const AUDIENCE = "shop-admin";

const MINUTE = 60_000;

/**
 * Password attempts (a login, or the current password on a change of one's own) allowed per
 * window, a window opening at its first attempt. Counted before the password is checked and
 * given back when it was right, so they bound wrong guesses only. A client is an IPv4 address
 * or an IPv6 /64 (domain/client-group.ts). One client locks itself out of one account (`pair`)
 * or of all (`client`). An account's own bound (`account`, past `account.freeAttempts` each
 * attempt waits longer: 1 s, doubling every 10 attempts, at most a minute) counts guesses from
 * every client, so strangers can fill it: past it the password is still checked and a wrong
 * one refused as before, but the right one passes when its owner can prove more than the
 * password (the account's second factor, or a client that signed in to it within
 * `KNOWN_CLIENT_MS`). An owner without either, on a network new to the account, comes from a
 * clean client (nothing of its own counted in its window, unlike every address that guessed):
 * its attempt is checked in the account's lane for clean clients (`fresh`, a bound of its own
 * that only wrong passwords from as many fresh clients fill). Strangers never lock the owner
 * out: from known clients or with the second factor not at all, from a new network unless they
 * spend more fresh clients in an hour than `fresh.limit`. Wrong second-factor codes have their
 * own account bound (`code`), which only someone who knows the password can fill.
 */
export const LOGIN_LIMITS = {
  pair: { limit: 10, windowMs: 15 * MINUTE },
  client: { limit: 30, windowMs: 15 * MINUTE },
  account: { limit: 100, windowMs: 60 * MINUTE, freeAttempts: 50 },
  fresh: { limit: 30, windowMs: 60 * MINUTE },
  code: { limit: 100, windowMs: 60 * MINUTE },
} as const;

/** How long a client that signed in to an account stays known to it. */
export const KNOWN_CLIENT_MS = 30 * 24 * 60 * MINUTE;
const knownClientKey = (email: string, client: string) => ["login_known_client", email, client];

/** The least time between two attempts on an account that has counted `n` in its window. */
export function accountGapMs(n: number): number {
  const over = n - LOGIN_LIMITS.account.freeAttempts;
  return over < 0 ? 0 : Math.min(60_000, 1000 * 2 ** (over / 10));
}

export const LOGIN_FAILED_MESSAGE = "Invalid email or password";
export const SESSION_COOKIE = "admin_session";
/** Over https the cookie takes the `__Host-` prefix (which requires `Secure`). */
export const cookieName = (https: boolean) => https ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;

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

/** A sign-in that made a session. */
export interface SignedIn {
  token: string;
  expiresAt: number;
  user: ReturnType<typeof toPublicAdmin>;
  admin: Admin;
}

/** Which login endpoint was called: the superadmin one answers 401 for a regular admin. */
export type LoginEndpoint = "superadmin" | "admin";

export type AdminAuth = ReturnType<typeof createAdminAuth>;

/**
 * Staff sign-in: JWTs (HS256 only, issuer, audience, 8 h) naming a session kept in KV, so a
 * logout, deactivation, deletion, role or password change takes effect on the next request on
 * every instance. Failed logins are counted per email and per client in KV.
 */
export function createAdminAuth(deps: {
  kv: Deno.Kv;
  admins: AdminStore;
  twoFactor: TwoFactor;
  jwtSecret?: string;
}) {
  const { kv, admins } = deps;
  let key: Uint8Array | null = null;
  // A fixed hash to verify against when the email is unknown: same work, same timing.
  let dummyHash: Promise<string> | null = null;

  async function signingKey() {
    key ??= new TextEncoder().encode(await getOrCreateSecret(kv, "jwt", deps.jwtSecret));
    return key;
  }

  /**
   * Runs `check` (a password or a second-factor code of the account `email`) under the sign-in
   * limits: the attempt is counted first, per (email, client), per client and per account, and
   * given back when the check passed (`passed` of its answer); over a client's limit nothing is
   * checked. Over the account's own limit (`account`, filled by anyone) the check runs when
   * `vouched` says the owner will prove more than it (a wrong answer is then refused), or, for a
   * clean client (nothing counted for it), when the account's `fresh` lane has room.
   */
  async function guarded<T>(
    email: string,
    address: string,
    account: AttemptBucket,
    check: () => Promise<T>,
    passed: (answer: T) => boolean,
    vouched: () => Promise<boolean>,
    fresh?: AttemptBucket,
  ): Promise<T> {
    const client = clientGroup(address);
    const { pair, client: perClient } = LOGIN_LIMITS;
    const own = await claimAttempt(kv, [
      { bucket: "login_pair", who: `${email} ${client}`, ...pair },
      { bucket: "login_client", who: client, ...perClient },
    ]);
    if (!own.allowed) throw new TooManyLoginsError(own.retryAfter);
    const shared = await claimAttempt(kv, [account]);
    // The account's counter this attempt took a place in: its own bound, or the clean lane.
    let lane: AttemptClaim = [];
    if (shared.allowed) lane = shared.claim;
    else if (!await vouched()) {
      const clean = own.before.every((n) => n === 0);
      const apart = clean && fresh ? await claimAttempt(kv, [fresh]) : null;
      if (!apart?.allowed) {
        // Refused unchecked, as if never tried: the client's own allowance is untouched.
        await refundAttempt(kv, own.claim);
        throw new TooManyLoginsError(shared.retryAfter);
      }
      lane = apart.claim;
    }
    const answer = await check();
    if (!passed(answer)) {
      // A wrong answer that passed only by its owner's proof: refused as the bound says.
      if (!shared.allowed && lane.length === 0) throw new TooManyLoginsError(shared.retryAfter);
      return answer;
    }
    await refundAttempt(kv, [...own.claim, ...lane]);
    return answer;
  }

  const accountBucket = (email: string): AttemptBucket => ({
    bucket: "login_account",
    who: email,
    ...LOGIN_LIMITS.account,
    gapMs: accountGapMs,
  });

  /**
   * Checks `password` against `admin`'s (or, for no account, against a dummy hash: same work,
   * same timing), the attempt counted first for the email and the client address. Past the
   * account's own limit, it is checked only when the second factor is still to come, from a
   * client that signed in to the account before, or from a clean client in the account's lane
   * for them (`LOGIN_LIMITS.fresh`).
   */
  function checkPassword(
    email: string,
    admin: Admin | null,
    password: string,
    client: string,
  ): Promise<boolean> {
    return guarded(
      email,
      client,
      accountBucket(email),
      async () => {
        dummyHash ??= hashPassword(newId());
        const ok = await verifyPassword(password, admin?.passwordHash ?? await dummyHash);
        return !!admin && ok;
      },
      (ok) => ok,
      async () =>
        !!admin && (
          (admin.twoFactor && await deps.twoFactor.isSetUp(admin)) ||
          (await kv.get(knownClientKey(email, clientGroup(client)))).value !== null
        ),
      { bucket: "login_fresh", who: email, ...LOGIN_LIMITS.fresh },
    );
  }

  /** Remembers that `client` signed in to `email`'s account (it vouches for its owner). */
  async function knownClient(email: string, client: string) {
    await kv.set(knownClientKey(email, clientGroup(client)), true, { expireIn: KNOWN_CLIENT_MS });
  }

  /**
   * A second-factor code of `admin`, counted like a password. With `challenge` (a sign-in's
   * id), the code and the challenge are spent together (a challenge already spent is refused
   * as expired) and a wrong or used code is a 401; without, it is a field error (422) of a
   * signed-in account's form.
   */
  async function checkCode(
    admin: Admin,
    code: string,
    client: string,
    challenge?: string,
  ): Promise<void> {
    const found = await guarded(
      admin.email,
      client,
      { bucket: "login_code", who: admin.email, ...LOGIN_LIMITS.code },
      () => deps.twoFactor.verify(admin, code, challenge),
      (answer) => answer === "ok",
      () => Promise.resolve(false),
    );
    if (found === "challenge_used") {
      throw new UnauthorizedError(TWO_FACTOR_MESSAGES.challengeExpired);
    }
    if (found !== "ok") throw new InvalidCodeError(found, challenge ? 401 : 422);
  }

  async function issue(admin: Admin): Promise<{ token: string; expiresAt: number }> {
    const jti = newId();
    const expiresAt = Date.now() + SESSION_TTL_MS;
    const record: SessionRecord = { adminId: admin.id, epoch: admin.sessionEpoch, expiresAt };
    await kv.set(await sessionKey(jti), record, { expireIn: SESSION_TTL_MS });
    const token = await signToken(await signingKey(), { role: admin.role }, {
      audience: AUDIENCE,
      subject: admin.id,
      jti,
      expiresAt,
    });
    return { token, expiresAt };
  }

  return {
    async login(
      email: string,
      password: string,
      endpoint: LoginEndpoint,
      client: string,
    ): Promise<SignedIn | TwoFactorChallenge> {
      const who = normalizeEmail(email);
      const admin = await admins.getByEmail(who);
      const ok = await checkPassword(who, admin, password, client);
      if (!admin || !ok) {
        throw new UnauthorizedError(LOGIN_FAILED_MESSAGE);
      }
      // The right password on the superadmin endpoint for a regular admin: the UI then tries
      // the admin endpoint (spec), so this 401 is part of a normal sign-in, and its attempt was
      // given back like every right password.
      if (endpoint === "superadmin" && admin.role !== "superadmin") {
        throw new UnauthorizedError(LOGIN_FAILED_MESSAGE);
      }
      if (admin.status !== "active") {
        throw new ForbiddenError("This account is deactivated. Ask a superadmin to activate it.");
      }
      // The password was right; with two-factor on, the session waits for the code.
      if (admin.twoFactor && await deps.twoFactor.isSetUp(admin)) {
        return { twoFactorRequired: true, challenge: await deps.twoFactor.challengeFor(admin) };
      }
      await knownClient(who, client);
      const { token, expiresAt } = await issue(admin);
      return { token, expiresAt, user: toPublicAdmin(admin), admin };
    },

    /**
     * The second step of a sign-in with two-factor: the challenge of a right password and a
     * code. Wrong codes count toward the same limits as wrong passwords.
     */
    async loginWithCode(challenge: string, code: string, client: string): Promise<SignedIn> {
      const { adminId, epoch, id } = await deps.twoFactor.readChallenge(challenge);
      const admin = await admins.get(adminId);
      // A reset, password change or deactivation since the password step ends the challenge.
      if (!admin || admin.sessionEpoch !== epoch || !admin.twoFactor) {
        throw new UnauthorizedError(TWO_FACTOR_MESSAGES.challengeExpired);
      }
      if (admin.status !== "active") {
        throw new ForbiddenError("This account is deactivated. Ask a superadmin to activate it.");
      }
      // The code and the challenge are spent in one commit: one challenge, one session.
      await checkCode(admin, code, client, id);
      await knownClient(admin.email, client);
      const { token, expiresAt } = await issue(admin);
      return { token, expiresAt, user: toPublicAdmin(admin), admin };
    },

    checkCode,

    /**
     * Whether `password` is `admin`'s own, counted in the same limits as a login (a stolen
     * session cannot be used to guess its account's password).
     */
    confirmPassword(admin: Admin, password: string, client: string): Promise<boolean> {
      return checkPassword(admin.email, admin, password, client);
    },

    /** The session behind a token; throws 401 for anything that is not a live session. */
    async authenticate(token: string | undefined | null): Promise<Session> {
      if (!token) throw new UnauthorizedError();
      const { sub, jti } = await verifyToken(
        token,
        await signingKey(),
        AUDIENCE,
        () => new UnauthorizedError("Your session is invalid or has expired. Please sign in."),
      );
      if (!sub || !jti) throw new UnauthorizedError();
      const [session, adminEntry, security] = await kv.getMany<
        [SessionRecord, unknown, { requireTwoFactor?: boolean }]
      >([await sessionKey(jti), ["admin", sub], SECURITY_SETTINGS_KEY]);
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
      await kv.delete(await sessionKey(sessionId));
    },
  };
}

/** 429 with `Retry-After` (seconds): a login, or a current password, past its limits. */
export class TooManyLoginsError extends DomainError {
  constructor(readonly retryAfterS: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
    super(
      429,
      "rate_limited",
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${
        minutes === 1 ? "" : "s"
      }.`,
    );
  }
}
