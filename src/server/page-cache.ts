import { type Catalog, PAGE_CACHE_HEADER } from "../services/catalog.ts";
import { type Asset, bufferedResponse, makeRuntimeAsset } from "../http/static.ts";

const MAX_ENTRIES = 500;

/**
 * Keeps the HTML of pages that answer with `X-Page-Cache: catalog` (compressed once) until the
 * catalogue version moves; such pages render the same for everyone.
 */
export function createPageCache(catalog: Catalog) {
  const entries = new Map<string, { version: string | null; asset: Asset }>();

  return {
    /** Answers from the cache, or renders; a cached answer already carries security headers. */
    async handle(
      req: Request,
      url: URL,
      https: boolean,
      render: () => Promise<Response>,
      requestId?: string,
    ): Promise<Response> {
      const cacheable = (req.method === "GET" || req.method === "HEAD") && url.search === "";
      // Read before rendering: a change during the render then makes the entry stale, not wrong.
      const version = cacheable ? await catalog.version() : null;
      if (cacheable) {
        const hit = entries.get(url.pathname);
        if (hit && hit.version === version) {
          return bufferedResponse(req, hit.asset, https, requestId);
        }
      }
      const res = await render();
      if (res.headers.get(PAGE_CACHE_HEADER) === null) return res;
      if (!cacheable || res.status !== 200 || res.headers.get(PAGE_CACHE_HEADER) !== "catalog") {
        const out = new Response(res.body, res);
        out.headers.delete(PAGE_CACHE_HEADER);
        return out;
      }
      const type = res.headers.get("Content-Type") ?? "text/html";
      const body = new Uint8Array(await res.arrayBuffer());
      const asset = await makeRuntimeAsset(
        body,
        type.includes("charset") ? type : `${type}; charset=utf-8`,
        // The page's own policy, with the hashes of its inline scripts: the same for every copy.
        res.headers.get("Content-Security-Policy"),
      );
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(url.pathname, { version, asset });
      return bufferedResponse(req, asset, https, requestId);
    },
  };
}
