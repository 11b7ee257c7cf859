import { ConflictError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { type Product, productSchema } from "../domain/product.ts";
import { nowIso } from "./atomic.ts";
import { CATALOG_VERSION_KEY, markRestock } from "./products.ts";
import { readAll } from "./read-batch.ts";

export interface StockLine {
  id: string;
  title: string;
  quantity: number;
}

/** Units per product, lines of the same product added up. */
function perProduct(lines: readonly StockLine[]) {
  const out = new Map<string, StockLine>();
  for (const l of lines) {
    const seen = out.get(l.id);
    out.set(l.id, seen ? { ...seen, quantity: seen.quantity + l.quantity } : { ...l });
  }
  return [...out.values()];
}

export type StockMoves = ReturnType<typeof createStockMoves>;

/**
 * Stock moves made by staff (manual orders, cancellations), added to the caller's atomic
 * operation with checks on each product, so they commit with the order change or not at all,
 * and a racing checkout or edit makes the commit retry.
 */
export function createStockMoves(kv: Deno.Kv) {
  async function read(lines: readonly StockLine[]) {
    const merged = perProduct(lines);
    const entries = await readAll<Product>(kv, merged.map((l) => ["product", l.id]));
    return merged.map((line, i) => ({ line, productEntry: entries[i] }));
  }

  return {
    /**
     * Takes the units from the stock (open checkouts hold none);
     * 409 'Not enough stock for {name}' when a product has not enough (or is gone).
     */
    async take(op: Deno.AtomicOperation, lines: readonly StockLine[]) {
      for (const { line, productEntry } of await read(lines)) {
        const product = productEntry.value ? productSchema.parse(productEntry.value) : null;
        if (!product || product.stock < line.quantity) {
          throw new ConflictError(`Not enough stock for ${product?.name ?? line.title}`);
        }
        op.check(productEntry).set(["product", line.id], {
          ...product,
          stock: product.stock - line.quantity,
          updatedAt: nowIso(),
        });
      }
      op.set(CATALOG_VERSION_KEY, newId());
    },

    /** Puts the units back (a product deleted since is skipped: there is nothing to refill). */
    async give(op: Deno.AtomicOperation, lines: readonly StockLine[]) {
      for (const { line, productEntry } of await read(lines)) {
        if (!productEntry.value) continue;
        const product = productSchema.parse(productEntry.value);
        const next = { ...product, stock: product.stock + line.quantity, updatedAt: nowIso() };
        op.check(productEntry).set(["product", line.id], next);
        markRestock(op, product, next);
      }
      op.set(CATALOG_VERSION_KEY, newId());
    },
  };
}
