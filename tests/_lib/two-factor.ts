import * as OTPAuth from "otpauth";
import { assertJsonResponse } from "./assert.ts";
import type { SignedIn } from "./admin.ts";
import { jsonRequest, type TestContext } from "./services.ts";

/** The code an authenticator app shows for `secret` at `at` (the same library as the server). */
export const codeAt = (secret: string, at = Date.now()) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: at,
  });

/** A JSON POST to the API, as `who` (a bearer token) from `client`. */
export const post = (
  t: TestContext,
  path: string,
  body: unknown,
  who?: SignedIn,
  client = "203.0.113.1",
) => t.api.request(path, jsonRequest("POST", body, who?.headers ?? {}), { clientAddress: client });

export interface Enrolled {
  secret: string;
  otpauthUrl: string;
  qr: string[];
  recoveryCodes: string[];
}

/**
 * Turns two-factor on for a signed-in account whose password is `password`, as its owner
 * does: set-up, then a code of the app; answers its secret and recovery codes.
 */
export async function enrol(t: TestContext, who: SignedIn, password: string): Promise<Enrolled> {
  const setup = await assertJsonResponse(
    await post(t, "/api/auth/2fa/setup", { password }, who),
    200,
  ) as { secret: string; otpauthUrl: string; qr: string[] };
  const on = await assertJsonResponse(
    await post(t, "/api/auth/2fa/enable", { code: codeAt(setup.secret), password }, who),
    200,
  ) as { recoveryCodes: string[] };
  return { ...setup, recoveryCodes: on.recoveryCodes };
}

/** The password step; answers the challenge of an account with two-factor on. */
export async function passwordStep(
  t: TestContext,
  email: string,
  password: string,
  client?: string,
) {
  for (const path of ["/api/superadmins/login", "/api/admins/login"]) {
    const res = await post(t, path, { email, password }, undefined, client);
    if (res.status === 401) {
      await res.body?.cancel();
      continue;
    }
    return await assertJsonResponse(res, 200) as {
      twoFactorRequired?: boolean;
      challenge?: string;
      token?: string;
      user?: { id: string };
    };
  }
  throw new Error("password refused");
}

/** Signs in with the password and a code (the app's, or a recovery code). */
export async function signInWithCode(
  t: TestContext,
  creds: { email: string; password: string },
  code: string,
): Promise<SignedIn> {
  const { challenge } = await passwordStep(t, creds.email, creds.password);
  const res = await post(t, "/api/auth/2fa", { challenge, code });
  const { token, user } = await assertJsonResponse(res, 200) as {
    token: string;
    user: { id: string };
  };
  return { token, id: user.id, headers: { Authorization: `Bearer ${token}` } };
}
