import { assertEquals } from "../_lib/assert.ts";
import { withMemoryKv } from "../_lib/kv.ts";
import { createRateLimitStore } from "../../src/store/rate-limits.ts";

const WINDOW_MS = 60_000;
const allowedOf = (results: { allowed: boolean }[]) => results.filter((r) => r.allowed).length;

Deno.test("[store] rate limits: a crowd from one client at once gets exactly the limit", async () => {
  await withMemoryKv(async (kv) => {
    const limits = createRateLimitStore(kv);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => limits.hit("paymentIntent", "203.0.113.7", 10, WINDOW_MS)),
    );
    assertEquals(allowedOf(results), 10);
    // Another client's first hit is its own.
    assertEquals((await limits.hit("paymentIntent", "203.0.113.8", 10, WINDOW_MS)).allowed, true);
  });
});

Deno.test("[store] rate limits: two instances on one store count one client together", async () => {
  await withMemoryKv(async (kv) => {
    const one = createRateLimitStore(kv);
    const two = createRateLimitStore(kv);
    const hits = [];
    for (let i = 0; i < 4; i++) {
      hits.push(await one.hit("demo", "198.51.100.1", 5, WINDOW_MS));
      hits.push(await two.hit("demo", "198.51.100.1", 5, WINDOW_MS));
    }
    assertEquals(hits.map((h) => h.allowed), [true, true, true, true, true, false, false, false]);
    const together = await Promise.all(
      Array.from(
        { length: 20 },
        (_, i) => (i % 2 ? one : two).hit("demo", "198.51.100.2", 5, WINDOW_MS),
      ),
    );
    assertEquals(allowedOf(together), 5);
  });
});
