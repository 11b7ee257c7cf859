import { openKv } from "../../src/store/kv.ts";

/** Runs `fn` with a fresh in-memory KV as the server opens it (the same wrapper), then closes it. */
export async function withMemoryKv<T>(fn: (kv: Deno.Kv) => Promise<T>): Promise<T> {
  const kv = await openKv(":memory:");
  try {
    return await fn(kv);
  } finally {
    kv.close();
  }
}
