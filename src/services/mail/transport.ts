import nodemailer from "nodemailer";
import type { MailMessage } from "../../domain/mail.ts";

/** Delivers one message or throws. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP delivery through nodemailer, e.g. `smtp://user:pass@host:587` or `smtps://...`. */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail({
        from,
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
