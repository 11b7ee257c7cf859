import { toHex } from "./hex.ts";
/** Crockford's base 32, the ULID alphabet (sorts like the values it encodes). */
const ENCODING = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const TIME_LEN = 10;
const RANDOM_LEN = 16;

/** `ms` as the ULID's first 10 characters. */
function encodeTime(ms: number): string {
  let out = "";
  for (let i = 0; i < TIME_LEN; i++) {
    out = ENCODING[ms % 32] + out;
    ms = Math.floor(ms / 32);
  }
  return out;
}

/** The last id's time and random part (16 base-32 digits), for monotonic ids within one ms. */
let lastTime = -1;
let lastTimePart = "";
const random = new Uint8Array(RANDOM_LEN);
const digits = new Array<number>(RANDOM_LEN).fill(0);

/**
 * Time-sortable unique id (ULID), monotonic in this process: ids of one millisecond take the
 * previous one's random part plus one. One `getRandomValues` per millisecond (the `ulid`
 * package asked it 16 times, a byte each: 3% of a launch's CPU).
 */
export function newId(): string {
  const now = Date.now();
  if (now > lastTime) {
    lastTime = now;
    lastTimePart = encodeTime(now);
    crypto.getRandomValues(random);
    for (let i = 0; i < RANDOM_LEN; i++) digits[i] = random[i] & 31;
  } else {
    let i = RANDOM_LEN - 1;
    while (i >= 0 && digits[i] === 31) digits[i--] = 0;
    if (i < 0) throw new Error("ULID random part overflowed within one millisecond");
    digits[i]++;
  }
  let out = lastTimePart;
  for (let i = 0; i < RANDOM_LEN; i++) out += ENCODING[digits[i]];
  return out;
}

/** The smallest id made at `ms` or later: ids made before it sort before it. */
export function idFloor(ms: number): string {
  return encodeTime(ms);
}

/** This process's part of its request ids: random, so the ids of several instances differ. */
const instance = toHex(crypto.getRandomValues(new Uint8Array(6)));
let requests = 0;

/**
 * A request's id (X-Request-Id, its log lines): unique among every instance's requests, not
 * secret, not sortable (a counter after the process's random part: a tenth of a ULID's cost, on
 * every request).
 */
export function newRequestId(): string {
  return `${instance}-${(++requests).toString(36)}`;
}

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80) || "item";
}
