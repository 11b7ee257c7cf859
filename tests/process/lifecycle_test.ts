import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { startBuiltServer } from "../_lib/server.ts";

Deno.test({
  name:
    "[server] the built server seeds an empty KV once, serves, and stops cleanly on SIGTERM (jobs on timers without --unstable-cron)",
  sanitizeResources: false,
  async fn() {
    const server = await startBuiltServer({ ADMIN_PASSWORD: "" }, { cron: false });
    const products = await (await fetch(`${server.url}/api/public/products`)).json();
    assert(products.length >= 5);
    const shop = await fetch(`${server.url}/shop`);
    assertEquals(shop.status, 200);
    assertStringIncludes(await shop.text(), "Vectra DSP Board");
    assertEquals(await server.stop(), 0, "a clean exit after SIGTERM");
    const log = server.output();
    assertStringIncludes(log, "First superadmin created: a***@example.com with password ");
    assertStringIncludes(log, "Shutting down");
    assertStringIncludes(log, '"scheduler":"timers"', "no Deno.cron here: the timers run the jobs");
  },
});
