import type { OutboxStore } from "../../store/outbox.ts";
import type { MailAttachment } from "../../domain/mail.ts";
import { type MailFile, type MailTransport, UnsafeMailError } from "./transport.ts";
import { log } from "../log.ts";

export type Mailer = ReturnType<typeof createMailer>;

/** Messages per delivery pass; a pass that delivers them all is followed by another at once. */
const PASS = 50;

/**
 * Delivers the outbox. Every message is first an outbox record written with the event that
 * caused it; this sender is woken after such a commit and also sweeps periodically, so a
 * crash or a lost wake-up only delays a mail. Without a transport, mails are kept and logged.
 */
export function createMailer(
  outbox: OutboxStore,
  transport: MailTransport | null,
  /** Draws the files a message names (the terms' and the withdrawal form's PDFs). */
  filesOf: (attachments: MailAttachment[]) => Promise<MailFile[]> = () => Promise.resolve([]),
) {
  let running: Promise<number> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopping = false;

  async function deliverPending(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (const entry of await outbox.pending(PASS)) {
      // A safe point: the messages not yet claimed stay pending for the next pass or process.
      if (stopping) break;
      if (!(await outbox.claim(entry.id))) continue;
      try {
        const files = entry.attachments?.length ? await filesOf(entry.attachments) : [];
        await transport.send(entry, entry.id, files);
        await outbox.recordAttempt(entry.id);
        sent++;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        await outbox.recordAttempt(entry.id, reason, err instanceof UnsafeMailError);
        log.error("mail delivery failed", { job: "mail", outboxId: entry.id }, err);
      }
    }
    return sent;
  }

  /** Runs one delivery pass; calls during a pass schedule exactly one more. */
  function flush(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    const started = performance.now();
    running = deliverPending().then((sent) => {
      if (sent > 0 || log.enabled("debug")) {
        const durationMs = Math.round(performance.now() - started);
        log[sent > 0 ? "info" : "debug"]("job done", { job: "mail", sent, durationMs });
      }
      // More may be waiting (a newsletter queues thousands); a pass with failures waits for the
      // next wake-up, so a failing relay is not retried in a tight loop.
      if (sent === PASS) again = true;
      return sent;
    }).finally(() => {
      running = null;
      if (again && !stopping) {
        again = false;
        flush();
      }
    });
    return running;
  }

  return {
    flush,

    /** Call after committing outbox records. */
    wake(subjects: string[] = []) {
      if (!transport) {
        for (const s of subjects) log.info("mail kept in outbox (no SMTP_URL)", { subject: s });
        return;
      }
      flush().catch((err) => log.error("mail flush failed", { job: "mail" }, err));
    },

    start(intervalMs = 60_000) {
      if (!transport || timer !== undefined) return;
      stopping = false;
      timer = setInterval(() => this.wake(), intervalMs);
    },

    /** Stops sending: the message being sent is finished and recorded, the rest wait. */
    async stop() {
      stopping = true;
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      await running;
      transport?.close();
    },
  };
}
