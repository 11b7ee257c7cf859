import { Fifo } from "../domain/fifo.ts";

/** The most keys one `getMany` takes (Deno KV's bound). */
export const GET_MANY_KEYS = 10;

/** Reads any number of keys, `GET_MANY_KEYS` a `getMany`, and answers their entries in order. */
export async function readAll<T>(
  kv: Deno.Kv,
  keys: readonly Deno.KvKey[],
): Promise<Deno.KvEntryMaybe<T>[]> {
  const chunks: Deno.KvKey[][] = [];
  for (let i = 0; i < keys.length; i += GET_MANY_KEYS) {
    chunks.push(keys.slice(i, i + GET_MANY_KEYS));
  }
  return (await Promise.all(chunks.map((c) => kv.getMany<T[]>(c)))).flat();
}

type Options = { consistency?: Deno.KvConsistencyLevel };
type Read = (keys: Deno.KvKey[], options?: Options) => Promise<Deno.KvEntryMaybe<unknown>[]>;

interface Waiting {
  keys: Deno.KvKey[];
  options?: Options;
  resolve: (entries: Deno.KvEntryMaybe<unknown>[]) => void;
  reject: (err: unknown) => void;
}

/**
 * Reads asked for while one is under way wait, and then go together, in the order asked,
 * in one `getMany` of up to 10 keys: the KV answers a connection's requests one at a time, and a
 * read's own cost (its op, the KV thread's turn, SQLite's transaction) was most of it, about 50 µs
 * of 68 for one key and 77 for two. Each caller gets its own entries, read in one snapshot that
 * began after it asked. A batch refused for one bad key is read again caller by caller, so only
 * that caller gets the error.
 */
export function batchedReads(read: Read) {
  const queue = new Fifo<Waiting>();
  let reading = false;

  async function send(batch: Waiting[], keys: Deno.KvKey[], options?: Options) {
    let entries: Deno.KvEntryMaybe<unknown>[];
    try {
      entries = await read(keys, options);
    } catch (err) {
      if (batch.length === 1) batch[0].reject(err);
      else for (const w of batch) read(w.keys, w.options).then(w.resolve, w.reject);
      return;
    } finally {
      // The next reads are sent before these callers go on: the KV works while they do.
      reading = false;
      pump();
    }
    let at = 0;
    for (const w of batch) {
      w.resolve(entries.slice(at, at + w.keys.length));
      at += w.keys.length;
    }
  }

  function pump() {
    const first = reading ? undefined : queue.shift();
    if (first) {
      const batch = [first];
      const keys = [...first.keys];
      const consistency = first.options?.consistency;
      for (let next = queue.peek(); next; next = queue.peek()) {
        if (
          next.options?.consistency !== consistency ||
          keys.length + next.keys.length > GET_MANY_KEYS
        ) break;
        batch.push(next);
        keys.push(...next.keys);
        queue.shift();
      }
      reading = true;
      send(batch, keys, first.options);
    }
  }

  function getMany(keys: Deno.KvKey[], options?: Options): Promise<Deno.KvEntryMaybe<unknown>[]> {
    // More keys than one read takes: the KV's own refusal, as without batching.
    if (keys.length === 0 || keys.length > GET_MANY_KEYS) return read(keys, options);
    return new Promise((resolve, reject) => {
      queue.push({ keys, options, resolve, reject });
      pump();
    });
  }

  return {
    getMany,
    async get(key: Deno.KvKey, options?: Options): Promise<Deno.KvEntryMaybe<unknown>> {
      return (await getMany([key], options))[0];
    },
  };
}
