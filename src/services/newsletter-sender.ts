import type { AuditActor } from "../domain/audit.ts";
import {
  type Campaign,
  campaignIn,
  type CampaignProgress,
  campaignSchema,
  type NewsletterInput,
  newsletterMail,
  withProgress,
} from "../domain/campaign.ts";
import { newId } from "../domain/ids.ts";
import { nowIso } from "../store/atomic.ts";
import { addAudit } from "../store/audit.ts";
import type { OutboxStore } from "../store/outbox.ts";
import type { SubscriberStore } from "../store/subscribers.ts";
import { readAll } from "../store/read-batch.ts";
import { log } from "./log.ts";
import type { Mailer } from "./mail/mailer.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { fill } from "../i18n/fill.ts";
import type { Newsletter } from "./newsletter.ts";

const campaignKey = (id: string) => ["newsletter", id] as const;
/** Marks a recipient as queued for a campaign: a second send to them is refused by its check. */
const recipientKey = (campaignId: string, subscriberId: string) =>
  ["newsletter_recipient", campaignId, subscriberId] as const;
/** Where the outbox counts a campaign's mails as they are sent or given up. */
const tallyPrefix = (campaignId: string) => ["newsletter_tally", campaignId];

/** Recipients queued per commit: small enough for KV's limits on one atomic operation. */
const BATCH = 25;

export type NewsletterSender = ReturnType<typeof createNewsletterSender>;

/**
 * `send-to-all`: records one campaign at once; delivery then runs in the background, a batch per
 * commit (the mails in the outbox, each recipient's mark, the advanced cursor), in every
 * instance, checked against the campaign record so racing instances never queue a mail twice.
 * Sent and failed mails are counted by the outbox in the commit that records each outcome, in
 * counters beside the campaign (sums, so deliveries never conflict with the queuing commits).
 */
export function createNewsletterSender(deps: {
  kv: Deno.Kv;
  subscribers: SubscriberStore;
  newsletter: Newsletter;
  outbox: OutboxStore;
  mailer: Mailer;
}) {
  const { kv } = deps;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;

  /** Queues the next batch of one campaign; false once it is done (or someone else moved it). */
  async function step(id: string): Promise<boolean> {
    const entry = await kv.get(campaignKey(id));
    if (!entry.value) return false;
    const c = campaignSchema.parse(entry.value);
    if (c.status === "done") return false;
    const { batch, cursor, done } = await deps.subscribers.activeBatch(c.cursor, BATCH);
    const op = kv.atomic().check(entry);
    let queued = 0;
    const marks = await readAll(kv, batch.map((s) => recipientKey(c.id, s.id)));
    for (const [i, s] of batch.entries()) {
      if (marks[i].value) continue; // queued by an earlier run of this batch
      const mail = newsletterMail(
        campaignIn(c, s.lang),
        s.email,
        await deps.newsletter.unsubscribeUrl(s.email, s.lang),
        await deps.newsletter.listUnsubscribeHeaders(s.email, s.lang),
        (url) => fill(messagesFor(s.lang ?? "en").mail.unsubscribe, { url }),
      );
      op.check(marks[i]).set(recipientKey(c.id, s.id), true);
      deps.outbox.add(op, mail, tallyPrefix(c.id));
      queued++;
    }
    const next: Campaign = {
      ...c,
      cursor: done ? c.cursor : cursor,
      queued: c.queued + queued,
      ...(done ? { status: "done" as const, finishedAt: nowIso() } : {}),
    };
    op.set(campaignKey(c.id), next);
    if (!(await op.commit()).ok) return true; // another instance moved it: read again
    if (queued) deps.mailer.wake();
    return !done;
  }

  async function runAll() {
    for await (const e of kv.list({ prefix: ["newsletter"] })) {
      const c = campaignSchema.parse(e.value);
      if (c.status === "done") continue;
      while (!stopping && await step(c.id)) {
        // one batch per commit; stopping between batches is safe (the cursor is saved)
      }
    }
  }

  return {
    /**
     * Records a campaign (audited in the same commit) and starts its delivery. The French version
     * is optional; without it French subscribers get the English one.
     */
    async create(actor: AuditActor, input: NewsletterInput): Promise<CampaignProgress> {
      const { subject, message, subjectFr, messageFr } = input;
      const campaign: Campaign = {
        schemaVersion: 1,
        id: newId(),
        subject,
        message,
        ...(subjectFr && messageFr ? { subjectFr, messageFr } : {}),
        createdAt: nowIso(),
        createdBy: actor.email,
        status: "sending",
        cursor: null,
        queued: 0,
        recipients: await deps.subscribers.count("active"),
      };
      const op = kv.atomic().set(campaignKey(campaign.id), campaign);
      addAudit(op, {
        actor,
        action: "newsletter.send",
        entity: "newsletter",
        entityId: campaign.id,
        summary: `Newsletter "${subject.slice(0, 100)}"${
          campaign.subjectFr ? " (English and French)" : ""
        } to every active subscriber`,
      });
      await op.commit();
      this.wake();
      return withProgress(campaign, 0, 0);
    },

    /** The latest campaigns, newest first, with their counts (two counters each, no scan). */
    async list(limit = 20): Promise<CampaignProgress[]> {
      const campaigns: Campaign[] = [];
      for await (const e of kv.list({ prefix: ["newsletter"] }, { reverse: true, limit })) {
        campaigns.push(campaignSchema.parse(e.value));
      }
      return await Promise.all(campaigns.map(async (c) => {
        const [sent, failed] = await kv.getMany<Deno.KvU64[]>(
          [[...tallyPrefix(c.id), "sent"], [...tallyPrefix(c.id), "failed"]],
        );
        return withProgress(c, Number(sent.value?.value ?? 0n), Number(failed.value?.value ?? 0n));
      }));
    },

    /**
     * Delivers whatever is pending; one run at a time in this instance. A call during a run
     * schedules one more, so a campaign recorded after the run listed them is not left waiting.
     */
    wake(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await runAll().catch((err) => log.error("job failed", { job: "newsletter" }, err));
        } while (again && !stopping);
      })().finally(() => running = null);
      return running;
    },

    start(intervalMs = 60_000) {
      if (timer !== undefined) return;
      stopping = false;
      timer = setInterval(() => this.wake(), intervalMs);
      this.wake();
    },

    /** Stops after the batch in progress; the next start resumes from the saved cursor. */
    async stop() {
      stopping = true;
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
