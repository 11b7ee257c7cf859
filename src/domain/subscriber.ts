import { z } from "zod";
import { SIMPLE_EMAIL } from "./email.ts";
import { NEWSLETTER_MESSAGES } from "./newsletter.ts";

/** A newsletter subscriber, with the consent that was given (when, from which page). */
export const subscriberSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  email: z.string(),
  subscribed: z.boolean(),
  consent: z.object({ at: z.string(), source: z.string().max(300) }),
  unsubscribedAt: z.string().optional(),
  createdAt: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export function toPublicSubscriber(s: Subscriber) {
  return { _id: s.id, email: s.email, subscribed: s.subscribed, createdAt: s.createdAt };
}

/**
 * POST /api/subscription/subscribe: the email, and the page it was given on (the consent's
 * source). A source that is not a site path is dropped rather than refusing the subscription.
 */
export const subscribeInputSchema = z.object({
  email: z.string({ error: NEWSLETTER_MESSAGES.empty }).trim()
    .min(1, { error: NEWSLETTER_MESSAGES.empty, abort: true })
    .pipe(
      z.string().max(254, NEWSLETTER_MESSAGES.invalid).regex(
        SIMPLE_EMAIL,
        NEWSLETTER_MESSAGES.invalid,
      ),
    ),
  source: z.string().trim().max(300).regex(/^\/[^\s]*$/).optional().catch(undefined),
});
