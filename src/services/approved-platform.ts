import { toHex } from "../domain/hex.ts";
import {
  ackReason,
  closedPeriods,
  collectedFlowInfo,
  type Flow,
  type FlowInfo,
  flowSchema,
  invoiceFlowInfo,
  type LifecycleStatus,
  periodFrom,
  processingRule,
  reportFlowInfo,
  webhookProblem,
  withLifecycleStatus,
} from "../domain/approved-platform.ts";
import type { ReportingPeriod, VatRegime } from "../domain/reporting-periods.ts";
import { collectedMessage, readCdar } from "../domain/cdar.ts";
import { type EinvoiceKind, transmissionId } from "../domain/einvoice-transmission.ts";
import type { EinvoiceTransmissionStore } from "../store/einvoice-transmissions.ts";
import { DomainError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import type { InvoiceDocument } from "../domain/invoice.ts";
import type { Order } from "../domain/order.ts";
import { shopDay } from "../domain/shop-time.ts";
import type { InvoiceStore } from "../store/invoices.ts";
import type { OrderWriteHook } from "../store/orders.ts";
import type { PlatformFlowStore, PlatformJob } from "../store/platform-flows.ts";
import { log } from "./log.ts";

/** PA_URL, PA_CLIENT_ID, PA_CLIENT_SECRET, PA_FROM (and PA_TOKEN_URL): see docs/e-invoicing.md. */
export interface PlatformSettings {
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The first shop day whose documents and sales go through the platform. */
  from: string;
}

/** An answer of the platform the shop cannot act on now: tried again later. */
class PlatformUnavailable extends Error {}
/** The platform refused what was sent: it would refuse it again. */
class PlatformRefused extends Error {}
/** A "212 Collected" of a document the platform rejected: nothing to say, the record says it. */
class NotDeposited extends PlatformRefused {}

/** How long one request to the platform may take. */
const REQUEST_TIMEOUT_MS = 30_000;
/** How often statuses are polled when webhooks are quiet (the fallback). */
export const POLL_EVERY_MS = 15 * 60_000;
/** How long one pass of the sender holds its lease (a pass stops well before). */
const LEASE_MS = 120_000;
const PASS_BUDGET_MS = 50_000;

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return toHex(digest);
}

/**
 * The Flow Service 1.3.0 client: OAuth2 client credentials (the token kept until it is due),
 * then `POST /v1/flows`, `POST /v1/flows/search`, `GET /v1/flows/{flowId}`, `POST /v1/webhooks`.
 * Every address is the configured PA_URL's: nothing a request says is fetched.
 */
export function createPlatformClient(settings: PlatformSettings, fetcher: typeof fetch = fetch) {
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await send(settings.tokenUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Authorization: `Basic ${btoa(`${settings.clientId}:${settings.clientSecret}`)}`,
      },
      body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
    });
    if (!res.ok) {
      throw new PlatformUnavailable(`token: HTTP ${res.status} ${await errorText(res)}`);
    }
    const body = await res.json() as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new PlatformUnavailable("token: no access_token");
    const lifeMs = Math.max(0, (body.expires_in ?? 300) - 60) * 1000;
    token = { value: body.access_token, until: Date.now() + lifeMs };
    return token.value;
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetcher(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (err) {
      throw new PlatformUnavailable(`unreachable: ${(err as Error).message}`);
    }
  }

  /** A call with the bearer token; a 401 drops the token and tries once more. */
  async function call(path: string, init: RequestInit): Promise<Response> {
    for (let i = 0; i < 2; i++) {
      const headers = new Headers(init.headers);
      headers.set("Authorization", `Bearer ${await accessToken()}`);
      headers.set("Request-Id", crypto.randomUUID());
      const res = await send(`${settings.url}${path}`, { ...init, headers });
      if (res.status !== 401) return res;
      await res.body?.cancel();
      token = null;
    }
    throw new PlatformUnavailable("HTTP 401: the platform refuses PA_CLIENT_ID/PA_CLIENT_SECRET");
  }

  /** 4xx other than 401/408/429: refused for good; the rest: tried again later. */
  async function failure(what: string, res: Response): Promise<never> {
    const text = `${what}: HTTP ${res.status} ${await errorText(res)}`;
    const again = res.status >= 500 || [401, 403, 408, 429].includes(res.status);
    throw again ? new PlatformUnavailable(text) : new PlatformRefused(text);
  }

  return {
    async createFlow(info: FlowInfo, file: Uint8Array, type: string): Promise<Flow> {
      const form = new FormData();
      form.append("flowInfo", new Blob([JSON.stringify(info)], { type: "application/json" }));
      form.append("file", new Blob([file as Uint8Array<ArrayBuffer>], { type }), info.name);
      const res = await call("/v1/flows", { method: "POST", body: form });
      if (res.status !== 202) return failure("deposit", res);
      const body = await res.json() as { flowId: string; submittedAt: string };
      return { ...body } as Flow;
    },

    /** Every flow matching `where`, page after page. */
    async searchFlows(where: Record<string, unknown>): Promise<Flow[]> {
      const out: Flow[] = [];
      let cursor: string | undefined;
      do {
        const res = await call("/v1/flows/search", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ limit: 100, where, ...(cursor ? { cursor } : {}) }),
        });
        if (res.status !== 200) return failure("search", res);
        const page = await res.json() as { results?: unknown[]; nextCursor?: string };
        for (const f of page.results ?? []) {
          const parsed = flowSchema.safeParse(f);
          if (parsed.success) out.push(parsed.data);
        }
        cursor = page.nextCursor;
      } while (cursor);
      return out;
    },

    async getFlow(flowId: string): Promise<Flow> {
      const res = await call(`/v1/flows/${encodeURIComponent(flowId)}`, { method: "GET" });
      if (res.status !== 200) return failure("flow", res);
      return flowSchema.parse(await res.json());
    },

    async getFile(flowId: string): Promise<string> {
      const res = await call(
        `/v1/flows/${encodeURIComponent(flowId)}?docType=Original`,
        { method: "GET" },
      );
      if (res.status !== 200) return failure("flow file", res);
      return await res.text();
    },

    async createWebhook(callbackUrl: string): Promise<{ webhookId: string; signingKey: string }> {
      const res = await call("/v1/webhooks", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ callbackUrl }),
      });
      if (res.status !== 201) return failure("webhook", res);
      const body = await res.json() as { webhookId?: string; signingKey?: string };
      if (!body.webhookId || !body.signingKey) {
        throw new PlatformUnavailable("webhook: no webhookId or signingKey");
      }
      return { webhookId: body.webhookId, signingKey: body.signingKey };
    },
  };
}
export type PlatformClient = ReturnType<typeof createPlatformClient>;

async function errorText(res: Response): Promise<string> {
  const text = (await res.text().catch(() => "")).slice(0, 300);
  try {
    const e = JSON.parse(text) as { errorCode?: string; errorMessage?: string };
    return [e.errorCode, e.errorMessage].filter(Boolean).join(" ") || text;
  } catch {
    return text;
  }
}

/** The e-reporting file (Flux 10) of a period, from the period's documents; null: none yet. */
export type EReportingWriter = (period: ReportingPeriod) => Promise<Uint8Array | null>;

/**
 * The approved platform: queues what the shop must send in the commits that make it (a
 * document to a French business with its issue; "212 Collected" once paid), sends the queue in
 * order from one instance at a time, with backoff, and reads statuses back from the webhook or,
 * when it is quiet, by polling.
 */
export function createApprovedPlatform(deps: {
  settings: PlatformSettings | null;
  store: PlatformFlowStore;
  /** What staff see of each document sent (the E-invoices list, the order page). */
  transmissions: EinvoiceTransmissionStore;
  invoices: Pick<InvoiceStore, "issuedIn" | "ofOrder" | "get">;
  /** The document's Factur-X PDF (its CII inside). */
  render: (doc: InvoiceDocument) => Promise<Uint8Array>;
  /** Where the platform posts its events (SITE_URL's /api/platform/webhook). */
  callbackUrl: string;
  timeZone: string;
  regime: VatRegime;
  reports: EReportingWriter | null;
  fetcher?: typeof fetch;
}) {
  const { settings, store, transmissions } = deps;
  const client = settings ? createPlatformClient(settings, deps.fetcher) : null;
  const owner = newId();

  /**
   * Whether a document is e-invoiced through the platform: to a French business or public body
   * (the platform routes B2G to Chorus Pro), issued from PA_FROM on. Chorus Pro directly takes
   * the public bodies' documents the platform does not (services/chorus-pro.ts asks this).
   */
  const carries = (doc: InvoiceDocument) =>
    settings !== null && doc.issueDate >= settings.from && processingRule(doc) !== null;

  /**
   * Whether the seller says the document collected ("212"): B2B only, Chorus Pro following a
   * public body's payment itself.
   */
  const collects = (doc: InvoiceDocument) => carries(doc) && processingRule(doc) === "B2B";

  /** Queues a job in the order's commit unless queued before (read first: no failed commit). */
  async function queue(op: Deno.AtomicOperation, kind: PlatformJob["kind"], ref: string) {
    const key = `${kind}:${ref}`;
    if (!(await store.job(key))) store.add(op, { key, kind, ref });
  }

  /**
   * The payment of a document is recorded in this commit: the order paid (its invoice; after a
   * partial refund, what it still bills was paid), or a refund made (its credit note; a
   * re-invoice's credit note gives no money back).
   */
  const settled = (doc: InvoiceDocument, before: Order | null, after: Order) =>
    doc.kind === "invoice"
      ? after.paymentStatus === "paid" || after.paymentStatus === "partially_refunded"
      : Boolean(after.refund) && JSON.stringify(after.refund) !== JSON.stringify(before?.refund);

  const hook: OrderWriteHook = async (op, before, after) => {
    if (!settings || !after) return;
    for (const doc of deps.invoices.issuedIn(op)) {
      // Orders staged together share an operation: each queues its own documents.
      if (doc.orderId !== after.id || !carries(doc)) continue;
      if (!(await store.job(`invoice:${doc.number}`))) {
        transmissions.add(op, {
          documentNumber: doc.number,
          orderId: doc.orderId,
          kind: doc.kind,
          channel: "platform",
          nextAttemptAt: null,
        });
      }
      await queue(op, "invoice", doc.number);
      if (collects(doc) && settled(doc, before, after)) {
        await queue(op, "collected", doc.number);
      }
    }
    // An order on account paid later: its invoice is collected now.
    if (before && before.paymentStatus !== "paid" && after.paymentStatus === "paid") {
      const docs = await deps.invoices.ofOrder(after.id);
      const invoice = docs.findLast((d) => d.kind === "invoice");
      if (invoice && collects(invoice)) await queue(op, "collected", invoice.number);
    }
  };

  async function sendDocument(job: PlatformJob, c: PlatformClient) {
    const doc = await deps.invoices.get(job.ref);
    if (!doc) throw new PlatformRefused(`no document ${job.ref}`);
    const file = await deps.render(doc);
    const info = invoiceFlowInfo(doc.number, processingRule(doc) ?? "B2B", await sha256Hex(file));
    const flow = await depositOnce(job, c, info, file, "application/pdf");
    await tell(doc.number, { code: 200, at: flow.submittedAt, reason: null }, {
      flowId: flow.flowId,
    });
    return flow.flowId;
  }

  async function sendCollected(job: PlatformJob, c: PlatformClient) {
    const deposit = await store.job(`invoice:${job.ref}`);
    if (deposit?.state === "failed") {
      throw new NotDeposited(`${job.ref} was not deposited: ${deposit.lastError ?? ""}`);
    }
    if (deposit?.state !== "sent") throw new PlatformUnavailable(`${job.ref} not deposited yet`);
    const doc = await deps.invoices.get(job.ref);
    if (!doc) throw new PlatformRefused(`no document ${job.ref}`);
    const issuedAt = new Date().toISOString();
    const record = await transmissions.find("platform", doc.number);
    const xml = collectedMessage(doc, {
      id: `${doc.number}-212`,
      issuedAt,
      depositedAt: record?.history.find((h) => h.code === "200")?.at,
    });
    const file = new TextEncoder().encode(xml);
    const info = collectedFlowInfo(doc.number, await sha256Hex(file));
    const flow = await depositOnce(job, c, info, file, "application/xml");
    await tell(doc.number, { code: 212, at: issuedAt, reason: null });
    return flow.flowId;
  }

  async function sendReport(job: PlatformJob, c: PlatformClient) {
    const period = periodFrom(job.ref, settings!.from);
    if (!period) throw new PlatformRefused(`no period ${job.ref}`);
    const file = await deps.reports?.(period);
    if (!file) throw new PlatformUnavailable(`no e-reporting file for ${period.id} yet`);
    const info = reportFlowInfo(period.id, await sha256Hex(file));
    const flow = await depositOnce(job, c, info, file, "application/xml");
    await tell(info.trackingId, { code: 200, at: flow.submittedAt, reason: null }, {
      flowId: flow.flowId,
    });
    return flow.flowId;
  }

  /**
   * Posts a flow once: marked before it is posted, so a sender that finds the mark (a pass
   * cut short after posting) asks the platform for the tracking id before posting again.
   */
  async function depositOnce(
    job: PlatformJob,
    c: PlatformClient,
    info: FlowInfo,
    file: Uint8Array,
    type: string,
  ): Promise<{ flowId: string; submittedAt: string }> {
    if (job.postedAt) {
      const found = await c.searchFlows({ trackingId: info.trackingId, flowDirection: ["Out"] });
      if (found.length) return found[0];
    } else {
      const marked = await store.settle(
        job.id,
        (j) => ({ ...j, postedAt: new Date().toISOString() }),
      );
      if (!marked) throw new PlatformUnavailable("job taken by another sender");
    }
    return await c.createFlow(info, file, type);
  }

  /** A flow's news: an acknowledgement of ours, or a lifecycle message about one of ours. */
  async function readStatus(flowId: string, c: PlatformClient) {
    const flow = await c.getFlow(flowId);
    if (flow.flowDirection === "Out") {
      // A document's or a report's acknowledgement (its tracking id: its number).
      const ref = flow.flowSyntax === "CDAR" ? null : flow.trackingId;
      if (ref && flow.acknowledgement.status === "Error") {
        await tell(ref, { code: 213, at: flow.updatedAt, reason: ackReason(flow) }, {
          flowId: flow.flowId,
        });
      }
      return;
    }
    if (!flow.flowType.endsWith("InvoiceLC")) return;
    const event = readCdar(await c.getFile(flow.flowId));
    if (!event) return;
    await tell(event.documentNumber, {
      code: event.code,
      at: flow.updatedAt,
      reason: event.reason,
    });
  }

  /**
   * A document's (or report's) new status on its transmission record; a document the shop
   * never sent through the platform is left alone.
   */
  async function tell(ref: string, event: LifecycleStatus, remote: Record<string, string> = {}) {
    await transmissions.update(
      transmissionId("platform", ref),
      (tx) => withLifecycleStatus(tx, event, new Date().toISOString(), remote),
    );
  }

  /** The transport error on the record, its status kept, for staff to see why it waits. */
  async function noteError(ref: string, error: string) {
    await transmissions.update(transmissionId("platform", ref), (tx) => ({
      ...tx,
      attempts: tx.attempts + 1,
      lastError: error.slice(0, 1000),
      updatedAt: new Date().toISOString(),
    }));
  }

  async function run(job: PlatformJob, c: PlatformClient): Promise<string | undefined> {
    switch (job.kind) {
      case "invoice":
        return await sendDocument(job, c);
      case "collected":
        return await sendCollected(job, c);
      case "report":
        return await sendReport(job, c);
      case "status":
        await readStatus(job.ref, c);
        return undefined;
    }
  }

  /** Queues each closed reporting period once (its key: the period). */
  async function scheduleReports() {
    if (!settings || !deps.reports) return;
    const today = shopDay(Date.now(), deps.timeZone);
    for (const p of closedPeriods(deps.regime, settings.from, today)) {
      if (await store.job(`report:${p.id}`)) continue;
      await transmissions.ensure({
        documentNumber: `FRR-${p.id}`,
        orderId: null,
        kind: "ereport" satisfies EinvoiceKind,
        channel: "platform",
        nextAttemptAt: null,
      });
      await store.enqueue({ key: `report:${p.id}`, kind: "report", ref: p.id });
    }
  }

  async function ensureWebhook(c: PlatformClient) {
    const current = await store.webhook();
    if (current?.callbackUrl === deps.callbackUrl) return;
    const created = await c.createWebhook(deps.callbackUrl);
    await store.saveWebhook({ ...created, callbackUrl: deps.callbackUrl });
  }

  /** The fallback: every flow changed since the last poll gets its status read. */
  async function poll(c: PlatformClient, force: boolean) {
    const last = await store.poll();
    if (!force && last && Date.now() - last.at < POLL_EVERY_MS) return;
    const updatedAfter = last?.updatedAfter ?? `${settings!.from}T00:00:00Z`;
    const flows = await c.searchFlows({ updatedAfter });
    let latest = updatedAfter;
    for (const f of flows) {
      await queueStatus(f.flowId, f.updatedAt);
      if (f.updatedAt > latest) latest = f.updatedAt;
    }
    await store.savePoll({ at: Date.now(), updatedAfter: latest });
  }

  const queueStatus = (flowId: string, updatedAt: string) =>
    store.enqueue({ key: `status:${flowId}:${updatedAt}`, kind: "status", ref: flowId });

  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const api = {
    enabled: Boolean(settings),
    hook,
    carries,
    scheduleReports,

    /** Without Deno.cron: a pass every `intervalMs` in this process (one at a time). */
    start(intervalMs: number) {
      if (!client || timer !== undefined) return;
      const tick = () => {
        running = running.then(() => api.pass()).catch((err) =>
          log.error("approved platform pass failed", {}, err)
        );
      };
      timer = setInterval(tick, intervalMs);
      tick();
    },

    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },

    /**
     * One pass of the sender, on the instance holding the lease: the webhook registered, the
     * periods queued, the queue sent in order until a job must wait (its backoff, an outage);
     * then the poll when due. Returns how many jobs were done.
     */
    async pass(options: { forcePoll?: boolean } = {}): Promise<number> {
      if (!client || !(await store.lease(owner, LEASE_MS))) return 0;
      const until = Date.now() + PASS_BUDGET_MS;
      let done = 0;
      try {
        await ensureWebhook(client);
        await scheduleReports();
        for (const job of await store.pending()) {
          if (job.notBefore > Date.now() || Date.now() > until) break;
          try {
            const flowId = await run(job, client);
            await store.settle(job.id, (j) => ({
              ...j,
              state: "sent",
              attempts: j.attempts + 1,
              doneAt: new Date().toISOString(),
              ...(flowId ? { flowId } : {}),
            }));
            done++;
          } catch (err) {
            const refused = err instanceof PlatformRefused;
            if (!refused && !(err instanceof PlatformUnavailable)) throw err;
            await store.retryLater(job.id, (err as Error).message, refused);
            const ref = job.kind === "report" ? `FRR-${job.ref}` : job.ref;
            // A document or report refused is rejected; a refused "212" leaves its document as
            // it is (deposited), the refusal noted on the record for staff.
            if (refused && (job.kind === "invoice" || job.kind === "report")) {
              await tell(ref, {
                code: 213,
                at: new Date().toISOString(),
                reason: (err as Error).message,
              });
            } else if (job.kind !== "status" && !(err instanceof NotDeposited)) {
              await noteError(ref, (err as Error).message);
            }
            log.warn("approved platform: not sent", {
              job: job.key,
              refused,
              error: (err as Error).message,
            });
            // In order: what comes after waits for this one (unless it is refused for good).
            if (!refused) break;
          }
        }
        await poll(client, options.forcePoll ?? false);
      } catch (err) {
        if (!(err instanceof PlatformUnavailable || err instanceof PlatformRefused)) throw err;
        log.warn("approved platform unavailable", { error: err.message });
      } finally {
        await store.releaseLease(owner);
      }
      return done;
    },

    /**
     * A webhook event: checked (`Afnor-Signature` over the payload and its timestamp, a stale
     * one refused), then its flow's status queued to be read, once per change of the flow.
     */
    async handleWebhook(payload: string, signature?: string, timestamp?: string) {
      const registration = settings ? await store.webhook() : null;
      if (!registration) throw new DomainError(404, "not_found", "No platform webhook here");
      const problem = await webhookProblem(
        registration.signingKey,
        payload,
        signature,
        timestamp,
        Date.now(),
      );
      if (problem) throw new DomainError(401, "unauthorized", problem);
      let body: unknown;
      try {
        body = JSON.parse(payload);
      } catch {
        throw new DomainError(400, "invalid_json", "The event is not JSON");
      }
      const flow = flowSchema.safeParse(body);
      if (!flow.success) throw new DomainError(400, "validation_error", "The event is not a Flow");
      await queueStatus(flow.data.flowId, flow.data.updatedAt);
      return { received: true };
    },
  };
  return api;
}
export type ApprovedPlatform = ReturnType<typeof createApprovedPlatform>;
