import { z } from "zod";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
/** Clock drift allowed either side, in steps. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** A sign-in's second step must follow its password within this time. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** An enrolment not confirmed within this time starts over. */
export const ENROLMENT_TTL_MS = 15 * 60_000;

export const TWO_FACTOR_MESSAGES = {
  invalidCode: "Invalid authentication code",
  usedCode: "This code was already used. Wait for the next one in your app.",
  challengeExpired: "Your sign-in has expired. Please sign in again.",
  noEnrolment: "Start the set-up again: it has expired",
  alreadyOn: "Two-factor authentication is already on",
  notOn: "Two-factor authentication is not on",
  enrolmentRequired: "Set up two-factor authentication to continue",
  enabled: "Two-factor authentication is on",
  disabled: "Two-factor authentication is off",
  reset: "Two-factor authentication was reset",
  newRecoveryCodes: "New recovery codes made: the old ones no longer work",
  ownFirst: "Turn on two-factor authentication for your own account first",
  ownReset: "Turn your own two-factor authentication off in Profile Settings",
} as const;

/** A code as typed: digits of the app, or a recovery code; spaces and dashes ignored. */
const codeField = z.string().trim().min(1, "Authentication code is required").max(40);

export const twoFactorLoginSchema = z.object({
  challenge: z.string().min(1, "Challenge is required").max(2000),
  code: codeField,
});

/** The account's current password: a session alone never changes its second factor. */
const passwordField = z.string().min(1, "Current password is required").max(200);

export const twoFactorSetupSchema = z.object({ password: passwordField });

export const twoFactorEnableSchema = z.object({ code: codeField, password: passwordField });

/** Turning it off, and new recovery codes: the password and a current code. */
export const twoFactorDisableSchema = z.object({ password: passwordField, code: codeField });

export const securitySettingsSchema = z.object({
  requireTwoFactor: z.boolean(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** What the login calls answer for an account with two-factor on, instead of a session. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  challenge: string;
}

/**
 * The TOTP steps an account has used: every step up to `lastStep`, and `aheadSteps`, steps of
 * the clock drift allowed ahead of the server's (accepted without moving `lastStep`, so the
 * owner's code of the current step still works after a code of the next one).
 */
export interface UsedSteps {
  lastStep: number;
  aheadSteps: number[];
}

/**
 * Accepts a code of `step` at the server's step `now`: the steps used after it, or null when
 * that step was used (a replay, or a step before the last one used).
 */
export function acceptStep(used: UsedSteps, step: number, now: number): UsedSteps | null {
  if (step <= used.lastStep || used.aheadSteps.includes(step)) return null;
  if (step > now) return { lastStep: used.lastStep, aheadSteps: [...used.aheadSteps, step] };
  return { lastStep: step, aheadSteps: used.aheadSteps.filter((s) => s > step) };
}

/** What checking a code found: a right code (now spent), a wrong one, or one already used. */
export type CodeCheck = "ok" | "invalid" | "used";

/** The code with spaces and dashes taken out, upper case (recovery codes are base32). */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();

/** Six digits: an app's code; anything else is tried as a recovery code. */
export const isTotpCode = (code: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** A recovery code from 10 random bytes: 16 base32 characters shown as `XXXX-XXXX-XXXX-XXXX`. */
export function formatRecoveryCode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.slice(0, 16).match(/.{4}/g)!.join("-");
}
