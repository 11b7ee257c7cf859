import { z } from "zod";
import { conflict, done, nowIso, retryOnConflict } from "./atomic.ts";

/** A payment intent of the offline sandbox provider, kept in KV like Stripe keeps its own. */
export const sandboxIntentSchema = z.object({
  id: z.string(),
  clientSecret: z.string(),
  amountCents: z.number().int().min(0),
  currency: z.string(),
  status: z.enum(["requires_payment_method", "succeeded", "canceled"]),
  metadata: z.record(z.string(), z.string()),
  lastError: z.string().optional(),
  createdAt: z.string(),
});
export type SandboxIntent = z.infer<typeof sandboxIntentSchema>;

const randomHex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)))
    .map((b) => b.toString(16).padStart(2, "0")).join("");

const intentKey = (id: string) => ["sandbox_intent", id] as const;
const idempotencyKey = (key: string) => ["sandbox_idempotency", key] as const;

export type SandboxIntentStore = ReturnType<typeof createSandboxIntentStore>;

export function createSandboxIntentStore(kv: Deno.Kv) {
  const parse = (v: unknown) => sandboxIntentSchema.parse(v);

  async function get(id: string): Promise<SandboxIntent | null> {
    const e = await kv.get(intentKey(id));
    return e.value ? parse(e.value) : null;
  }

  return {
    get,

    /** Creates an intent, or returns the one already created with this idempotency key. */
    async create(
      data: Pick<SandboxIntent, "amountCents" | "currency" | "metadata">,
      key: string,
    ): Promise<SandboxIntent> {
      return await retryOnConflict(async () => {
        const existing = await kv.get<string>(idempotencyKey(key));
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
          .set(idempotencyKey(key), id, { expireIn: 24 * 3600_000 })
          .commit();
        return res.ok ? done(intent) : conflict;
      });
    },

    /** Cancels an intent awaiting payment, like Stripe; a no-op on any other (or no) intent. */
    async cancel(id: string): Promise<void> {
      await retryOnConflict(async () => {
        const e = await kv.get(intentKey(id));
        if (!e.value) return done(undefined);
        const current = parse(e.value);
        if (current.status !== "requires_payment_method") return done(undefined);
        const res = await kv.atomic().check(e)
          .set(intentKey(id), { ...current, status: "canceled", lastError: undefined })
          .commit();
        return res.ok ? done(undefined) : conflict;
      });
    },

    /** Applies one confirmation attempt; a succeeded or canceled intent stays as it is. */
    async update(id: string, change: (i: SandboxIntent) => SandboxIntent): Promise<SandboxIntent> {
      return await retryOnConflict(async () => {
        const e = await kv.get(intentKey(id));
        if (!e.value) throw new Error(`sandbox intent ${id} vanished`);
        const current = parse(e.value);
        if (current.status !== "requires_payment_method") return done(current);
        const next = sandboxIntentSchema.parse(change(current));
        const res = await kv.atomic().check(e).set(intentKey(id), next).commit();
        return res.ok ? done(next) : conflict;
      });
    },
  };
}
