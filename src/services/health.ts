import pkg from "../../package.json" with { type: "json" };

/** KV must answer a read and a write within this for the instance to report healthy. */
const KV_DEADLINE_MS = 1000;

export interface HealthReport {
  status: "ok" | "degraded";
  version: string;
  uptimeS: number;
  kv: "ok" | "unavailable";
}

/** What a load balancer or uptime monitor asks: is this process alive and is its KV usable? */
export function createHealth(kv: Deno.Kv, startedAt = Date.now()) {
  return {
    async check(): Promise<HealthReport> {
      const probe = (async () => {
        await kv.get(["health_probe"]);
        await kv.set(["health_probe"], Date.now());
      })();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<false>((r) => timer = setTimeout(() => r(false), KV_DEADLINE_MS));
      const ok = await Promise.race([probe.then(() => true, () => false), late]);
      clearTimeout(timer);
      return {
        status: ok ? "ok" : "degraded",
        version: pkg.version,
        uptimeS: Math.floor((Date.now() - startedAt) / 1000),
        kv: ok ? "ok" : "unavailable",
      };
    },
  };
}

export type Health = ReturnType<typeof createHealth>;
