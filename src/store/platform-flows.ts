import { z } from "zod";
import { newId } from "../domain/ids.ts";
import { FLOW_KINDS, retryDelayMs } from "../domain/approved-platform.ts";
import { nowIso } from "./atomic.ts";

/**
 * What the shop sends its approved platform, and what it heard back. The platform's outbox: one
 * job per thing to send, keyed so it is queued once (a document, its "212 Collected", a
 * period's report, a status to read), sent in the order queued by whichever instance holds the
 * sender's lease. What staff see of each document is its e-invoice transmission record
 * (store/einvoice-transmissions.ts, channel "platform").
 */

export const JOB_KINDS = [...FLOW_KINDS, "status"] as const;

export const platformJobSchema = z.object({
  id: z.string(),
  /** What makes it once: "invoice:F2026-000001", "collected:...", "report:2026-11-D1", ... */
  key: z.string(),
  kind: z.enum(JOB_KINDS),
  /** The document (invoice, collected), the period (report) or the flow (status). */
  ref: z.string(),
  state: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int(),
  /** Not tried again before this instant (ms). */
  notBefore: z.number(),
  /** Set before a deposit is posted: a sender that finds it set asks the platform first. */
  postedAt: z.string().optional(),
  lastError: z.string().optional(),
  flowId: z.string().optional(),
  createdAt: z.string(),
  doneAt: z.string().optional(),
});
export type PlatformJob = z.infer<typeof platformJobSchema>;

const jobKey = (id: string) => ["pa_job", id] as const;
const uniqueKey = (key: string) => ["pa_job_key", key] as const;
const queueKey = (id: string) => ["pa_queue", id] as const;
const LEASE_KEY = ["pa_lease"] as const;
const WEBHOOK_KEY = ["pa_webhook"] as const;
const POLL_KEY = ["pa_poll"] as const;

export const webhookRegistrationSchema = z.object({
  webhookId: z.string(),
  signingKey: z.string(),
  callbackUrl: z.string(),
});
export type WebhookRegistration = z.infer<typeof webhookRegistrationSchema>;

export type PlatformFlowStore = ReturnType<typeof createPlatformFlowStore>;

export function createPlatformFlowStore(kv: Deno.Kv) {
  const parseJob = (v: unknown) => platformJobSchema.parse(v);

  /**
   * Queues a job in `op` unless one with its key was ever queued: checked in the commit, so a
   * document's deposit is queued once whatever races it.
   */
  function add(
    op: Deno.AtomicOperation,
    job: { key: string; kind: PlatformJob["kind"]; ref: string },
  ): PlatformJob {
    const entry: PlatformJob = {
      ...job,
      id: newId(),
      state: "pending",
      attempts: 0,
      notBefore: 0,
      createdAt: nowIso(),
    };
    op.check({ key: uniqueKey(job.key), versionstamp: null })
      .set(uniqueKey(job.key), entry.id)
      .set(jobKey(entry.id), entry)
      .set(queueKey(entry.id), true);
    return entry;
  }

  /** Queues a job on its own; false when its key was queued before (nothing changes). */
  async function enqueue(job: { key: string; kind: PlatformJob["kind"]; ref: string }) {
    const op = kv.atomic();
    add(op, job);
    return (await op.commit()).ok;
  }

  async function getJob(id: string): Promise<Deno.KvEntryMaybe<PlatformJob>> {
    const e = await kv.get(jobKey(id));
    return e.value ? { ...e, value: parseJob(e.value) } as Deno.KvEntry<PlatformJob> : e as never;
  }

  /** Pending jobs in the order queued. */
  async function pending(limit = 100): Promise<PlatformJob[]> {
    const out: PlatformJob[] = [];
    for await (const e of kv.list({ prefix: ["pa_queue"] }, { limit })) {
      const job = await getJob(String(e.key[1]));
      if (job.value) out.push(job.value);
    }
    return out;
  }

  /** Writes a job's next state, checked against the version read; out of the queue once done. */
  async function settle(
    id: string,
    change: (job: PlatformJob) => PlatformJob,
    also?: (op: Deno.AtomicOperation, job: PlatformJob) => void,
  ): Promise<PlatformJob | null> {
    const e = await getJob(id);
    if (!e.value || e.value.state !== "pending") return null;
    const next = change(e.value);
    const op = kv.atomic().check(e).set(jobKey(id), next);
    if (next.state !== "pending") op.delete(queueKey(id));
    also?.(op, next);
    return (await op.commit()).ok ? next : null;
  }

  return {
    add,
    enqueue,
    pending,
    settle,

    async job(key: string): Promise<PlatformJob | null> {
      const id = await kv.get<string>(uniqueKey(key));
      return id.value ? (await getJob(id.value)).value : null;
    },

    /** A failed try: again after the backoff, or failed for good (`final`) with its reason. */
    retryLater(id: string, error: string, final: boolean) {
      return settle(id, (job) => ({
        ...job,
        attempts: job.attempts + 1,
        lastError: error.slice(0, 500),
        notBefore: Date.now() + retryDelayMs(job.attempts + 1),
        ...(final ? { state: "failed" as const, doneAt: nowIso() } : {}),
      }));
    },

    /**
     * Takes (or keeps) the sender's lease: one instance sends at a time, so jobs go in the
     * order queued and a deposit is never posted by two at once.
     */
    async lease(owner: string, ttlMs: number): Promise<boolean> {
      const e = await kv.get<{ owner: string; until: number }>(LEASE_KEY);
      const now = Date.now();
      if (e.value && e.value.owner !== owner && e.value.until > now) return false;
      const res = await kv.atomic().check(e).set(LEASE_KEY, { owner, until: now + ttlMs })
        .commit();
      return res.ok;
    },

    async releaseLease(owner: string) {
      const e = await kv.get<{ owner: string; until: number }>(LEASE_KEY);
      if (e.value?.owner === owner) await kv.atomic().check(e).delete(LEASE_KEY).commit();
    },

    async webhook(): Promise<WebhookRegistration | null> {
      const e = await kv.get(WEBHOOK_KEY);
      return e.value ? webhookRegistrationSchema.parse(e.value) : null;
    },

    async saveWebhook(registration: WebhookRegistration) {
      await kv.set(WEBHOOK_KEY, registration);
    },

    /** The last poll: when, and the latest `updatedAt` it read. */
    async poll(): Promise<{ at: number; updatedAfter: string } | null> {
      return (await kv.get<{ at: number; updatedAfter: string }>(POLL_KEY)).value;
    },

    async savePoll(poll: { at: number; updatedAfter: string }) {
      await kv.set(POLL_KEY, poll);
    },
  };
}
