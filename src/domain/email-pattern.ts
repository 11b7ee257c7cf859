/**
 * The one rule for an email address, for every email field of the app (checkout, manual
 * orders, staff accounts and profiles, newsletter, stock alerts, demo requests): one address,
 * nothing that could end a mail header or name a second recipient. Kept apart from email.ts
 * so browser code can use it without bundling zod.
 */

/** Longest address we take (RFC 5321 path limit), and its longest local part. */
export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;

/**
 * Never in an address we take: white space and control characters (CR/LF end a header), the
 * list and group separators (`,` `;` `:`), a second `@`, quotes, comments and angle brackets.
 */
const PART = String.raw`[^\s\p{Cc}\p{Cf}@,;:<>()\[\]\\"]`;
const LABEL = String.raw`[^\s\p{Cc}\p{Cf}@,;:<>()\[\]\\".]+`;

/**
 * `local@domain.tld`: a domain of dot-separated labels, or `localhost` alone (the address the
 * shop gives its first superadmin and its own mails when none is configured).
 */
const EMAIL_ADDRESS = new RegExp(`^${PART}+@(?:${LABEL}(?:\\.${LABEL})+|localhost)$`, "iu");

/** Whether `value` (already trimmed) is one email address we accept. */
export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && value.indexOf("@") <= MAX_LOCAL_LENGTH &&
    EMAIL_ADDRESS.test(value);
}
