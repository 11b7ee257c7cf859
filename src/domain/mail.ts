import { z } from "zod";

export const mailMessageSchema = z.object({
  to: z.string().min(3),
  subject: z.string().min(1).max(300),
  text: z.string(),
  html: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

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
