import { openKv } from "../../src/store/kv.ts";
import { Hono } from "hono";
import { assert, assertEquals } from "../_lib/assert.ts";
import { atSpeed } from "../_lib/clock.ts";
import { handleError } from "../../src/api/errors.ts";
import { StoreBusyError } from "../../src/domain/errors.ts";
import {
  createBatchedWriter,
  createLogger,
  LOG_FLUSH_MS,
  maskEmail,
} from "../../src/services/log.ts";
import { busyTolerant, whileBusy } from "../../src/store/kv.ts";

const busy = () => new TypeError("database is locked");

// The store's 10 s bound is waited out on a clock 100 times faster (`atSpeed`): the same retries,
// each backoff and the bound divided alike.
Deno.test("[unit] busy store: retried until it answers, then a 503 StoreBusyError", () =>
  atSpeed(100, async () => {
    let calls = 0;
    assertEquals(
      await whileBusy(() => {
        if (++calls < 3) throw busy();
        return Promise.resolve("read");
      }),
      "read",
    );
    assertEquals(calls, 3);
    let failed: unknown;
    await whileBusy(() => Promise.reject(busy())).catch((err) => failed = err);
    assert(failed instanceof StoreBusyError);
    // Other errors are not retried.
    calls = 0;
    await whileBusy(() => {
      calls++;
      throw new Error("boom");
    }).catch(() => {});
    assertEquals(calls, 1);
  }));

Deno.test("[unit] busy store: a commit refused as busy is repeated; a checked commit keeps its check", async () => {
  const kv = await openKv(":memory:");
  try {
    const tolerant = busyTolerant(kv);
    const op = tolerant.atomic().check({ key: ["k"], versionstamp: null }).set(["k"], 1);
    assert((await op.commit()).ok);
    const again = tolerant.atomic().check({ key: ["k"], versionstamp: null }).set(["k"], 2);
    assertEquals((await again.commit()).ok, false, "the version moved: a conflict, not a retry");
    await tolerant.set(["l", 1], "a");
    await tolerant.set(["l", 2], "b");
    const listed = [];
    for await (const e of tolerant.list({ prefix: ["l"] })) listed.push(e.value);
    assertEquals(listed, ["a", "b"]);
  } finally {
    kv.close();
  }
});

Deno.test("[unit] API: a busy store answers 503 with Retry-After, never 500", async () => {
  const app = new Hono().get("/x", () => {
    throw new StoreBusyError();
  }).onError(handleError);
  const res = await app.request("/x");
  assertEquals(res.status, 503);
  assertEquals(res.headers.get("Retry-After"), "1");
  assertEquals((await res.json()).error, "store_busy");
});

Deno.test("[unit] logger: JSON lines at or above its level; emails masked, secrets dropped", () => {
  const lines: string[] = [];
  const log = createLogger("info", (_level, line) => lines.push(line));
  log.debug("hidden");
  log.info("signed in ada@example.com", { password: "hunter2", token: "abc", n: 1 });
  log.error("failed", { who: "bob.smith@mail.example.org" }, new Error("x for eve@example.com"));
  assertEquals(lines.length, 2);
  const first = JSON.parse(lines[0]);
  assertEquals(first.level, "info");
  assertEquals(first.msg, "signed in a***@example.com");
  assertEquals([first.password, first.token, first.n], ["[redacted]", "[redacted]", 1]);
  const second = JSON.parse(lines[1]);
  assertEquals([second.who, second.error], ["b***@mail.example.org", "x for e***@example.com"]);
  assertEquals(maskEmail("no address here"), "no address here");
});

Deno.test("[unit] log lines are written in batches after the request, in order, none lost", async () => {
  const writes: string[] = [];
  const decoder = new TextDecoder();
  // A pipe that takes at most 10 bytes a write: the rest of a batch is written after.
  const sink = {
    writeSync(bytes: Uint8Array) {
      writes.push(decoder.decode(bytes.subarray(0, 10)));
      return Math.min(10, bytes.length);
    },
  };
  const out = createBatchedWriter(sink);
  out.push('{"n":1}');
  out.push('{"n":2}');
  assertEquals(writes.length, 0, "nothing is written while the request is answered");
  await new Promise((r) => setTimeout(r, LOG_FLUSH_MS + 20));
  assertEquals(writes.join(""), '{"n":1}\n{"n":2}\n', "one batch, in order, written whole");
  writes.length = 0;
  out.push('{"n":3}');
  out.flush();
  assertEquals(writes.join(""), '{"n":3}\n', "flushed at once (shutdown, an error line)");
  out.flush();
  assertEquals(writes.join(""), '{"n":3}\n', "nothing twice");
});

Deno.test("[unit] logger: a request's line is the JSON of its fields, addresses masked", () => {
  const lines: string[] = [];
  const log = createLogger("info", (_level, line) => lines.push(line));
  const fields = {
    requestId: "0a1b2c-1",
    method: "GET",
    path: '/api/x/"quoted"\\ ada@example.com',
    status: 200,
    durationMs: 0.4,
    client: "203.0.113.7",
  };
  log.request(fields);
  log.info("request", fields);
  const [spelled, generic] = lines.map((l) => JSON.parse(l));
  assertEquals(Object.keys(spelled), Object.keys(generic));
  assertEquals({ ...spelled, time: "" }, { ...generic, time: "" });
  assertEquals(spelled.path, '/api/x/"quoted"\\ a***@example.com');
  log.request({ ...fields, client: undefined });
  log.info("request", { ...fields, client: undefined });
  assertEquals(JSON.parse(lines[2]), { ...JSON.parse(lines[3]), time: JSON.parse(lines[2]).time });
  createLogger("warn", (_level, line) => lines.push(line)).request(fields);
  assertEquals(lines.length, 4, "nothing below the level");
});

Deno.test("[unit] logger: nested secrets are still dropped on the fast path", () => {
  const lines: string[] = [];
  const log = createLogger("info", (_level, line) => lines.push(line));
  log.info("request", { path: "/x", status: 200 });
  log.info("nested", { user: { password: "hunter2" }, list: ["eve@example.com"] });
  assertEquals(JSON.parse(lines[0]).path, "/x");
  const nested = JSON.parse(lines[1]);
  assertEquals(nested.user.password, "[redacted]");
  assertEquals(nested.list, ["e***@example.com"]);
});
