/**
 * `deno run -A tests/_lib/kv-turn-holder.ts <file> <ms>`: another instance of the shop that
 * takes its turn at a KV file's commits (store/commit-turns.ts) and hangs in it; prints
 * "holding" once it has the turn, and lets it go when its stdin closes or after `ms`.
 */
import { openCommitTurns } from "../../src/store/commit-turns.ts";

const [file, ms] = Deno.args;
const turns = await openCommitTurns(file);
await turns.run(async () => {
  console.log("holding");
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    new Promise((r) => timer = setTimeout(r, Number(ms))),
    (async () => {
      for await (const _ of Deno.stdin.readable) { /* held until stdin closes */ }
    })(),
  ]);
  clearTimeout(timer);
}, performance.now() + 60_000);
turns.close();
console.log("released");
Deno.exit(0);
