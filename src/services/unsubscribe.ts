import { normalizeEmail } from "../domain/email.ts";
import { getOrCreateSecret } from "./secrets.ts";
import { fromBase64Url, toBase64Url } from "../domain/base64url.ts";

/**
 * Signed unsubscribe links: the token is `base64url(email).base64url(HMAC-SHA256)`, so a link
 * works without storing anything per mail, and nobody can unsubscribe someone else by guessing.
 * The MAC covers a purpose prefix, so a signature made for another use of the secret never
 * passes here.
 */
const PURPOSE = "newsletter-unsubscribe:";
const encoder = new TextEncoder();

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;

export function createUnsubscribeTokens(kv: Deno.Kv, configuredSecret: string | undefined) {
  let key: Promise<CryptoKey> | undefined;
  const hmacKey = () =>
    key ??= getOrCreateSecret(kv, "unsubscribe", configuredSecret).then((secret) =>
      crypto.subtle.importKey(
        "raw",
        encoder.encode(secret),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign", "verify"],
      )
    );

  return {
    async sign(email: string): Promise<string> {
      const address = normalizeEmail(email);
      const mac = await crypto.subtle.sign(
        "HMAC",
        await hmacKey(),
        encoder.encode(PURPOSE + address),
      );
      return `${toBase64Url(encoder.encode(address))}.${toBase64Url(new Uint8Array(mac))}`;
    },

    /** The email a token was signed for, or null when it is malformed or forged. */
    async verify(token: string): Promise<string | null> {
      const [emailPart, macPart, extra] = token.split(".");
      if (!emailPart || !macPart || extra !== undefined || token.length > 800) return null;
      const emailBytes = fromBase64Url(emailPart);
      const mac = fromBase64Url(macPart);
      // Only the spelling the server made (a last character's unused bits change nothing else).
      if (!emailBytes || !mac || toBase64Url(mac) !== macPart) return null;
      const email = new TextDecoder().decode(emailBytes);
      const ok = await crypto.subtle.verify(
        "HMAC",
        await hmacKey(),
        mac,
        encoder.encode(PURPOSE + email),
      );
      return ok ? email : null;
    },
  };
}
