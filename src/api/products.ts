import { Hono } from "hono";
import { NotFoundError } from "../domain/errors.ts";
import type { Catalog } from "../services/catalog.ts";
import type { Services } from "../services/container.ts";
import { type Asset, bufferedResponse, makeRuntimeAsset } from "../http/static.ts";

export const PRODUCT_LIST_PATH = "/api/public/products";

const listAssets = new WeakMap<Catalog, () => Promise<Asset>>();

/**
 * The list's JSON as bytes with their gzip and brotli encodings and an ETag, made once per
 * catalogue version (one per catalogue, for the API route and the front door's fast path): a
 * request only picks the encoding (compressing per request cost more than all the rest).
 */
export function productListAsset(catalog: Catalog): () => Promise<Asset> {
  let made: { json: string; asset: Promise<Asset> } | undefined;
  const get = listAssets.get(catalog) ?? (async () => {
    const json = await catalog.json();
    if (made?.json !== json) {
      const body = new TextEncoder().encode(json);
      made = { json, asset: makeRuntimeAsset(body, "application/json; charset=utf-8") };
    }
    return await made.asset;
  });
  listAssets.set(catalog, get);
  return get;
}

/** The public catalogue: `GET /api/public/products` and one product by id or slug. */
export function publicProductsRouter(services: Services) {
  const list = productListAsset(services.catalog);
  return new Hono()
    // HSTS, when due, is added by the front door as on every API answer.
    .get("/", async (c) => bufferedResponse(c.req.raw, await list(), false))
    .get("/:idOrSlug", async (c) => {
      const key = c.req.param("idOrSlug");
      const product = (await services.catalog.list()).find((p) => p._id === key || p.slug === key);
      if (!product) throw new NotFoundError("Product not found");
      return c.json(product);
    });
}
