import { assert, assertEquals } from "../_lib/assert.ts";
import { openKv } from "../../src/store/kv.ts";
import { createOrderLinks, QUOTE_PAGE } from "../../src/services/order-links.ts";
import { toBase64Url } from "../../src/domain/base64url.ts";

const SECRET = "a-configured-secret";

/** The token as WebCrypto made it before the MAC moved to node:crypto: links already mailed. */
async function webCryptoToken(
  purpose: string,
  orderNumber: string,
  secret = SECRET,
): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(`${purpose}${secret}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(orderNumber));
  return toBase64Url(new Uint8Array(mac));
}

Deno.test("[unit] order links: the token is WebCrypto's HMAC for secrets shorter than, as long as and longer than a hash block", async () => {
  const kv = await openKv(":memory:");
  try {
    // With the 11-character purpose: 63, 64 and 65 bytes, and a long one hashed first.
    for (const secret of ["s".repeat(52), "s".repeat(53), "s".repeat(54), "é".repeat(200)]) {
      const links = createOrderLinks(kv, secret, "https://shop.example");
      for (const number of ["ORD-000001", "ORD-123456", "VEC-2026-000042"]) {
        assertEquals(
          await links.token(number),
          await webCryptoToken("order-page:", number, secret),
          `${secret.length} characters, ${number}`,
        );
      }
    }
  } finally {
    kv.close();
  }
});

Deno.test("[unit] order links: a link mailed before still opens; another order's, a quote's or a cut token does not", async () => {
  const kv = await openKv(":memory:");
  try {
    const links = createOrderLinks(kv, SECRET, "https://shop.example");
    const quoteLinks = createOrderLinks(kv, SECRET, "https://shop.example", QUOTE_PAGE);
    const before = await webCryptoToken("order-page:", "ORD-000042");
    assertEquals(await links.token("ORD-000042"), before);
    assertEquals(
      await links.url("ORD-000042", "fr"),
      `https://shop.example/fr/orders/ORD-000042?t=${before}`,
    );
    assert(await links.verify("ORD-000042", before));
    assertEquals(await links.verify("ORD-000043", before), false);
    const quoteToken = await quoteLinks.token("ORD-000042");
    assertEquals(quoteToken, await webCryptoToken("quote-page:", "ORD-000042"));
    assertEquals(await links.verify("ORD-000042", quoteToken), false);
    assertEquals(await links.verify("ORD-000042", before.slice(0, -2)), false);
    assertEquals(await links.verify("ORD-000042", ""), false);
  } finally {
    kv.close();
  }
});
