import nodemailer from "nodemailer";
import type { MailMessage } from "../../domain/mail.ts";

/** Delivers one message or throws. */
export interface MailTransport {
  /** `id` (the outbox record's) becomes the Message-ID: a resent message keeps its identity. */
  send(message: MailMessage, id?: string): Promise<void>;
  close(): void;
}

/** SMTP delivery through nodemailer, e.g. `smtp://user:pass@host:587` or `smtps://...`. */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message, id) {
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
