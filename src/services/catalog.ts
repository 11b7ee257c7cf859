import { type PublicProduct, toPublicProduct } from "../domain/product.ts";
import type { ProductStore } from "../store/products.ts";
import type { ReservationStore } from "../store/reservations.ts";

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
 * that already answered. The stock shown is the
 * available stock (stock minus unexpired reservations); since a reservation stops counting at
 * its expiry without any write, the cache also expires at the next hold's expiry.
 */
export function createCatalog(products: ProductStore, reservations: ReservationStore) {
  let cache:
    | {
      /** The KV catalogue version this was built from. */
      kvVersion: string | null;
      /**
       * What this instance serves: the KV version, plus when the list was rebuilt, since an
       * expired hold changes the stock shown without moving the KV version (so a page cache
       * keyed on it must see a new value).
       */
      version: string | null;
      validUntil: number;
      list: PublicProduct[];
      json: string;
    }
    | null = null;

  async function load() {
    const now = Date.now();
    const version = await products.version();
    if (cache && cache.kvVersion === version && version !== null && now < cache.validUntil) {
      return cache;
    }
    const held = await reservations.held(now);
    const list = (await products.list()).filter((p) => p.isActive).map((p) =>
      toPublicProduct(p, p.stock - (held.byProduct.get(p.id) ?? 0))
    );
    cache = {
      kvVersion: version,
      version: version === null ? null : `${version}.${now}`,
      validUntil: held.nextExpiry,
      list,
      json: JSON.stringify(list),
    };
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
