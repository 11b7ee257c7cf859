import { toHex } from "../domain/hex.ts";
import { z } from "zod";
import { conflict, done, nowIso, retryOnConflict } from "./atomic.ts";
import { keyedRecords } from "./records.ts";

/** A payment intent of the offline sandbox provider, kept in KV like Stripe keeps its own. */
export const sandboxIntentSchema = z.object({
  id: z.string(),
  clientSecret: z.string(),
  amountCents: z.number().int().min(0),
  currency: z.string(),
  /** Like Stripe's with manual capture: authorized is `requires_capture`, charged `succeeded`. */
  status: z.enum(["requires_payment_method", "requires_capture", "succeeded", "canceled"]),
  metadata: z.record(z.string(), z.string()),
  lastError: z.string().optional(),
  /** What refunds gave back so far; never more than `amountCents`. */
  amountRefundedCents: z.number().int().min(0).optional(),
  createdAt: z.string(),
});
export type SandboxIntent = z.infer<typeof sandboxIntentSchema>;

export interface SandboxRefund {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  createdAt: string;
}

const randomHex = (bytes: number) => toHex(crypto.getRandomValues(new Uint8Array(bytes)));

const intentKey = (id: string) => ["sandbox_intent", id] as const;
/** Intents by creation time (their ids are random), for the purge of abandoned ones. */
const byTimeKey = (ms: number, id: string) => ["sandbox_intent_by_time", ms, id] as const;
const idempotencyKey = (key: string) => ["sandbox_idempotency", key] as const;
const refundKey = (id: string) => ["sandbox_refund", id] as const;
const refundIdempotencyKey = (key: string) => ["sandbox_refund_idempotency", key] as const;
/** Like Stripe's: a key is remembered for a day. */
const KEY_LIFETIME_MS = 24 * 3600_000;

export type SandboxIntentStore = ReturnType<typeof createSandboxIntentStore>;

/** How many intents `retrieve` remembers for the capture or cancel that follows it. */
const REMEMBERED = 1000;

type IntentRead = { entry: Deno.KvEntryMaybe<unknown>; record: SandboxIntent | null };

export function createSandboxIntentStore(kv: Deno.Kv) {
  // Written only here, typed (a change is parsed before it is written): read back as written,
  // not parsed again (two reads a buyer).
  const intents = keyedRecords(kv, intentKey, {
    parse: (value) => value as SandboxIntent,
  });
  const { get } = intents;
  /**
   * The last read of recently retrieved intents: the checkout retrieves an intent, then
   * captures or cancels it, and that checked write starts from this read (a write since makes
   * it fail and read again) instead of reading the same entry a second time.
   */
  const retrieved = new Map<string, IntentRead>();
  /** A remembered read of `id` whose status `usable` accepts (forgotten either way), else a read. */
  function lastRead(id: string, usable: (status: SandboxIntent["status"]) => boolean) {
    const known = retrieved.get(id);
    retrieved.delete(id);
    return known?.record && usable(known.record.status) ? known : intents.read(id);
  }

  return {
    get,

    /** An intent as it is now (remembered for its capture or cancel), null when there is none. */
    async retrieve(id: string): Promise<SandboxIntent | null> {
      const read = await intents.read(id);
      retrieved.delete(id);
      if (read.record) retrieved.set(id, read);
      if (retrieved.size > REMEMBERED) retrieved.delete(retrieved.keys().next().value!);
      return read.record;
    },

    /**
     * Deletes intents made before `before` (epoch ms) that were never paid (canceled, or still
     * awaiting a card), at most `limit` per call, oldest first; a paid one is kept (its order's
     * refunds read it) and only leaves the time index. Answers how many were deleted.
     */
    async purgeAbandoned(before: number, limit: number): Promise<number> {
      let purged = 0;
      const iter = kv.list<boolean>({
        start: ["sandbox_intent_by_time"],
        end: ["sandbox_intent_by_time", before],
      }, { limit });
      for await (const e of iter) {
        const id = String(e.key[2]);
        const { entry, record: intent } = await intents.read(id);
        const abandoned = intent?.status === "canceled" ||
          intent?.status === "requires_payment_method";
        const op = kv.atomic().check(entry).delete(e.key);
        if (abandoned) op.delete(intentKey(id));
        if ((await op.commit()).ok && abandoned) purged++;
      }
      return purged;
    },

    /** Creates an intent, or returns the one already created with this idempotency key. */
    async create(
      data: Pick<SandboxIntent, "amountCents" | "currency" | "metadata">,
      key: string,
    ): Promise<SandboxIntent> {
      // A key is nearly always new (the checkout makes one per intent): the commit checks it is
      // still free instead of reading it first, and only a refused commit reads what holds it.
      let existing: Deno.KvEntryMaybe<string> = {
        key: idempotencyKey(key),
        value: null,
        versionstamp: null,
      };
      return await retryOnConflict(async () => {
        if (existing.value) {
          const intent = await get(existing.value);
          if (intent) return done(intent);
        }
        // Random, not time-sortable: an intent id must not be guessable from another one.
        const id = `pi_sbx_${randomHex(12)}`;
        const secret = randomHex(12);
        const intent: SandboxIntent = {
          ...data,
          id,
          clientSecret: `${id}_secret_${secret}`,
          status: "requires_payment_method",
          createdAt: nowIso(),
        };
        const res = await kv.atomic().check(existing)
          .set(intentKey(id), intent)
          .set(byTimeKey(Date.parse(intent.createdAt), id), true)
          .set(idempotencyKey(key), id, { expireIn: KEY_LIFETIME_MS })
          .commit();
        if (res.ok) return done(intent);
        existing = await kv.get<string>(idempotencyKey(key));
        return conflict;
      });
    },

    /**
     * Cancels an intent awaiting payment or authorized (the authorization is released), like
     * Stripe; a no-op on any other (or no) intent.
     */
    async cancel(id: string): Promise<void> {
      const open = (s: string) => s === "requires_payment_method" || s === "requires_capture";
      let first = true;
      await retryOnConflict(async () => {
        const { entry, record: current } = first
          ? await lastRead(id, open)
          : await intents.read(id);
        first = false;
        const status = current?.status;
        if (status !== "requires_payment_method" && status !== "requires_capture") {
          return done(undefined);
        }
        const res = await kv.atomic().check(entry)
          .set(intentKey(id), { ...current, status: "canceled", lastError: undefined })
          .commit();
        return res.ok ? done(undefined) : conflict;
      });
    },

    /**
     * Charges an authorized intent; idempotent. Answers the intent after (as it is when it was
     * not authorized: canceled, unpaid), or null when there is no such intent.
     */
    async capture(id: string): Promise<SandboxIntent | null> {
      let first = true;
      return await retryOnConflict(async () => {
        const { entry, record: current } = first
          ? await lastRead(id, (s) => s === "requires_capture")
          : await intents.read(id);
        first = false;
        if (current?.status !== "requires_capture") return done(current);
        const next: SandboxIntent = { ...current, status: "succeeded" };
        return (await kv.atomic().check(entry).set(intentKey(id), next).commit()).ok
          ? done(next)
          : conflict;
      });
    },

    /**
     * Refunds part or all of a succeeded intent, or returns the refund already made with this
     * idempotency key; answers Stripe's reason when it refuses.
     */
    async refund(
      intentId: string,
      amountCents: number,
      key: string,
    ): Promise<{ refund: SandboxRefund } | { refused: string }> {
      return await retryOnConflict(async () => {
        // One snapshot of both: a refund committed between two reads would look like someone
        // else's, and the repeat of a request would be refused instead of answered.
        const [seen, e] = await kv.getMany<[string, unknown]>([
          refundIdempotencyKey(key),
          intentKey(intentId),
        ]);
        if (seen.value) {
          const earlier = await kv.get<SandboxRefund>(refundKey(seen.value));
          if (earlier.value) {
            const same = earlier.value.paymentIntentId === intentId &&
              earlier.value.amountCents === amountCents;
            return done(
              same ? { refund: earlier.value } : {
                refused:
                  "Keys for idempotent requests can only be used with the same parameters they were first used with.",
              },
            );
          }
        }
        if (!e.value) return done({ refused: `No such payment_intent: '${intentId}'` });
        const intent = sandboxIntentSchema.parse(e.value);
        if (intent.status !== "succeeded") {
          return done({
            refused: "This PaymentIntent does not have a successful charge to refund.",
          });
        }
        const left = intent.amountCents - (intent.amountRefundedCents ?? 0);
        if (amountCents < 1) return done({ refused: "Refund amount must be at least 1 cent." });
        if (amountCents > left) {
          return done({
            refused:
              `Refund amount (${amountCents}) is greater than unrefunded amount on charge (${left})`,
          });
        }
        const refund: SandboxRefund = {
          id: `re_sbx_${randomHex(12)}`,
          paymentIntentId: intentId,
          amountCents,
          createdAt: nowIso(),
        };
        const res = await kv.atomic().check(seen).check(e)
          .set(intentKey(intentId), {
            ...intent,
            amountRefundedCents: (intent.amountRefundedCents ?? 0) + amountCents,
          })
          .set(refundKey(refund.id), refund)
          .set(refundIdempotencyKey(key), refund.id, { expireIn: KEY_LIFETIME_MS })
          .commit();
        return res.ok ? done({ refund }) : conflict;
      });
    },

    /** An intent with its entry (what `update` checks against), null when there is none. */
    read: intents.read,

    /**
     * Applies one confirmation attempt; an authorized, succeeded or canceled one stays as it is.
     * `known`: the intent as the caller has just read it (read again only after a conflict).
     */
    async update(
      id: string,
      change: (i: SandboxIntent) => SandboxIntent,
      known?: { entry: Deno.KvEntryMaybe<unknown>; record: SandboxIntent | null },
    ): Promise<SandboxIntent> {
      let read = known;
      return await retryOnConflict(async () => {
        const { entry, record: current } = read ?? await intents.read(id);
        read = undefined;
        if (!current) throw new Error(`sandbox intent ${id} vanished`);
        if (current.status !== "requires_payment_method") return done(current);
        const next = sandboxIntentSchema.parse(change(current));
        const res = await kv.atomic().check(entry).set(intentKey(id), next).commit();
        return res.ok ? done(next) : conflict;
      });
    },
  };
}
