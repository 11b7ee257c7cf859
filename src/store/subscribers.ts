import { normalizeEmail } from "../domain/email.ts";
import { NotFoundError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { type Subscriber, subscriberSchema } from "../domain/subscriber.ts";
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

    async remove(id: string): Promise<void> {
      const subscriber = await get(id);
      if (!subscriber) throw new NotFoundError("Subscriber not found");
      await kv.atomic().delete(subscriberKey(id)).delete(emailKey(subscriber.email)).commit();
    },
  };
}
