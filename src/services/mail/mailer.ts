import type { OutboxStore } from "../../store/outbox.ts";
import type { MailTransport } from "./transport.ts";

export type Mailer = ReturnType<typeof createMailer>;

/**
 * Delivers the outbox. Every message is first an outbox record written with the event that
 * caused it; this sender is woken after such a commit and also sweeps periodically, so a
 * crash or a lost wake-up only delays a mail. Without a transport, mails are kept and logged.
 */
export function createMailer(outbox: OutboxStore, transport: MailTransport | null) {
  let running: Promise<number> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  async function deliverPending(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (const entry of await outbox.pending()) {
      if (!(await outbox.claim(entry.id))) continue;
      try {
        await transport.send(entry);
        await outbox.recordAttempt(entry.id);
        sent++;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        await outbox.recordAttempt(entry.id, reason);
        console.error(`mail: delivery of ${entry.id} failed: ${reason}`);
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
    running = deliverPending().finally(() => {
      running = null;
      if (again) {
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
        for (const s of subjects) console.info(`mail: kept in outbox (no SMTP_URL): ${s}`);
        return;
      }
      flush().catch((err) => console.error("mail: flush failed", err));
    },

    start(intervalMs = 60_000) {
      if (!transport || timer !== undefined) return;
      timer = setInterval(() => this.wake(), intervalMs);
    },

    async stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      await running;
      transport?.close();
    },
  };
}
