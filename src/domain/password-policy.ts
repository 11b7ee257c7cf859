/**
 * The rule for a new staff password. Server only: the estimator carries about 2 MB of word
 * lists (the most common passwords, names, keyboard patterns), which no page should load.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import { normalizeEmail } from "./email.ts";

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;
/** zxcvbn's score 3: about 10^8 guesses at least (a common password, with or without digits and l33t, scores lower). */
const MIN_SCORE = 3;

export const COMMON_PASSWORD_MESSAGE =
  "This password is too common or easy to guess: choose a longer, less predictable one";

let estimator: ZxcvbnFactory | null = null;

/** Why a new password is refused, or null. `account` words (email, name) count as guessable. */
export function passwordProblem(
  password: string,
  account: { email: string; username?: string },
): string | null {
  const trimmed = password.trim();
  if (!trimmed) return "Password must not be blank";
  if (trimmed.length < MIN_PASSWORD_LENGTH) {
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters (spaces at either end do not count)`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  }
  const email = normalizeEmail(account.email);
  if (normalizeEmail(password) === email) return "Password must not be the email address";
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
  });
  const words = [email, email.split("@")[0], account.username ?? ""].filter(Boolean);
  return estimator.check(password, words).score < MIN_SCORE ? COMMON_PASSWORD_MESSAGE : null;
}
