import { type PublicProduct, toPublicProduct } from "../domain/product.ts";
import type { ProductStore } from "../store/products.ts";

/** How long this instance trusts its cached catalogue before re-reading the version key. */
const RECHECK_MS = 1000;

export type Catalog = ReturnType<typeof createCatalog>;

/**
 * A page that depends only on the catalogue sends this header with the value "catalog"; the
 * server then caches its HTML until the catalogue changes (src/server/page-cache.ts).
 */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

/**
 * The public catalogue (active products), cached in memory with its JSON. Every product write
 * changes the KV catalogue version; the cache is rebuilt when that version moves, checked at
 * most once a second, so N instances on one KV agree within a second.
 */
export function createCatalog(products: ProductStore) {
  let cache:
    | { version: string | null; checkedAt: number; list: PublicProduct[]; json: string }
    | null = null;

  async function load() {
    const now = Date.now();
    if (cache && now - cache.checkedAt < RECHECK_MS) return cache;
    const version = await products.version();
    if (cache && cache.version === version && version !== null) {
      cache.checkedAt = now;
      return cache;
    }
    const list = (await products.list()).filter((p) => p.isActive).map((p) => toPublicProduct(p));
    cache = { version, checkedAt: now, list, json: JSON.stringify(list) };
    return cache;
  }

  return {
    async list(): Promise<PublicProduct[]> {
      return (await load()).list;
    },
    async json(): Promise<string> {
      return (await load()).json;
    },
    async bySlug(slug: string): Promise<PublicProduct | undefined> {
      return (await load()).list.find((p) => p.slug === slug);
    },
    /** The catalogue version this instance serves (re-read from KV at most once a second). */
    async version(): Promise<string | null> {
      return (await load()).version;
    },
    /** Forget the cache now (after a write in this instance). */
    invalidate() {
      cache = null;
    },
  };
}
