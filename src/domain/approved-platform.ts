import {
  monthPeriods,
  periodOf,
  type ReportingPeriod,
  type VatRegime,
} from "./reporting-periods.ts";
import { z } from "zod";
import type { InvoiceDocument } from "./invoice.ts";
import type { EinvoiceTransmission } from "./einvoice-transmission.ts";

/**
 * The approved platform (plateforme agréée, PA) of the French e-invoicing reform, as AFNOR
 * XP Z12-013 "Flow Service" 1.3.0 describes it: what the shop deposits (flows), the lifecycle
 * statuses it reads back (CDAR codes), and how a webhook event is authenticated. Pure: the
 * client is services/approved-platform.ts.
 */

/** The lifecycle statuses of an invoice (XP Z12-012, CDAR `ProcessConditionCode`). */
export const LIFECYCLE_STATUSES = {
  200: "Deposited",
  201: "Issued by the platform",
  202: "Received by the platform",
  203: "Made available",
  204: "Taken over",
  205: "Approved",
  206: "Partially approved",
  207: "In dispute",
  208: "Suspended",
  209: "Completed",
  210: "Refused",
  211: "Payment sent",
  212: "Collected",
  213: "Rejected",
  214: "Visaed",
} as const;
export type LifecycleCode = keyof typeof LIFECYCLE_STATUSES;

/** Statuses staff must act on: the buyer refused the invoice, or the platform rejected it. */
export const ATTENTION_CODES: readonly number[] = [210, 213, 207, 208];

/** Statuses that end a document's life, the one that outranks first: rejected, refused, collected. */
export const TERMINAL_CODES: readonly number[] = [213, 210, 212];

export const isLifecycleCode = (code: number): code is LifecycleCode =>
  Object.hasOwn(LIFECYCLE_STATUSES, code);

export const statusLabel = (code: number) =>
  isLifecycleCode(code) ? LIFECYCLE_STATUSES[code] : `Status ${code}`;

/** What deciding a document's channel reads of it: a whole document or its e-reporting record. */
type ChannelFields = Pick<InvoiceDocument, "countryCode"> & {
  buyer: Pick<InvoiceDocument["buyer"], "company" | "siret" | "siren" | "vatNumber">;
  billingAddress: Pick<InvoiceDocument["billingAddress"], "country">;
};

/**
 * Whether a document is a sale to a business established in France, known by its SIREN or its
 * French VAT number (a public body, known by its structure's SIRET, is not: see processingRule).
 */
function isDomesticBusiness(doc: ChannelFields): boolean {
  const b = doc.buyer;
  if (!b.company || b.siret) return false;
  const french = doc.billingAddress.country.trim().toLowerCase() === "france" ||
    doc.countryCode === "FR";
  return french && Boolean(b.siren || b.vatNumber?.toUpperCase().startsWith("FR"));
}

/** The processing rules of the documents the shop e-invoices (Flow Service `ProcessingRule`). */
export type EinvoiceRule = "B2B" | "B2G";

/**
 * How a document is e-invoiced: B2B to a business established in France; B2G to a French public
 * body (its structure's SIRET: Chorus Pro, directly or through the platform); null for a sale
 * that is not e-invoiced but reported (consumers, cross-border businesses: Flux 10).
 */
export function processingRule(doc: ChannelFields): EinvoiceRule | null {
  if (doc.buyer.siret) return "B2G";
  return isDomesticBusiness(doc) ? "B2B" : null;
}

/** What the shop deposits, and the key that makes it once. */
export const FLOW_KINDS = ["invoice", "collected", "report"] as const;
export type FlowKind = typeof FLOW_KINDS[number];

/** The `flowInfo` part of `POST /v1/flows` (schema FlowInfo). */
export interface FlowInfo {
  trackingId: string;
  name: string;
  processingRule: EinvoiceRule | "B2C";
  flowSyntax: "Factur-X" | "CDAR" | "FRR";
  flowProfile?: "CIUS";
  sha256: string;
}

/** A Factur-X invoice or credit note (EN 16931 with the French rules: the CIUS profile). */
export const invoiceFlowInfo = (
  number: string,
  rule: EinvoiceRule,
  sha256: string,
): FlowInfo => ({
  trackingId: number,
  name: `${number}.pdf`,
  processingRule: rule,
  flowSyntax: "Factur-X",
  flowProfile: "CIUS",
  sha256,
});

/** The seller's own lifecycle message for a document ("212 Collected"). */
export const collectedFlowInfo = (number: string, sha256: string): FlowInfo => ({
  trackingId: `${number}-212`,
  name: `${number}-212.xml`,
  processingRule: "B2B",
  flowSyntax: "CDAR",
  sha256,
});

/** An e-reporting file (Flux 10) of a period. */
export const reportFlowInfo = (periodId: string, sha256: string): FlowInfo => ({
  trackingId: `FRR-${periodId}`,
  name: `FRR-${periodId}.xml`,
  processingRule: "B2C",
  flowSyntax: "FRR",
  sha256,
});

/** A Flow as the platform answers and posts it (schema Flow, the fields the shop reads). */
export const flowSchema = z.object({
  flowId: z.string().min(1).max(64),
  trackingId: z.string().max(64).optional(),
  name: z.string().max(255),
  flowSyntax: z.string(),
  flowType: z.string(),
  flowDirection: z.enum(["In", "Out"]),
  processingRule: z.string(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  acknowledgement: z.object({
    status: z.enum(["Pending", "Ok", "Error"]),
    details: z.array(z.object({
      level: z.string(),
      item: z.string(),
      reasonCode: z.string(),
      reasonMessage: z.string(),
    })).optional(),
  }),
});
export type Flow = z.infer<typeof flowSchema>;

/** Why the platform refused a flow, in one line for staff. */
export const ackReason = (flow: Flow) =>
  (flow.acknowledgement.details ?? []).map((d) => `${d.reasonCode}: ${d.reasonMessage}`).join(
    "; ",
  ) || "Rejected by the platform";

/** How far a webhook's timestamp may be from now: beyond it, the event is refused as stale. */
export const WEBHOOK_TOLERANCE_S = 300;

const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * The `Afnor-Signature` of an event: HMAC-SHA-256, keyed with the webhook's signing key
 * (base64), over the payload as sent, "@", and the `Afnor-Signature-Timestamp` (epoch seconds);
 * base64.
 */
export async function webhookSignature(
  signingKey: string,
  payload: string,
  timestamp: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    fromBase64(signingKey),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign(
    "HMAC",
    key,
    new TextEncoder().encode(`${payload}@${timestamp}`),
  );
  return base64(mac);
}

/** Why an event is refused, or null when it is the platform's and fresh. */
export async function webhookProblem(
  signingKey: string,
  payload: string,
  signature: string | undefined,
  timestamp: string | undefined,
  nowMs: number,
): Promise<string | null> {
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) {
    return "Afnor-Signature and Afnor-Signature-Timestamp are required";
  }
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_S) {
    return "Afnor-Signature-Timestamp is stale";
  }
  const expected = await webhookSignature(signingKey, payload, timestamp);
  return constantTimeEqual(expected, signature) ? null : "Afnor-Signature does not match";
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The retry delay after `attempts` failed tries: 1, 2, 4 ... minutes, at most an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

const nextMonth = (month: string) => {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
};

/**
 * The periods over by `today` (shop days) that hold days from `start` (PA_FROM) on, oldest
 * first; the first starts on `start` when it falls inside it. Each is reported the day after
 * its end, within every regime's deadline.
 */
export function closedPeriods(regime: VatRegime, start: string, today: string): ReportingPeriod[] {
  const out: ReportingPeriod[] = [];
  for (let month = start.slice(0, 7); `${month}-01` < today; month = nextMonth(month)) {
    for (const p of monthPeriods(regime, month)) {
      if (p.to < start || p.to >= today) continue;
      out.push({ ...p, from: p.from < start ? start : p.from });
    }
  }
  return out;
}

/** A period from its id, its first day no earlier than `start`; null for an unknown id. */
export function periodFrom(id: string, start: string): ReportingPeriod | null {
  const p = periodOf(id);
  return p && { ...p, from: p.from < start ? start : p.from };
}

/** A status the platform (or the seller) gave a document, at the time it was given. */
export interface LifecycleStatus {
  code: LifecycleCode | number;
  at: string;
  reason: string | null;
}

/**
 * A document's transmission record with one more status: kept in its history once (a replayed
 * event adds nothing: null), the history in the order the statuses were given. Its status is
 * the latest, except that one ending its life stays (TERMINAL_CODES, in their precedence);
 * flagged for staff when refused, rejected, in dispute or suspended.
 */
export function withLifecycleStatus(
  tx: EinvoiceTransmission,
  event: LifecycleStatus,
  now: string,
  remote: Record<string, string> = {},
): EinvoiceTransmission | null {
  const code = String(event.code);
  const reason = event.reason ?? undefined;
  const seen = tx.history.some((h) => h.code === code && h.at === event.at && h.reason === reason);
  const known = Object.entries(remote).every(([k, v]) => tx.remote[k] === v);
  if (seen && known) return null;
  const history = seen ? tx.history : [...tx.history, {
    at: event.at,
    code,
    ...(reason ? { reason: reason.slice(0, 1000) } : {}),
  }].sort((a, b) => a.at.localeCompare(b.at));
  const lifecycle = history.filter((h) => /^\d{3}$/.test(h.code));
  const current = TERMINAL_CODES.map((c) => lifecycle.findLast((h) => h.code === String(c)))
    .find(Boolean) ?? lifecycle[lifecycle.length - 1];
  const n = Number(current.code);
  const { lastError: _, ...rest } = tx;
  return {
    ...rest,
    status: {
      code: current.code,
      label: statusLabel(n),
      ...(current.reason ? { reason: current.reason } : {}),
    },
    flagged: ATTENTION_CODES.includes(n),
    settled: TERMINAL_CODES.includes(n),
    history,
    attempts: 0,
    nextAttemptAt: null,
    remote: { ...tx.remote, ...remote },
    updatedAt: now,
  };
}
