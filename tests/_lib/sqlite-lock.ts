/**
 * `deno run -A tests/_lib/sqlite-lock.ts <file> <ms>`: holds the SQLite write lock of a KV file
 * (`BEGIN IMMEDIATE`) from another process, as the `sqlite3` shell or a hung process would;
 * prints "locked" once it has it, and lets it go when its stdin closes or after `ms`.
 */
import { DatabaseSync } from "node:sqlite";

const [file, ms] = Deno.args;
const db = new DatabaseSync(file);
db.exec("BEGIN IMMEDIATE");
console.log("locked");
const released = new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, Number(ms));
  (async () => {
    for await (const _ of Deno.stdin.readable) { /* held until stdin closes */ }
    clearTimeout(timer);
    resolve();
  })();
});
await released;
db.exec("COMMIT");
db.close();
console.log("released");
Deno.exit(0);
