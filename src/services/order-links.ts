import { createHash, type Hash, timingSafeEqual } from "node:crypto";
import { fromBase64Url, toBase64Url } from "../domain/base64url.ts";
import { getOrCreateSecret } from "./secrets.ts";

/**
 * A page a signed link opens: the MAC covers its purpose prefix (a signature made for another
 * use of the secret never passes), and its path in each language.
 */
export interface SignedPage {
  purpose: string;
  path: { en: string; fr: string };
}

/** The buyer's order page. */
export const ORDER_PAGE: SignedPage = {
  purpose: "order-page:",
  path: { en: "/orders", fr: "/fr/orders" },
};

/** The buyer's quote page (a devis): the order page's link rules, its own purpose. */
export const QUOTE_PAGE: SignedPage = {
  purpose: "quote-page:",
  path: { en: "/quotes", fr: "/fr/devis" },
};
const encoder = new TextEncoder();
/** How many order numbers' tokens are kept (a few KB). */
const RECENT_TOKENS = 256;

export type OrderLinks = ReturnType<typeof createOrderLinks>;

/**
 * HMAC-SHA256 (RFC 2104) with `key`: the hashes of its two padded blocks are made once and
 * copied for each message (`createHmac` hashed both again for every token: a third of an order
 * link's cost).
 */
function hmacSha256(key: Uint8Array): (message: string) => Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? createHash("sha256").update(key).digest() : key);
  const padded = (pad: number): Hash => createHash("sha256").update(block.map((b) => b ^ pad));
  const inner = padded(0x36);
  const outer = padded(0x5c);
  return (message) =>
    new Uint8Array(outer.copy().update(inner.copy().update(message).digest()).digest());
}

/**
 * The buyer's link to their order page, `/orders/{orderNumber}?t={token}`: the token is an
 * HMAC-SHA256 of the order number by the server, so the link needs no account and no stored
 * record, and nobody can reach another order by changing the number.
 */
export function createOrderLinks(
  kv: Deno.Kv,
  configuredSecret: string | undefined,
  siteUrl: string,
  page: SignedPage = ORDER_PAGE,
) {
  const secretKey = async () =>
    encoder.encode(
      `${page.purpose}${await getOrCreateSecret(kv, "order_links", configuredSecret)}`,
    );
  let loading: Promise<(message: string) => Uint8Array> | undefined;
  let keyed: ((message: string) => Uint8Array) | undefined;
  /**
   * The MAC, computed on this thread: WebCrypto's `sign` runs on a worker thread, and waiting
   * for its answer behind a crowd's other work was 1.4 ms of each order's one-at-a-time step.
   */
  async function mac(orderNumber: string): Promise<Uint8Array> {
    keyed ??= await (loading ??= secretKey().then(hmacSha256));
    return keyed(orderNumber);
  }

  /**
   * The last orders' tokens: a new order's is made for its mail and again for the buyer's
   * answer, in the same moment.
   */
  const recent = new Map<string, string>();

  async function token(orderNumber: string): Promise<string> {
    const known = recent.get(orderNumber);
    if (known) return known;
    const made = toBase64Url(await mac(orderNumber));
    if (recent.size >= RECENT_TOKENS) recent.delete(recent.keys().next().value!);
    recent.set(orderNumber, made);
    return made;
  }

  /**
   * The order page's path with its token, in the order's language, for the buyer's own pages
   * (the success dialog).
   */
  async function path(orderNumber: string, lang: "en" | "fr" = "en"): Promise<string> {
    return `${page.path[lang]}/${encodeURIComponent(orderNumber)}?t=${await token(orderNumber)}`;
  }

  return {
    token,

    /** Whether `token` was made for this order number (constant time). */
    async verify(orderNumber: string, token: string | null | undefined): Promise<boolean> {
      if (!token || token.length > 100) return false;
      const given = fromBase64Url(token);
      // Only the canonical spelling: base64url's last character carries unused bits, so
      // another spelling of the same MAC is an altered link all the same.
      if (!given || toBase64Url(given) !== token) return false;
      const expected = await mac(orderNumber);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    path,

    /** The order page's full address, for mails, in the order's language. */
    async url(orderNumber: string, lang: "en" | "fr" = "en"): Promise<string> {
      return `${siteUrl}${await path(orderNumber, lang)}`;
    },
  };
}
