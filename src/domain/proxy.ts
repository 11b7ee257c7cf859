/**
 * What a request says about its client when the server runs behind proxies (TRUST_PROXY = how
 * many). Each proxy appends the address it received the request from to `X-Forwarded-For`, so
 * only the last `hops` entries were written by ours: the client is the entry our outermost proxy
 * appended, the `hops`-th from the right. Anything further left is whatever the client sent.
 */

/** `TRUST_PROXY`: unset or `false` is 0 (no proxy), `true` is 1, or a number of proxies. */
export function parseTrustProxy(raw: string | undefined): number {
  if (raw === undefined || raw === "false" || raw === "0") return 0;
  if (raw === "true") return 1;
  if (!/^[1-9][0-9]?$/.test(raw)) {
    throw new Error(
      `Invalid TRUST_PROXY: ${raw} (false, true, or the number of proxies in front, e.g. 2)`,
    );
  }
  return Number(raw);
}

/** An address is at most 45 characters; the cap keeps a malformed header out of KV keys. */
const MAX_ADDRESS = 64;

/**
 * The client's address: the peer's without trusted proxies; else the `hops`-th entry from the
 * right of `X-Forwarded-For` (or its leftmost when a request reached an inner proxy directly and
 * carries fewer entries: every one of them was then written by our proxies).
 */
export function clientAddress(
  forwardedFor: string | null,
  peer: string | undefined,
  hops: number,
): string | undefined {
  if (hops === 0 || !forwardedFor) return peer;
  const entries = forwardedFor.split(",");
  const entry = entries[Math.max(0, entries.length - hops)].trim().slice(0, MAX_ADDRESS);
  return entry || peer;
}

/**
 * Whether the browser is on https: the request's own scheme, or, behind trusted proxies only,
 * what they say in `X-Forwarded-Proto` (a direct client could write anything there).
 */
export function isHttpsRequest(url: URL, forwardedProto: string | null, hops: number): boolean {
  return url.protocol === "https:" || (hops > 0 && forwardedProto?.trim() === "https");
}
