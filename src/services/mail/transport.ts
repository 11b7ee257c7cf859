import type { Transporter } from "nodemailer";
import type { MailMessage } from "../../domain/mail.ts";

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
  const options = withPool(url);
  // nodemailer is loaded on the first mail, not at start: importing it is the largest part of
  // a cold start (about 0.3 s of 1 s), and an isolate that serves pages never needs it.
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(options)
    );
  return {
    async send(message, id) {
      await (await connect()).sendMail({
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
      transporter?.then((t) => t.close());
    },
  };
}

function withPool(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has("pool")) parsed.searchParams.set("pool", "true");
  return parsed.toString();
}
