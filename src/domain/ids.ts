import { encodeTime, monotonicFactory } from "ulid";

const next = monotonicFactory();

/** Time-sortable unique id (ULID). */
export function newId(): string {
  return next();
}

/** The smallest id made at `ms` or later: ids made before it sort before it. */
export function idFloor(ms: number): string {
  return encodeTime(ms, 10);
}

/** This process's part of its request ids: random, so the ids of several instances differ. */
const instance = Array.from(
  crypto.getRandomValues(new Uint8Array(6)),
  (b) => b.toString(16).padStart(2, "0"),
).join("");
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
