import { z } from "zod";

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
