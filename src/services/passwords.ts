/** PBKDF2-SHA256 with 600,000 iterations (OWASP's figure), a 16-byte salt, a 32-byte hash. */
export const ITERATIONS = 600_000;
let iterationsOfNewHashes = ITERATIONS;

/**
 * Tests only (tests/_lib/services.ts): new hashes take `iterations` rounds. The tests prove the
 * rules around passwords, not PBKDF2's cost, and they hash hundreds (every seeded KV, staff
 * account and guess: a quarter of a second each); a stored hash carries its own count, so
 * verification runs the same code. tests/unit/foundation_test.ts holds production to ITERATIONS.
 */
export function setHashIterationsForTests(iterations: number) {
  iterationsOfNewHashes = iterations;
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(password),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** "pbkdf2-sha256$600000$<salt>$<hash>" */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterationsOfNewHashes);
  return `pbkdf2-sha256$${iterationsOfNewHashes}$${b64(salt)}$${b64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iter, salt, hash] = stored.split("$");
  if (scheme !== "pbkdf2-sha256" || !iter || !salt || !hash) return false;
  const actual = await derive(password, unb64(salt), Number(iter));
  const expected = unb64(hash);
  if (actual.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= actual[i] ^ expected[i];
  return diff === 0;
}

/** A random password for the first superadmin when none is configured. */
export function randomPassword(): string {
  return b64(crypto.getRandomValues(new Uint8Array(18))).replace(/[+/=]/g, "x");
}
