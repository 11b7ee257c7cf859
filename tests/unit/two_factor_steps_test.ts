import { acceptStep } from "../../src/domain/two-factor.ts";
import { assertEquals } from "../_lib/assert.ts";

Deno.test("[unit] TOTP steps: each once; a step ahead of the server's keeps the current one open", () => {
  const start = { lastStep: 99, aheadSteps: [] };
  // The phone's clock ahead: step 101 at the server's 100 is taken, 100 is still free.
  const ahead = acceptStep(start, 101, 100)!;
  assertEquals(ahead, { lastStep: 99, aheadSteps: [101] });
  assertEquals(acceptStep(ahead, 101, 100), null, "101 once");
  const current = acceptStep(ahead, 100, 100)!;
  assertEquals(current, { lastStep: 100, aheadSteps: [101] });
  assertEquals(acceptStep(current, 100, 100), null, "100 once");
  assertEquals(acceptStep(current, 99, 100), null, "a step before the last one used");
  assertEquals(acceptStep(current, 101, 101), null, "101 is still spent when it is the server's");
  // Moving on prunes what lies behind.
  assertEquals(acceptStep(current, 102, 102), { lastStep: 102, aheadSteps: [] });
});
