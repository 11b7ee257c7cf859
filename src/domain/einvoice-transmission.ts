import { z } from "zod";

/**
 * One document's journey to an e-invoicing channel: a public buyer's invoice deposited on
 * Chorus Pro, a business invoice or an e-report sent through the accredited platform (issue 38).
 * One record per channel and document number: a document is never transmitted twice.
 */

export const EINVOICE_CHANNELS = ["chorus_pro", "platform"] as const;
export type EinvoiceChannel = (typeof EINVOICE_CHANNELS)[number];
export const EINVOICE_KINDS = ["invoice", "credit_note", "ereport"] as const;
export type EinvoiceKind = (typeof EINVOICE_KINDS)[number];

/** How staff read a channel's name. */
export const CHANNEL_LABELS: Readonly<Record<EinvoiceChannel, string>> = {
  chorus_pro: "Chorus Pro",
  platform: "E-invoicing platform",
};

export const KIND_LABELS: Readonly<Record<EinvoiceKind, string>> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  ereport: "E-report",
};

/** The codes every channel shares before the remote side answers (the channel's own follow). */
export const QUEUED = "QUEUED";
export const RETRYING = "RETRYING";
export const FAILED = "FAILED";

/** One change of status, as the channel gave it. */
export const transmissionEventSchema = z.object({
  at: z.string(),
  code: z.string().min(1).max(60),
  reason: z.string().max(1000).optional(),
});
export type TransmissionEvent = z.infer<typeof transmissionEventSchema>;

export const transmissionStatusSchema = z.object({
  /** The channel's own code (Chorus Pro: DEPOSEE, REJETEE, ...; QUEUED before it is sent). */
  code: z.string().min(1).max(60),
  /** What staff read. */
  label: z.string().min(1).max(200),
  /** The channel's reason (a rejection's, a suspension's, the last transport error). */
  reason: z.string().max(1000).optional(),
});
export type TransmissionStatus = z.infer<typeof transmissionStatusSchema>;

export const einvoiceTransmissionSchema = z.object({
  schemaVersion: z.literal(1),
  /** `channel:documentNumber`: the record's key. */
  id: z.string(),
  documentNumber: z.string().min(1).max(60),
  /** The order the document belongs to; an e-report of several sales has none. */
  orderId: z.string().nullable(),
  kind: z.enum(EINVOICE_KINDS),
  channel: z.enum(EINVOICE_CHANNELS),
  status: transmissionStatusSchema,
  /** Needs staff: rejected, suspended, refused, or given up after every retry. */
  flagged: z.boolean(),
  /** Nothing more will happen to it (paid, rejected for good, given up): no more polling. */
  settled: z.boolean(),
  history: z.array(transmissionEventSchema),
  /** Transport attempts since the last success (the backoff's count). */
  attempts: z.number().int().min(0),
  /** The last transport error, kept until the channel answers again. */
  lastError: z.string().max(1000).optional(),
  /** When the worker looks at it next (send, retry or poll), or null when settled. */
  nextAttemptAt: z.string().nullable(),
  /** The channel's references (Chorus Pro: the flow's deposit number, the invoice's id). */
  remote: z.record(z.string(), z.string()).default({}),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EinvoiceTransmission = z.infer<typeof einvoiceTransmissionSchema>;

export const transmissionId = (channel: EinvoiceChannel, documentNumber: string) =>
  `${channel}:${documentNumber}`;

export interface NewTransmission {
  documentNumber: string;
  orderId: string | null;
  kind: EinvoiceKind;
  channel: EinvoiceChannel;
  /** The first status; "queued" unless the channel says otherwise. */
  status?: TransmissionStatus;
  /**
   * Null for a channel that sends from its own ordered queue (the platform's outbox): the
   * record only tells staff, it is never due here. Unset: due at once.
   */
  nextAttemptAt?: null;
}

/** A document waiting for its first sending, due at once. */
export function newTransmission(input: NewTransmission, at: string): EinvoiceTransmission {
  const status = input.status ?? { code: QUEUED, label: "Queued" };
  return einvoiceTransmissionSchema.parse({
    schemaVersion: 1,
    id: transmissionId(input.channel, input.documentNumber),
    documentNumber: input.documentNumber,
    orderId: input.orderId,
    kind: input.kind,
    channel: input.channel,
    status,
    flagged: false,
    settled: false,
    history: [{ at, code: status.code, ...(status.reason ? { reason: status.reason } : {}) }],
    attempts: 0,
    nextAttemptAt: input.nextAttemptAt === null ? null : at,
    remote: {},
    createdAt: at,
    updatedAt: at,
  });
}

export interface StatusChange {
  status: TransmissionStatus;
  flagged?: boolean;
  settled?: boolean;
  /** When to look again; null when settled. */
  nextAttemptAt: string | null;
  remote?: Record<string, string>;
}

/**
 * The record after the channel answered: the history grows only when the code or the reason
 * changes (a poll that finds the same status adds nothing); the retry count starts again.
 */
export function withStatus(
  tx: EinvoiceTransmission,
  change: StatusChange,
  at: string,
): EinvoiceTransmission {
  const { status } = change;
  const same = tx.status.code === status.code && tx.status.reason === status.reason;
  const { lastError: _, ...rest } = tx;
  return {
    ...rest,
    status,
    flagged: change.flagged ?? false,
    settled: change.settled ?? false,
    history: same ? tx.history : [...tx.history, {
      at,
      code: status.code,
      ...(status.reason ? { reason: status.reason } : {}),
    }],
    attempts: 0,
    nextAttemptAt: change.settled ? null : change.nextAttemptAt,
    remote: { ...tx.remote, ...change.remote },
    updatedAt: at,
  };
}

/** Retries before a transmission is given up and flagged for staff (about a day). */
export const MAX_TRANSMISSION_ATTEMPTS = 12;

/** Backoff after the n-th failed attempt (1-based): 1, 2, 4 ... minutes, at most 8 hours. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60_000 * 2 ** (attempt - 1), 8 * 3600_000);
}

/**
 * The record after the channel could not be reached (or answered an error that may pass): the
 * status is kept, the error noted; after the last retry it is given up and flagged.
 */
export function withFailedAttempt(
  tx: EinvoiceTransmission,
  error: string,
  at: string,
): EinvoiceTransmission {
  const attempts = tx.attempts + 1;
  const reason = error.slice(0, 1000);
  if (attempts >= MAX_TRANSMISSION_ATTEMPTS) {
    return {
      ...withStatus(tx, {
        status: { code: FAILED, label: "Not transmitted: retries exhausted", reason },
        flagged: true,
        settled: true,
        nextAttemptAt: null,
      }, at),
      attempts,
    };
  }
  const next = new Date(Date.parse(at) + retryDelayMs(attempts)).toISOString();
  const sent = tx.status.code !== QUEUED && tx.status.code !== RETRYING;
  return {
    ...tx,
    // Before the channel took the document, the status says it waits for a retry; after, the
    // channel's last status stands and the error is only the reason of the next look.
    status: sent ? tx.status : { code: RETRYING, label: "Channel unreachable: will retry", reason },
    history: sent || tx.status.code === RETRYING
      ? tx.history
      : [...tx.history, { at, code: RETRYING, reason }],
    attempts,
    lastError: reason,
    nextAttemptAt: next,
    updatedAt: at,
  };
}

/**
 * How urgent a record is for staff: 0 refused or rejected (flagged and ended: the platform's 213
 * and 210, Chorus Pro's REJETEE and REFUSED, or given up: only a new document helps), 1 flagged
 * and still moving (in dispute, suspended, to recycle), 2 the rest.
 */
const urgency = (tx: EinvoiceTransmission) => tx.flagged ? (tx.settled ? 0 : 1) : 2;

/** The list's order: refused and rejected first, then the other flagged, each newest first. */
export function byAttention(a: EinvoiceTransmission, b: EinvoiceTransmission): number {
  return urgency(a) - urgency(b) || b.updatedAt.localeCompare(a.updatedAt) ||
    b.id.localeCompare(a.id);
}

export const transmissionQuerySchema = z.object({
  channel: z.enum(EINVOICE_CHANNELS).optional(),
  orderId: z.string().trim().min(1).max(100).optional(),
  flagged: z.enum(["true", "false"]).transform((v) => v === "true").optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type TransmissionQuery = z.infer<typeof transmissionQuerySchema>;
