import { type PublicProduct, toPublicProduct } from "../domain/product.ts";
import type { ProductStore } from "../store/products.ts";

export type Catalog = ReturnType<typeof createCatalog>;

/**
 * A page that depends only on the catalogue sends this header with the value "catalog"; the
 * server then caches its HTML until the catalogue changes (src/server/page-cache.ts).
 */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

/**
 * The public catalogue (active products), cached in memory with its JSON. Every product write
 * changes the KV catalogue version; the cache is rebuilt when that version moves, read on every
 * use (one small KV read), so N instances on one KV never serve a catalogue older than a write
 * that already answered. The stock shown is the stock (open checkouts hold none: units are
 * taken when a card is authorized, in a commit that moves the version).
 */
export function createCatalog(products: ProductStore) {
  let cache:
    | {
      /** The KV catalogue version this was built from (what this instance serves). */
      version: string | null;
      list: PublicProduct[];
      json: string;
    }
    | null = null;

  async function load() {
    const version = await products.version();
    if (cache && cache.version === version && version !== null) return cache;
    // The shop charges in euros: a product priced otherwise is kept for staff, not offered.
    const list = (await products.list()).filter((p) => p.isActive && p.currency === "EUR").map((
      p,
    ) => toPublicProduct(p));
    cache = { version, list, json: JSON.stringify(list) };
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
    /** The catalogue version this instance serves (the KV version, read now). */
    async version(): Promise<string | null> {
      return (await load()).version;
    },
    /** Forget the cache now (after a write in this instance). */
    invalidate() {
      cache = null;
    },
  };
}
