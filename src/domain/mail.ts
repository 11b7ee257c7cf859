import { z } from "zod";
import { isEmailAddress } from "./email-pattern.ts";

/**
 * A document a mail carries, named rather than stored: the PDF is drawn when the mail is sent
 * (the outbox record stays small), from text that never changes (a dated version of the terms).
 */
export const mailAttachmentSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("terms"), version: z.string().max(20), lang: z.enum(["en", "fr"]) }),
  z.object({ kind: z.literal("withdrawal-form"), lang: z.enum(["en", "fr"]) }),
]);
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

export const mailMessageSchema = z.object({
  to: z.string().min(3),
  subject: z.string().min(1).max(300),
  text: z.string(),
  html: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  attachments: z.array(mailAttachmentSchema).max(4).optional(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/** A header name: printable ASCII, no colon (RFC 5322 field name). */
const HEADER_NAME = /^[!-9;-~]+$/;
/** Anything that would end a header line and start another (or confuse a relay doing so). */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

/**
 * Why a message must not be handed to SMTP, or null: its recipient is not one address under
 * the app's rule, or its subject or a header would break the header block (a `Bcc:` smuggled
 * through CR/LF). The forms refuse such values already; this holds for any message queued.
 */
export function mailMessageProblem(m: Pick<MailMessage, "to" | "subject" | "headers">) {
  if (!isEmailAddress(m.to)) return "the recipient is not one email address";
  if (LINE_BREAK.test(m.subject)) return "the subject holds a line break";
  for (const [name, value] of Object.entries(m.headers ?? {})) {
    if (!HEADER_NAME.test(name)) return "a header name is invalid";
    if (LINE_BREAK.test(value)) return `the ${name} header holds a line break`;
  }
  return null;
}

/** An outbox record: the truth about one message (KV queues are at-least-once, or absent). */
export const outboxEntrySchema = mailMessageSchema.extend({
  schemaVersion: z.literal(1),
  id: z.string(),
  status: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int().min(0),
  lastError: z.string().optional(),
  createdAt: z.string(),
  sentAt: z.string().optional(),
  /** A KV key prefix under which the outcome is counted: `[...tally, "sent" | "failed"]`. */
  tally: z.array(z.string()).max(4).optional(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** After this many failed deliveries a message is marked failed and left for staff. */
export const MAX_MAIL_ATTEMPTS = 8;
