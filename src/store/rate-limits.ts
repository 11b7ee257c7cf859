import { conflict, done, retryOnConflict } from "./atomic.ts";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;

/**
 * Fixed-window request counters in KV, so every instance on one KV counts together. A window's
 * counter expires on its own after the window.
 */
export function createRateLimitStore(kv: Deno.Kv) {
  const windowOf = (windowMs: number, now: number) => {
    const window = Math.floor(now / windowMs);
    return { window, retryAfter: Math.ceil(((window + 1) * windowMs - now) / 1000) };
  };

  return {
    /** Whether the client is over the limit now, without counting this request. */
    async peek(
      bucket: string,
      client: string,
      limit: number,
      windowMs: number,
    ): Promise<RateLimitResult> {
      const { window, retryAfter } = windowOf(windowMs, Date.now());
      const count = (await kv.get<number>(["rate_limit", bucket, client, window])).value ?? 0;
      return { allowed: count < limit, retryAfter };
    },

    async hit(
      bucket: string,
      client: string,
      limit: number,
      windowMs: number,
    ): Promise<RateLimitResult> {
      const { window, retryAfter } = windowOf(windowMs, Date.now());
      const key = ["rate_limit", bucket, client, window];
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
