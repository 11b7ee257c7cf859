import { type PublicProduct, toPublicProduct } from "../domain/product.ts";
import type { ProductStore } from "../store/products.ts";
import { isKvConnectUrl } from "../store/kv-location.ts";
import { log } from "./log.ts";

export type Catalog = ReturnType<typeof createCatalog>;

/**
 * A page that depends only on the catalogue sends this header with the value "catalog"; the
 * server then caches its HTML until the catalogue changes (src/server/page-cache.ts).
 */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

/**
 * How an instance learns that the catalogue version moved. "read": a strong read of the
 * version key when the KV file's write-ahead log moved (a local KV file, where a watch sees only
 * this process's own writes: measured, another process's write never arrived). "watch": one
 * `kv.watch` of the key per instance, no read per request (Deno Deploy, a KV Connect URL: there
 * a watch sees every writer).
 */
export type CatalogFollow = "read" | "watch";

/** "watch" where a KV watch sees the other instances' writes: Deno Deploy, KV Connect. */
export function catalogFollowFor(kvPath: string | undefined, deploymentId?: string): CatalogFollow {
  return deploymentId || !kvPath || isKvConnectUrl(kvPath) ? "watch" : "read";
}

/**
 * A catalogue write answered more than this long before a request is always in its answer: the
 * propagation delay between instances on one KV file (a client cannot even send its next request
 * that fast), for at most a thousand checks a second under any load.
 */
export const VERSION_MAX_AGE_MS = 1;

/**
 * The longest a version is kept on the KV file's sign alone (`kvFileChanges`): two commits in
 * one millisecond can leave the same sign, so a change is seen within this bound at worst.
 */
export const VERSION_RECHECK_MS = 50;

/**
 * "read": the version as of a check at most `VERSION_MAX_AGE_MS` old. A check looks at the KV
 * file's sign first and reads only when it moved (or after `VERSION_RECHECK_MS`): a read costs
 * about 60 µs of the event loop, a third of the products API's whole request; with no sign
 * (`:memory:`), every check reads. The sign is taken before the read it is kept with, so a
 * commit between them makes the next check read again.
 */
function checkedVersion(products: ProductStore, changes: () => string | null) {
  let last:
    | { sign: string | null; checkedAt: number; readAt: number; value: Promise<string | null> }
    | undefined;
  return {
    current(): Promise<string | null> {
      const now = performance.now();
      if (last && now - last.checkedAt <= VERSION_MAX_AGE_MS) return last.value;
      const sign = changes();
      if (last && sign !== null && sign === last.sign && now - last.readAt < VERSION_RECHECK_MS) {
        last.checkedAt = now;
        return last.value;
      }
      const value = products.version();
      const current = { sign, checkedAt: now, readAt: now, value };
      last = current;
      value.catch(() => {
        if (last === current) last = undefined;
      });
      return value;
    },
    /** The next check reads. */
    forget() {
      last = undefined;
    },
  };
}

/** The catalogue version as this instance knows it now; `close` ends a watch. */
function versionSource(
  products: ProductStore,
  follow: CatalogFollow,
  changes: () => string | null,
) {
  const read = checkedVersion(products, changes);
  if (follow === "read") return { current: read.current, forget: read.forget, close() {} };
  /** Set while the watch runs and has delivered. */
  let latest: { value: string | null } | undefined;
  let watch: ReadableStreamDefaultReader<[Deno.KvEntryMaybe<string>]> | undefined;

  async function listen(reader: ReadableStreamDefaultReader<[Deno.KvEntryMaybe<string>]>) {
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        latest = { value: next.value[0].value };
      }
    } catch (err) {
      log.warn("catalogue watch ended: reading the version until it restarts", {}, err);
    } finally {
      if (watch === reader) [latest, watch] = [undefined, undefined];
    }
  }

  return {
    current(): Promise<string | null> {
      if (latest) return Promise.resolve(latest.value);
      // Started (again) on a use, never by a timer: Deploy runs no timers between requests.
      if (!watch) listen(watch = products.watchVersion().getReader());
      return read.current();
    },
    forget: read.forget,
    close() {
      const reader = watch;
      [latest, watch] = [undefined, undefined];
      reader?.cancel().catch(() => {});
    },
  };
}

interface Snapshot {
  /** The KV catalogue version this was built from (what this instance serves). */
  kvVersion: string | null;
  list: PublicProduct[];
  json: string;
}

/**
 * The public catalogue (active products), cached in memory with its JSON until the KV catalogue
 * version moves (every product write moves it, and so does the commit that takes stock when a
 * card is authorized: open checkouts hold none), so N instances on one KV never serve a
 * catalogue older than a write that already answered (see `CatalogFollow`). The catalogue is
 * for display: it is read with eventual consistency once the nearest replica has the version
 * (checkout prices and takes stock from strong reads of the products).
 */
export function createCatalog(
  products: ProductStore,
  follow: CatalogFollow = "read",
  changes: () => string | null = () => null,
) {
  const versions = versionSource(products, follow, changes);
  let cache: Snapshot | null = null;
  /** The rebuild under way: concurrent requests after a change share it. */
  let building: { kvVersion: string | null; snapshot: Promise<Snapshot> } | null = null;

  async function build(version: string | null): Promise<Snapshot> {
    const replica = await products.version({ consistency: "eventual" });
    const consistency = replica === version ? "eventual" : "strong";
    // The shop charges in euros: a product priced otherwise is kept for staff, not offered.
    const list = (await products.list({ consistency }))
      .filter((p) => p.isActive && p.currency === "EUR").map((p) => toPublicProduct(p));
    return { kvVersion: version, list, json: JSON.stringify(list) };
  }

  async function load(): Promise<Snapshot> {
    const version = await versions.current();
    if (cache && cache.kvVersion === version && version !== null) {
      return cache;
    }
    if (!building || building.kvVersion !== version) {
      const snapshot = build(version);
      const current = { kvVersion: version, snapshot };
      building = current;
      // Kept unless a newer rebuild or an invalidation came meanwhile.
      snapshot.then((s) => {
        if (building === current) cache = s;
      }, () => {}).finally(() => {
        if (building === current) building = null;
      });
    }
    return await building.snapshot;
  }

  return {
    async list(): Promise<PublicProduct[]> {
      return (await load()).list;
    },
    /** The list's JSON: the same string until the catalogue changes. */
    async json(): Promise<string> {
      return (await load()).json;
    },
    async bySlug(slug: string): Promise<PublicProduct | undefined> {
      return (await load()).list.find((p) => p.slug === slug);
    },
    /** The catalogue version this instance serves (as fresh as `CatalogFollow` says). */
    async version(): Promise<string | null> {
      return (await load()).kvVersion;
    },
    /** Forget the cache and the version now (after a write in this instance). */
    invalidate() {
      cache = null;
      building = null;
      versions.forget();
    },
    /** Ends the version watch, if any. */
    close() {
      versions.close();
    },
  };
}
