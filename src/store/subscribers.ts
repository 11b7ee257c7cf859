import { normalizeEmail } from "../domain/email.ts";
import { NotFoundError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { type Subscriber, subscriberSchema } from "../domain/subscriber.ts";
import type { AuditDraft } from "../domain/audit.ts";
import { addAudit } from "./audit.ts";
import { conflict, done, listValues, nowIso, retryOnConflict } from "./atomic.ts";

const subscriberKey = (id: string) => ["subscriber", id] as const;
/** One subscriber per email: the unique index. */
const emailKey = (email: string) => ["subscriber_by_email", normalizeEmail(email)] as const;

export type SubscriberStore = ReturnType<typeof createSubscriberStore>;

export function createSubscriberStore(kv: Deno.Kv) {
  const parse = (v: unknown) => subscriberSchema.parse(v);

  async function get(id: string): Promise<Subscriber | null> {
    const entry = await kv.get(subscriberKey(id));
    return entry.value ? parse(entry.value) : null;
  }

  async function getByEmail(email: string): Promise<Subscriber | null> {
    const id = await kv.get<string>(emailKey(email));
    return id.value ? await get(id.value) : null;
  }

  return {
    get,
    getByEmail,

    /**
     * Subscribes an email, recording consent (time, page). A known email stays one subscriber;
     * one that had unsubscribed is subscribed again with the new consent.
     */
    async subscribe(
      email: string,
      source: string,
    ): Promise<{ subscriber: Subscriber; created: boolean }> {
      const address = normalizeEmail(email);
      return await retryOnConflict<{ subscriber: Subscriber; created: boolean }>(async () => {
        const index = await kv.get<string>(emailKey(address));
        const now = nowIso();
        if (index.value) {
          const entry = await kv.get(subscriberKey(index.value));
          const current = entry.value ? parse(entry.value) : null;
          if (current?.subscribed) return done({ subscriber: current, created: false });
          if (current) {
            const { unsubscribedAt: _gone, ...rest } = current;
            const next: Subscriber = { ...rest, subscribed: true, consent: { at: now, source } };
            const res = await kv.atomic().check(entry).set(subscriberKey(current.id), next)
              .commit();
            return res.ok ? done({ subscriber: next, created: false }) : conflict;
          }
        }
        const subscriber: Subscriber = {
          schemaVersion: 1,
          id: newId(),
          email: address,
          subscribed: true,
          consent: { at: now, source },
          createdAt: now,
        };
        const res = await kv.atomic().check(index)
          .set(subscriberKey(subscriber.id), subscriber)
          .set(emailKey(address), subscriber.id)
          .commit();
        return res.ok ? done({ subscriber, created: true }) : conflict;
      });
    },

    /** Marks a subscriber as unsubscribed (kept, so the opt-out is remembered). */
    async unsubscribe(email: string): Promise<Subscriber | null> {
      return await retryOnConflict<Subscriber | null>(async () => {
        const index = await kv.get<string>(emailKey(email));
        if (!index.value) return done(null);
        const entry = await kv.get(subscriberKey(index.value));
        if (!entry.value) return done(null);
        const current = parse(entry.value);
        if (!current.subscribed) return done(current);
        const next: Subscriber = { ...current, subscribed: false, unsubscribedAt: nowIso() };
        const res = await kv.atomic().check(entry).set(subscriberKey(current.id), next).commit();
        return res.ok ? done(next) : conflict;
      });
    },

    list(): Promise<Subscriber[]> {
      return listValues(kv, ["subscriber"], parse);
    },

    /** Every subscriber, oldest first, read as it goes (exports never hold them all). */
    async *each(): AsyncGenerator<Subscriber> {
      for await (const e of kv.list({ prefix: ["subscriber"] })) yield parse(e.value);
    },

    /**
     * One page of subscribers, newest first, with the matching total: `status` active or
     * inactive, `search` a case-insensitive part of the email.
     */
    async page(q: { page: number; limit: number; status: string; search: string }) {
      const term = q.search.toLowerCase();
      const skip = (q.page - 1) * q.limit;
      const items: Subscriber[] = [];
      let total = 0;
      for await (const e of kv.list({ prefix: ["subscriber"] }, { reverse: true })) {
        const s = parse(e.value);
        if (q.status === "active" && !s.subscribed) continue;
        if (q.status === "inactive" && s.subscribed) continue;
        if (term && !s.email.includes(term)) continue;
        if (total >= skip && items.length < q.limit) items.push(s);
        total++;
      }
      return { items, total };
    },

    /** Active subscribers after `cursor` (a KV list cursor), in creation order, a batch at a time. */
    async activeBatch(cursor: string | null, size: number) {
      const iter = kv.list({ prefix: ["subscriber"] }, {
        cursor: cursor ?? undefined,
        limit: size,
      });
      const batch: Subscriber[] = [];
      let read = 0;
      for await (const e of iter) {
        read++;
        const s = parse(e.value);
        if (s.subscribed) batch.push(s);
      }
      return { batch, cursor: read < size ? null : iter.cursor, done: read < size };
    },

    async remove(id: string, audit?: (s: Subscriber) => AuditDraft): Promise<void> {
      await retryOnConflict(async () => {
        const entry = await kv.get(subscriberKey(id));
        if (!entry.value) throw new NotFoundError("Subscriber not found");
        const subscriber = parse(entry.value);
        const op = kv.atomic().check(entry).delete(subscriberKey(id))
          .delete(emailKey(subscriber.email));
        if (audit) addAudit(op, audit(subscriber));
        return (await op.commit()).ok ? done(undefined) : conflict;
      });
    },
  };
}
