import { ValidationError } from "../domain/errors.ts";
import type { SubscriberStore } from "../store/subscribers.ts";
import type { UnsubscribeTokens } from "./unsubscribe.ts";

export type Newsletter = ReturnType<typeof createNewsletter>;

/** Subscriptions, and the signed links that end them (every newsletter mail carries one). */
export function createNewsletter(
  subscribers: SubscriberStore,
  tokens: UnsubscribeTokens,
  siteUrl: string,
) {
  /** The unsubscribe page in the subscriber's language. */
  async function unsubscribeUrl(email: string, lang: "en" | "fr" = "en"): Promise<string> {
    const prefix = lang === "en" ? "" : `/${lang}`;
    return `${siteUrl}${prefix}/unsubscribe?token=${encodeURIComponent(await tokens.sign(email))}`;
  }

  return {
    /** A repeated email is a success and stays one subscriber; consent is kept per record. */
    subscribe(email: string, source: string, lang: "en" | "fr" = "en") {
      return subscribers.subscribe(email, source, lang);
    },

    unsubscribeUrl,

    /**
     * The headers of every newsletter mail: a List-Unsubscribe link and RFC 8058 One-Click,
     * so mail clients can offer "Unsubscribe" that POSTs to the same URL.
     */
    async listUnsubscribeHeaders(
      email: string,
      lang: "en" | "fr" = "en",
    ): Promise<Record<string, string>> {
      return {
        "List-Unsubscribe": `<${await unsubscribeUrl(email, lang)}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      };
    },

    /** The address a token stands for, or a ValidationError when the link is not ours. */
    async emailForToken(token: string | null): Promise<string> {
      const email = token ? await tokens.verify(token) : null;
      if (!email) throw new ValidationError("This unsubscribe link is not valid.");
      return email;
    },

    /** Ends the subscription the token stands for; unknown or already-ended ones are fine. */
    async unsubscribe(token: string | null): Promise<string> {
      const email = await this.emailForToken(token);
      await subscribers.unsubscribe(email);
      return email;
    },
  };
}
