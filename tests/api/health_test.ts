import { assertEquals } from "../_lib/assert.ts";
import { withServices } from "../_lib/services.ts";
import { createApiApp } from "../../src/api/app.ts";
import { createHealth } from "../../src/services/health.ts";

Deno.test("[api] health: 200 with status, version, uptime and kv when KV answers", () =>
  withServices(async ({ api }) => {
    const res = await api.request("/api/health");
    assertEquals(res.status, 200);
    assertEquals(res.headers.get("Cache-Control"), "no-store");
    const body = await res.json();
    assertEquals([body.status, body.kv], ["ok", "ok"]);
  }));

Deno.test("[api] health: 503 when KV does not answer within a second", () =>
  withServices(async ({ services }) => {
    // A KV whose reads never answer (a lost connection to KV Connect, a wedged disk).
    const stuck = { get: () => new Promise(() => {}), set: () => new Promise(() => {}) };
    const api = createApiApp({ ...services, health: createHealth(stuck as unknown as Deno.Kv) });
    const res = await api.request("/api/health");
    assertEquals(res.status, 503);
    const body = await res.json();
    assertEquals([body.status, body.kv], ["degraded", "unavailable"]);
  }));
