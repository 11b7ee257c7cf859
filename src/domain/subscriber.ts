import { z } from "zod";
import { apiRecord } from "./record.ts";
import { emailField } from "./email.ts";
import { NEWSLETTER_MESSAGES } from "./newsletter.ts";

/** A newsletter subscriber, with the consent that was given (when, from which page). */
export const subscriberSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  email: z.string(),
  subscribed: z.boolean(),
  consent: z.object({ at: z.string(), source: z.string().max(300) }),
  /** The language of the page they subscribed on (absent: English): their mails speak it. */
  lang: z.enum(["en", "fr"]).optional(),
  unsubscribedAt: z.string().optional(),
  createdAt: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const toPublicSubscriber = (s: Subscriber) => ({
  ...apiRecord(s, ["email", "subscribed"]),
  lang: s.lang ?? "en",
  createdAt: s.createdAt,
});

/**
 * POST /api/subscription/subscribe: the email, and the page it was given on (the consent's
 * source). A source that is not a site path is dropped rather than refusing the subscription.
 */
export const subscribeInputSchema = z.object({
  email: emailField({ required: NEWSLETTER_MESSAGES.empty, invalid: NEWSLETTER_MESSAGES.invalid }),
  source: z.string().trim().max(300).regex(/^\/[^\s]*$/).optional().catch(undefined),
  /** The page's language; anything else is English. */
  lang: z.enum(["en", "fr"]).optional().catch(undefined),
});

export type SubscriberStatus = "active" | "inactive";

export const statusOf = (s: Pick<Subscriber, "subscribed">): SubscriberStatus =>
  s.subscribed ? "active" : "inactive";

/** Most search entries one address gets (an address of many short parts keeps its first ones). */
const MAX_SEARCH_TOKENS = 24;
const SEPARATOR = /[.@_+\-]/;
const DIGIT = /[0-9]/;

/**
 * The parts of an address its search matches by prefix: the address from its start, from each
 * separator (`.`, `@`, `_`, `+`, `-`) and the character after it, and from where letters meet
 * digits. So `jane`, `doe`, `@example`, `example.com` and `123` all find `jane.doe123@example.com`;
 * a piece from inside a word (`ane`) does not: an index of every substring would be too large.
 */
export function emailSearchTokens(email: string): string[] {
  const e = email.toLowerCase();
  const tokens: string[] = [];
  for (let i = 0; i < e.length && tokens.length < MAX_SEARCH_TOKENS; i++) {
    const [before, at] = [e[i - 1] ?? "", e[i]];
    if (
      i === 0 || SEPARATOR.test(at) || SEPARATOR.test(before) ||
      DIGIT.test(at) !== DIGIT.test(before)
    ) tokens.push(e.slice(i));
  }
  return tokens;
}
