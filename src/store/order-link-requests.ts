import { toHex } from "../domain/hex.ts";
import { newId } from "../domain/ids.ts";
import { nowIso } from "./atomic.ts";
import { type AttemptBucket, claimAttempt } from "./rate-limits.ts";

const requestKey = (id: string) => ["order_links_request", id] as const;

/** A "Find my orders" request waiting for its look-up. */
export interface OrderLinksRequest {
  id: string;
  email: string;
  /** The language the request was made in: the mail's. */
  lang?: "en" | "fr";
  at: string;
}

/** Link mails one address may be sent, whoever asks and from wherever. */
const PER_ADDRESS: readonly Omit<AttemptBucket, "who">[] = [
  { bucket: "order_links_10min", limit: 1, windowMs: 10 * 60_000 },
  { bucket: "order_links_day", limit: 3, windowMs: 24 * 60 * 60_000 },
];

async function addressHash(email: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(email));
  return toHex(digest);
}

export type OrderLinksRequestStore = ReturnType<typeof createOrderLinksRequestStore>;

/**
 * "Find my orders" requests: queued in KV by the request (which answers at once, the same for
 * every address), looked up and mailed by a background pass, each once.
 */
export function createOrderLinksRequestStore(kv: Deno.Kv) {
  return {
    /**
     * Queues a request for `email` (normalized) unless its address is past its caps (counted
     * in KV before anything else, by the SHA-256 of the address: no client, however many
     * addresses it sends from, mails one address more). Answers whether it was queued.
     */
    async queue(email: string, lang: "en" | "fr"): Promise<boolean> {
      const who = await addressHash(email);
      const claim = await claimAttempt(kv, PER_ADDRESS.map((b) => ({ ...b, who })));
      if (!claim.allowed) return false;
      const request: OrderLinksRequest = { id: newId(), email, lang, at: nowIso() };
      await kv.set(requestKey(request.id), request);
      return true;
    },

    async pending(limit: number): Promise<Deno.KvEntry<OrderLinksRequest>[]> {
      const out: Deno.KvEntry<OrderLinksRequest>[] = [];
      for await (
        const e of kv.list<OrderLinksRequest>({ prefix: ["order_links_request"] }, { limit })
      ) {
        out.push(e);
      }
      return out;
    },

    /**
     * Settles a request once: `write` adds its mail (if any) to the commit that deletes it;
     * false when another pass settled it first.
     */
    async settle(
      entry: Deno.KvEntry<OrderLinksRequest>,
      write: (op: Deno.AtomicOperation) => void,
    ): Promise<boolean> {
      const op = kv.atomic().check(entry).delete(entry.key);
      write(op);
      return (await op.commit()).ok;
    },
  };
}
