import { assertEquals, assertRejects } from "../_lib/assert.ts";
import { createAdmission } from "../../src/services/admission.ts";

const turn = () => new Promise((r) => setTimeout(r, 0));

Deno.test("[unit] admission: at most its limit at once, the others in the order they came, an error frees its place", async () => {
  const admission = createAdmission(3);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const gates: (() => void)[] = [];
  const runs = Array.from({ length: 8 }, (_, i) =>
    admission.run(async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise<void>((r) => gates[i] = r);
      running--;
      if (i === 1) throw new Error("refused");
      return i;
    }));
  const refused = assertRejects(() => runs[1], Error, "refused");
  await turn();
  assertEquals(started, [0, 1, 2]);
  gates[1]();
  await refused;
  await turn();
  assertEquals(started, [0, 1, 2, 3], "the error's place went to the next");
  gates[0]();
  gates[2]();
  await turn();
  assertEquals(started, [0, 1, 2, 3, 4, 5]);
  for (const i of [3, 4, 5]) gates[i]();
  await turn();
  gates[6]();
  gates[7]();
  assertEquals(await Promise.all([0, 2, 3, 4, 5, 6, 7].map((i) => runs[i])), [0, 2, 3, 4, 5, 6, 7]);
  assertEquals(most, 3);
});

Deno.test("[unit] admission: a crowd of 500 all run, never more than the limit at once, and it can be used again", async () => {
  const admission = createAdmission(32);
  for (const round of [1, 2]) {
    let running = 0;
    let most = 0;
    const done = await Promise.all(Array.from({ length: 500 }, (_, i) =>
      admission.run(async () => {
        running++;
        most = Math.max(most, running);
        await turn();
        running--;
        return i * round;
      })));
    assertEquals(done, Array.from({ length: 500 }, (_, i) => i * round));
    assertEquals(most, 32);
  }
});
