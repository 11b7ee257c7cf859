import { assert, assertEquals } from "../_lib/assert.ts";
import { ConflictError, StoreBusyError, UpstreamError } from "../../src/domain/errors.ts";

const frames = (err: Error) => (err.stack ?? "").split("\n").filter((l) => l.includes(" at "));

Deno.test("[unit] errors: a refusal (4xx) carries no stack; a 5xx and every other error keep theirs", () => {
  const depth = Error.stackTraceLimit;
  const refusal = new ConflictError("Sold out");
  assertEquals(frames(refusal), [], "nothing to capture for a client's refusal");
  assertEquals(refusal.message, "Sold out");
  assert(frames(new UpstreamError("provider_down", "down")).length > 0, "a 502 is logged");
  assert(frames(new StoreBusyError()).length > 0, "a 503 is logged");
  assert(frames(new Error("bug")).length > 0, "the limit is given back");
  assertEquals(Error.stackTraceLimit, depth);
});
