import { z } from "zod";

export const NEWSLETTER_REQUIRED = "Subject and content are required";
export const FRENCH_TOGETHER = "The French subject and message go together (or leave both empty)";

/** An optional French text: blank is absent (French readers then get the English one). */
const frenchText = (max: number) =>
  z.string().trim().max(max).optional().transform((v) => v || undefined);

/**
 * `POST /api/subscribers/send-to-all`: the spec's subject and message (English), and optionally
 * the French version, both parts or neither, so no reader gets a subject in one language and a
 * message in the other.
 */
export const sendToAllSchema = z.object({
  subject: z.string({ error: NEWSLETTER_REQUIRED }).trim().min(1, NEWSLETTER_REQUIRED).max(300),
  message: z.string({ error: NEWSLETTER_REQUIRED }).trim().min(1, NEWSLETTER_REQUIRED)
    .max(50_000),
  subjectFr: frenchText(300),
  messageFr: frenchText(50_000),
}).superRefine((v, ctx) => {
  if (!v.subjectFr !== !v.messageFr) {
    ctx.addIssue({
      code: "custom",
      path: [v.subjectFr ? "messageFr" : "subjectFr"],
      message: FRENCH_TOGETHER,
    });
  }
});
export type NewsletterInput = z.infer<typeof sendToAllSchema>;

/**
 * A newsletter being sent: one record with a cursor over the subscribers, advanced in the same
 * commit as the mails it queues, so delivery resumes where it stopped and never sends twice.
 */
export const campaignSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The French version (absent: French subscribers get the English one). */
  subjectFr: z.string().optional(),
  messageFr: z.string().optional(),
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

/** The newsletter in a subscriber's language: the French one when written, else the English. */
export function campaignIn(
  c: Pick<Campaign, "subject" | "message" | "subjectFr" | "messageFr">,
  lang: "en" | "fr" = "en",
): { subject: string; message: string } {
  return lang === "fr" && c.subjectFr && c.messageFr
    ? { subject: c.subjectFr, message: c.messageFr }
    : { subject: c.subject, message: c.message };
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
