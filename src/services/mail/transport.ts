import { Buffer } from "node:buffer";
import type { Transporter } from "nodemailer";
import { type MailMessage, mailMessageProblem } from "../../domain/mail.ts";

/** A message refused before it reaches SMTP: sending it again would not help. */
export class UnsafeMailError extends Error {
  override name = "UnsafeMailError";
}

/** A file sent with a message (drawn from the message's `attachments` when it is sent). */
export interface MailFile {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** Delivers one message or throws. */
export interface MailTransport {
  /** `id` (the outbox record's) becomes the Message-ID: a resent message keeps its identity. */
  send(message: MailMessage, id?: string, files?: MailFile[]): Promise<void>;
  close(): void;
}

/**
 * SMTP delivery through nodemailer, e.g. `smtp://user:pass@host:587` or `smtps://...`. Pooled
 * connections unless the URL says `pool=false`: a connection per mail delivers a newsletter at
 * about 9 mails/s, a pool at about 130 (`deno task bench:subscribers`).
 */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const options = withPool(url);
  // nodemailer is loaded for the first mail, not at start: it was the slowest import of a cold
  // start, and an isolate that only serves pages never needs it.
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(options)
    );
  return {
    async send(message, id, files = []) {
      const problem = mailMessageProblem(message);
      if (problem) throw new UnsafeMailError(`Not sent: ${problem}`);
      await (await connect()).sendMail({
        from,
        ...(id ? { messageId: `<${id}@${from.match(/@([^>\s]+)/)?.[1] ?? "localhost"}>` } : {}),
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        ...(files.length
          ? { attachments: files.map((f) => ({ ...f, content: Buffer.from(f.content) })) }
          : {}),
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
