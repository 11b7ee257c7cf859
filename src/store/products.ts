import { NotFoundError, UnprocessableError } from "../domain/errors.ts";
import { newId, slugify } from "../domain/ids.ts";
import { toCents } from "../domain/money.ts";
import {
  cleanFrench,
  type Product,
  type ProductInput,
  productInputSchema,
  productSchema,
} from "../domain/product.ts";
import type { AuditDraft } from "../domain/audit.ts";
import { conflict, done, listValues, nowIso, type ReadOptions, retryOnConflict } from "./atomic.ts";
import { addAudit } from "./audit.ts";
import { keyedRecords } from "./records.ts";

const productKey = (id: string) => ["product", id] as const;
const slugKey = (slug: string) => ["product_by_slug", slug] as const;
const notFound = () => new NotFoundError("Product not found");
/** Changes on every catalogue write, so caches in any instance know when to refresh. */
export const CATALOG_VERSION_KEY = ["catalog_version"] as const;

/**
 * Set in the commit that takes a product's stock from 0 to more: its "back in stock" mails are
 * then owed (services/restock-notices.ts sends them and clears it).
 */
export const restockKey = (productId: string) => ["restock_pending", productId] as const;

/** Adds the restock marker to `op` when this write brings the product back in stock. */
export function markRestock(op: Deno.AtomicOperation, before: Product, after: Product) {
  if (before.stock === 0 && after.stock > 0) op.set(restockKey(after.id), after.updatedAt);
}

/** Describes the audit entry of a product write from the record before and after it. */
export type ProductAuditFor = (before: Product | null, after: Product | null) => AuditDraft;

export type ProductStore = ReturnType<typeof createProductStore>;

export function createProductStore(kv: Deno.Kv) {
  const products = keyedRecords(kv, productKey, productSchema);
  const { get, parse } = products;
  /**
   * Each product as last parsed, with the versionstamp it was read at: an entry with the same
   * versionstamp is the same value, so a launch's crowd (every buyer prices the same product
   * between two stock batches) parses it once per batch instead of once per buyer. Shared by
   * the callers of `getMany`, which only read it. Bounded by the catalogue (only found ids).
   */
  const parsedAt = new Map<string, { versionstamp: string; product: Product }>();
  function parsedOnce(e: Deno.KvEntryMaybe<unknown>): Product {
    const id = String(e.key[1]);
    const versionstamp = e.versionstamp ?? "";
    const known = parsedAt.get(id);
    if (known?.versionstamp === versionstamp) return known.product;
    const product = parse(e.value);
    parsedAt.set(id, { versionstamp, product });
    return product;
  }

  async function getOrThrow(id: string): Promise<Product> {
    const product = await get(id);
    if (!product) throw notFound();
    return product;
  }

  /** A free slug derived from the name: "name", then "name-2", "name-3"... */
  async function freeSlug(name: string, ownId?: string): Promise<string> {
    const base = slugify(name);
    for (let n = 1;; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      const taken = await kv.get<string>(slugKey(slug));
      if (!taken.value || taken.value === ownId) return slug;
    }
  }

  return {
    get,
    getOrThrow,

    /**
     * The products of these ids, read ten keys at a time (KV's batch), stopping after the
     * first batch that misses one: a cart of unknown ids costs one read, whatever its length.
     */
    async getMany(ids: readonly string[]): Promise<Product[]> {
      const found: Product[] = [];
      for (let i = 0; i < ids.length; i += 10) {
        const entries = await kv.getMany<unknown[]>(ids.slice(i, i + 10).map(productKey));
        for (const e of entries) if (e.value) found.push(parsedOnce(e));
        if (found.length < Math.min(i + 10, ids.length)) break;
      }
      return found;
    },

    async getBySlug(slug: string): Promise<Product | null> {
      const id = await kv.get<string>(slugKey(slug));
      return id.value ? await get(id.value) : null;
    },

    /** Every product, oldest first. */
    list(options?: ReadOptions): Promise<Product[]> {
      return listValues(kv, ["product"], parse, options);
    },

    async create(input: ProductInput, audit?: ProductAuditFor): Promise<Product> {
      const data = productInputSchema.parse(input);
      return await retryOnConflict(async () => {
        const slug = await freeSlug(data.name);
        const now = nowIso();
        const product: Product = {
          schemaVersion: 1,
          id: newId(),
          slug,
          name: data.name,
          description: data.description,
          priceCents: toCents(data.price),
          currency: data.currency,
          image: data.image,
          ...(data.hoverImage ? { hoverImage: data.hoverImage } : {}),
          category: data.category,
          features: data.features,
          ...(cleanFrench(data.fr) ? { fr: cleanFrench(data.fr) } : {}),
          stock: data.stock,
          isActive: data.isActive,
          createdAt: now,
          updatedAt: now,
        };
        const op = kv.atomic()
          .check({ key: slugKey(slug), versionstamp: null })
          .set(productKey(product.id), product)
          .set(slugKey(slug), product.id)
          .set(CATALOG_VERSION_KEY, newId());
        if (audit) addAudit(op, audit(null, product));
        const res = await op.commit();
        return res.ok ? done(product) : conflict;
      });
    },

    async update(
      id: string,
      patch: Partial<ProductInput>,
      audit?: ProductAuditFor,
    ): Promise<Product> {
      return await products.change(id, notFound, async (current, op) => {
        const merged = productInputSchema.parse({
          name: current.name,
          description: current.description,
          price: current.priceCents / 100,
          currency: current.currency,
          image: current.image,
          hoverImage: current.hoverImage,
          category: current.category,
          features: current.features,
          stock: current.stock,
          isActive: current.isActive,
          ...patch,
          // French texts sent are set (an empty one removes it); those not sent are kept.
          fr: { ...current.fr, ...patch.fr },
        });
        const slug = merged.name === current.name ? current.slug : await freeSlug(merged.name, id);
        const { hoverImage: _dropped, fr: _replaced, ...rest } = current;
        const fr = cleanFrench(merged.fr);
        const product: Product = {
          ...rest,
          slug,
          name: merged.name,
          description: merged.description,
          priceCents: toCents(merged.price),
          currency: merged.currency,
          image: merged.image,
          ...(merged.hoverImage ? { hoverImage: merged.hoverImage } : {}),
          category: merged.category,
          features: merged.features,
          ...(fr ? { fr } : {}),
          stock: merged.stock,
          isActive: merged.isActive,
          updatedAt: nowIso(),
        };
        op.set(productKey(id), product).set(CATALOG_VERSION_KEY, newId());
        markRestock(op, current, product);
        if (audit) addAudit(op, audit(current, product));
        if (slug !== current.slug) {
          op.check({ key: slugKey(slug), versionstamp: null })
            .delete(slugKey(current.slug))
            .set(slugKey(slug), id);
        }
        return product;
      });
    },

    async remove(id: string, audit?: ProductAuditFor): Promise<Product> {
      return await products.change(id, notFound, (current, op) => {
        op.delete(productKey(id)).delete(slugKey(current.slug)).set(CATALOG_VERSION_KEY, newId());
        if (audit) addAudit(op, audit(current, null));
        return current;
      });
    },

    /**
     * Adds `delta` (may be negative) to a product's stock in one versionstamp-checked write.
     * Refuses, changing nothing, when the stock would go below zero.
     */
    async adjustStock(id: string, delta: number): Promise<Product> {
      if (!Number.isInteger(delta)) {
        throw new UnprocessableError("invalid_quantity", "Invalid quantity");
      }
      return await products.change(id, notFound, (current, op) => {
        const stock = current.stock + delta;
        if (stock < 0) {
          throw new UnprocessableError("not_enough_stock", `Not enough stock for ${current.name}`);
        }
        const product = { ...current, stock, updatedAt: nowIso() };
        op.set(productKey(id), product).set(CATALOG_VERSION_KEY, newId());
        markRestock(op, current, product);
        return product;
      });
    },

    /** The catalogue's current version (null before any product was written). */
    async version(options?: ReadOptions): Promise<string | null> {
      return (await kv.get<string>(CATALOG_VERSION_KEY, options)).value;
    },

    /**
     * The catalogue version each time it changes (the current one first), from one KV watch.
     * On Deno Deploy or a KV Connect URL it sees every writer; on a local KV file only this
     * process's own writes (measured), so the catalogue reads the key there instead.
     */
    watchVersion(): ReadableStream<[Deno.KvEntryMaybe<string>]> {
      return kv.watch<[string]>([CATALOG_VERSION_KEY]);
    },
  };
}
