import { conflict, done, retryOnConflict } from "./atomic.ts";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;

/** How many counters an instance remembers writing (a few hundred KB at most). */
const MAX_COUNTED = 10_000;

/**
 * Fixed-window request counters in KV, so every instance on one KV counts together. A window's
 * counter expires on its own after the window.
 */
export function createRateLimitStore(kv: Deno.Kv) {
  const windowOf = (windowMs: number, now: number) => {
    const window = Math.floor(now / windowMs);
    return { window, retryAfter: Math.ceil(((window + 1) * windowMs - now) / 1000) };
  };
  /** The counters this instance has written lately: their next hit reads first. */
  const counted = new Set<string>();

  return {
    async hit(
      bucket: string,
      client: string,
      limit: number,
      windowMs: number,
    ): Promise<RateLimitResult> {
      const { window, retryAfter } = windowOf(windowMs, Date.now());
      const key = ["rate_limit", bucket, client, window];
      const id = `${bucket}\u0000${client}\u0000${window}`;
      // A client's first hit of a window (each buyer of a launch crowd) is counted without a
      // read: written as 1 if no counter exists yet; one exists (another hit, another instance):
      // read and count.
      if (limit > 0 && !counted.has(id)) {
        if (counted.size >= MAX_COUNTED) counted.delete(counted.values().next().value!);
        counted.add(id);
        const first = await kv.atomic().check({ key, versionstamp: null })
          .set(key, 1, { expireIn: windowMs * 2 }).commit();
        if (first.ok) return { allowed: true, retryAfter };
      }
      return await retryOnConflict<RateLimitResult>(async () => {
        const entry = await kv.get<number>(key);
        const count = entry.value ?? 0;
        if (count >= limit) return done({ allowed: false, retryAfter });
        const res = await kv.atomic().check(entry).set(key, count + 1, { expireIn: windowMs * 2 })
          .commit();
        return res.ok ? done({ allowed: true, retryAfter }) : conflict;
      });
    },
  };
}

/** One counter an attempt must pass: at most `limit` per window, and `gapMs(n)` after the nth. */
export interface AttemptBucket {
  bucket: string;
  who: string;
  limit: number;
  windowMs: number;
  /** Least time between attempts once `n` are counted (growing delays); none if absent. */
  gapMs?: (n: number) => number;
}

/** An attempt's place in each counter, to give back when it turned out harmless. */
export type AttemptClaim = Deno.KvKey[];

type AttemptResult = {
  allowed: true;
  claim: AttemptClaim;
  /** Each bucket's count before this attempt (0: the first of its window, a clean record). */
  before: number[];
} | {
  allowed: false;
  /** Seconds. */
  retryAfter: number;
};

/** A window that opens at its first attempt (so no fixed boundary halves it). */
interface AttemptCount {
  n: number;
  /** When the window ends and when the last attempt was counted (ms). */
  until: number;
  at: number;
}

const attemptKey = (b: AttemptBucket): Deno.KvKey => ["rate_limit", b.bucket, b.who];

/** The bucket's count now: a window that has ended counts nothing. */
function current(value: AttemptCount | null, windowMs: number, now: number): AttemptCount {
  return value && now < value.until ? value : { n: 0, until: now + windowMs, at: 0 };
}

/**
 * Counts one attempt in every bucket in one atomic commit, before the slow work it guards: of
 * any number of parallel attempts, at most `limit` pass a bucket. Refused (nothing counted)
 * when one bucket is full or its gap has not passed.
 */
export async function claimAttempt(kv: Deno.Kv, buckets: AttemptBucket[]): Promise<AttemptResult> {
  const keys = buckets.map(attemptKey);
  return await retryOnConflict<AttemptResult>(async () => {
    const now = Date.now();
    const entries = await kv.getMany<AttemptCount[]>(keys);
    const counts = buckets.map((b, i) => current(entries[i].value, b.windowMs, now));
    const waits = buckets.map((b, i) => {
      const { n, until, at } = counts[i];
      return n >= b.limit ? until - now : at + (b.gapMs?.(n) ?? 0) - now;
    });
    const wait = Math.max(...waits);
    if (wait > 0) return done({ allowed: false, retryAfter: Math.ceil(wait / 1000) });
    const op = kv.atomic();
    counts.forEach(({ n, until }, i) => {
      op.check(entries[i]).set(keys[i], { n: n + 1, until, at: now }, { expireIn: until - now });
    });
    return (await op.commit()).ok
      ? done({ allowed: true, claim: keys, before: counts.map((c) => c.n) })
      : conflict;
  });
}

/** Gives an attempt back (a right password): it no longer counts against anyone. */
export async function refundAttempt(kv: Deno.Kv, claim: AttemptClaim): Promise<void> {
  await retryOnConflict(async () => {
    const now = Date.now();
    const entries = await kv.getMany<AttemptCount[]>(claim);
    const op = kv.atomic();
    for (const e of entries) {
      // A window that ended meanwhile (KV expiry is lazy) has nothing left to give back.
      if (!e.value || e.value.n <= 0 || e.value.until <= now) continue;
      op.check(e).set(e.key, { ...e.value, n: e.value.n - 1 }, { expireIn: e.value.until - now });
    }
    return (await op.commit()).ok ? done(undefined) : conflict;
  });
}
