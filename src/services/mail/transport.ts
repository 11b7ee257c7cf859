import nodemailer from "nodemailer";
import { type MailMessage, mailMessageProblem } from "../../domain/mail.ts";

/** A message refused before it reaches SMTP: sending it again would not help. */
export class UnsafeMailError extends Error {
  override name = "UnsafeMailError";
}

/** Delivers one message or throws. */
export interface MailTransport {
  /** `id` (the outbox record's) becomes the Message-ID: a resent message keeps its identity. */
  send(message: MailMessage, id?: string): Promise<void>;
  close(): void;
}

/**
 * SMTP delivery through nodemailer, e.g. `smtp://user:pass@host:587` or `smtps://...`. Pooled
 * connections unless the URL says `pool=false`: a connection per mail delivers a newsletter at
 * about 9 mails/s, a pool at about 130 (`deno task bench:subscribers`).
 */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(withPool(url));
  return {
    async send(message, id) {
      const problem = mailMessageProblem(message);
      if (problem) throw new UnsafeMailError(`Not sent: ${problem}`);
      await transporter.sendMail({
        from,
        ...(id ? { messageId: `<${id}@${from.match(/@([^>\s]+)/)?.[1] ?? "localhost"}>` } : {}),
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}

function withPool(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has("pool")) parsed.searchParams.set("pool", "true");
  return parsed.toString();
}
