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
  let key: Promise<CryptoKey> | undefined;
  const hmacKey = () =>
    key ??= getOrCreateSecret(kv, "order_links", configuredSecret).then((secret) =>
      crypto.subtle.importKey(
        "raw",
        encoder.encode(`${page.purpose}${secret}`),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign", "verify"],
      )
    );

  /**
   * The last orders' tokens: a new order's is made for its mail and again for the buyer's
   * answer, in the same moment.
   */
  const recent = new Map<string, string>();

  async function token(orderNumber: string): Promise<string> {
    const known = recent.get(orderNumber);
    if (known) return known;
    const mac = await crypto.subtle.sign("HMAC", await hmacKey(), encoder.encode(orderNumber));
    const made = toBase64Url(new Uint8Array(mac));
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
      const mac = fromBase64Url(token);
      // Only the canonical spelling: base64url's last character carries unused bits, so
      // another spelling of the same MAC is an altered link all the same.
      if (!mac || toBase64Url(mac) !== token) return false;
      return await crypto.subtle.verify("HMAC", await hmacKey(), mac, encoder.encode(orderNumber));
    },

    path,

    /** The order page's full address, for mails, in the order's language. */
    async url(orderNumber: string, lang: "en" | "fr" = "en"): Promise<string> {
      return `${siteUrl}${await path(orderNumber, lang)}`;
    },
  };
}
