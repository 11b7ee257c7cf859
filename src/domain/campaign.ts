import { z } from "zod";

export const NEWSLETTER_REQUIRED = "Subject and content are required";

/** `POST /api/subscribers/send-to-all` */
export const sendToAllSchema = z.object({
  subject: z.string({ error: NEWSLETTER_REQUIRED }).trim().min(1, NEWSLETTER_REQUIRED).max(300),
  message: z.string({ error: NEWSLETTER_REQUIRED }).trim().min(1, NEWSLETTER_REQUIRED)
    .max(50_000),
});

/**
 * A newsletter being sent: one record with a cursor over the subscribers, advanced in the same
 * commit as the mails it queues, so delivery resumes where it stopped and never sends twice.
 */
export const campaignSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  status: z.enum(["sending", "done"]),
  /** KV list cursor over ["subscriber"]: where the next batch starts (null: the beginning). */
  cursor: z.string().nullable(),
  queued: z.number().int().min(0),
  /** Active subscribers when it was sent: what is still to queue while it is sending. */
  recipients: z.number().int().min(0).optional(),
  finishedAt: z.string().optional(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** A newsletter with its delivery counts, as the Newsletters list shows it. */
export type CampaignProgress = Campaign & { sent: number; failed: number; pending: number };

/**
 * Pending is every mail not yet sent or given up: queued ones, and while the campaign is still
 * queuing, the subscribers it has not reached yet.
 */
export function withProgress(c: Campaign, sent: number, failed: number): CampaignProgress {
  const planned = c.status === "done" ? c.queued : Math.max(c.queued, c.recipients ?? 0);
  return { ...c, sent, failed, pending: Math.max(0, planned - sent - failed) };
}

/** The newsletter mail to one subscriber, with the unsubscribe link (also in the headers). */
export function newsletterMail(
  c: Pick<Campaign, "subject" | "message">,
  to: string,
  unsubscribeUrl: string,
  headers: Record<string, string>,
  /** The unsubscribe line in the subscriber's language. */
  unsubscribeLine = (url: string) => `Unsubscribe: ${url}`,
) {
  return {
    to,
    subject: c.subject,
    text: `${c.message}\n\n--\n${unsubscribeLine(unsubscribeUrl)}\n`,
    headers,
  };
}
