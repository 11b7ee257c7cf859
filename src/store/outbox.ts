import { newId } from "../domain/ids.ts";
import {
  type MailMessage,
  mailMessageSchema,
  MAX_MAIL_ATTEMPTS,
  type OutboxEntry,
  outboxEntrySchema,
} from "../domain/mail.ts";
import { nowIso } from "./atomic.ts";

const entryKey = (id: string) => ["outbox", id] as const;
const pendingKey = (id: string) => ["outbox_pending", id] as const;

export type OutboxStore = ReturnType<typeof createOutboxStore>;

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/**
 * An entry as stored: its text and HTML as UTF-8 bytes. As strings they were kept two bytes a
 * character (V8 keeps a string so when any piece of it was: a "€", an amount from Intl), and an
 * order's confirmation was a 13.9 KB record; as bytes it is 7 KB.
 */
function stored(entry: OutboxEntry) {
  return {
    ...entry,
    text: utf8.encode(entry.text),
    ...(entry.html === undefined ? {} : { html: utf8.encode(entry.html) }),
  };
}

/** An entry as read: its bodies as text (stored as bytes, or as strings before). */
function parse(value: unknown): OutboxEntry {
  if (typeof value !== "object" || value === null) return outboxEntrySchema.parse(value);
  const v = value as Record<string, unknown>;
  const text = (body: unknown) => body instanceof Uint8Array ? fromUtf8.decode(body) : body;
  return outboxEntrySchema.parse({
    ...v,
    text: text(v.text),
    ...(v.html === undefined ? {} : { html: text(v.html) }),
  });
}

export function createOutboxStore(kv: Deno.Kv) {
  function put(op: Deno.AtomicOperation, message: MailMessage, tally?: string[]): OutboxEntry {
    const entry: OutboxEntry = {
      ...message,
      ...(tally ? { tally } : {}),
      schemaVersion: 1,
      id: newId(),
      status: "pending",
      attempts: 0,
      createdAt: nowIso(),
    };
    op.set(entryKey(entry.id), stored(entry)).set(pendingKey(entry.id), true);
    return entry;
  }

  return {
    /**
     * Adds a message to `op`, so it is written in the same commit as the event behind it;
     * `tally` counts its outcome (a newsletter's progress).
     */
    add(op: Deno.AtomicOperation, message: MailMessage, tally?: string[]): OutboxEntry {
      return put(op, mailMessageSchema.parse(message), tally);
    },

    /**
     * `add` for a mail the order mail builders (domain/order-mails.ts) made from an order: typed,
     * its address and subject from the order's checked fields, so not parsed again (the checkout's
     * two mails per order were 1% of a launch's CPU).
     */
    addBuilt: (op: Deno.AtomicOperation, message: MailMessage): OutboxEntry => put(op, message),

    async get(id: string): Promise<OutboxEntry | null> {
      const e = await kv.get(entryKey(id));
      return e.value ? parse(e.value) : null;
    },

    async pending(limit = 50): Promise<OutboxEntry[]> {
      const out: OutboxEntry[] = [];
      for await (const e of kv.list({ prefix: ["outbox_pending"] }, { limit })) {
        const entry = await this.get(String(e.key[1]));
        if (entry) out.push(entry);
      }
      return out;
    },

    async list(): Promise<OutboxEntry[]> {
      const out: OutboxEntry[] = [];
      for await (const e of kv.list({ prefix: ["outbox"] })) out.push(parse(e.value));
      return out;
    },

    /**
     * Records one delivery attempt. Checked against the version read, so two senders racing
     * on the same message record one outcome; returns false when another sender won. A `final`
     * error marks the message failed at once (it would fail the same way again).
     */
    async recordAttempt(id: string, error?: string, final = false): Promise<boolean> {
      const e = await kv.get(entryKey(id));
      if (!e.value) return false;
      const current = parse(e.value);
      if (current.status !== "pending") return false;
      const attempts = current.attempts + 1;
      const next: OutboxEntry = error
        ? {
          ...current,
          attempts,
          lastError: error.slice(0, 500),
          status: final || attempts >= MAX_MAIL_ATTEMPTS ? "failed" : "pending",
        }
        : { ...current, attempts, status: "sent", sentAt: nowIso() };
      const op = kv.atomic().check(e).set(entryKey(id), stored(next));
      if (next.status !== "pending") op.delete(pendingKey(id));
      if (next.status !== "pending" && current.tally) op.sum([...current.tally, next.status], 1n);
      return (await op.commit()).ok;
    },

    /** Claims a message for sending, so two instances do not both deliver it at once. */
    async claim(id: string, ttlMs = 60_000): Promise<boolean> {
      const key = ["outbox_claim", id];
      const current = await kv.get<number>(key);
      // The claim carries its own expiry: KV's expireIn deletes lazily, so it is not relied on.
      if (current.value && current.value > Date.now()) return false;
      const until = Date.now() + ttlMs;
      const res = await kv.atomic().check(current).set(key, until, { expireIn: ttlMs * 10 })
        .commit();
      return res.ok;
    },
  };
}
