import { createApiApp } from "../api/app.ts";
import { PRODUCT_LIST_PATH, productListAsset } from "../api/products.ts";
import type { ApiEnv } from "../api/middleware/rate-limit.ts";
import { newRequestId } from "../domain/ids.ts";
import { clientAddress } from "../domain/proxy.ts";
import { log } from "../services/log.ts";
import type { Services } from "../services/container.ts";
import { hostGuard } from "./allowed-hosts.ts";
import { createPageCache } from "./page-cache.ts";
import { isHttps, withSecurityHeaders } from "../http/security-headers.ts";
import { type Asset, bufferedResponse, findAsset, REQUEST_ID_HEADER } from "../http/static.ts";
import { serveUpload } from "./uploads.ts";
import { UPLOAD_PREFIX } from "../services/uploads.ts";

/** What Astro's pages can read from `Astro.locals`. */
export interface PageLocals {
  services: Services;
}

export type RenderPage = (request: Request, locals: PageLocals) => Promise<Response>;

/**
 * The server's request handler: /api/* to the Hono API straight, built files from memory,
 * everything else to Astro (through the page cache for pages that opt in). Security headers on
 * every response. A plain function rather than Hono middleware: the static and cached paths
 * are the hot ones, and they skip all routing.
 */
export function createFrontDoor(
  services: Services,
  assets: Map<string, Asset>,
  render: RenderPage,
) {
  const api = createApiApp(services);
  const pages = createPageCache(services.catalog);
  const locals: PageLocals = { services };

  const { trustProxy } = services.config;
  const misdirected = hostGuard(services.config);

  const productList = productListAsset(services.catalog);

  /** The answer, with its X-Request-Id: made with it on the hot paths, set after elsewhere. */
  async function route(
    req: Request,
    url: URL,
    env: ApiEnv["Bindings"] & { requestId: string },
  ): Promise<Response> {
    const { requestId } = env;
    const refused = misdirected(req, url);
    if (refused) return withHeader(refused, REQUEST_ID_HEADER, requestId);
    const https = isHttps(req, url, trustProxy);
    if (isProductListRead(req, url)) {
      return bufferedResponse(req, await productList(), https, requestId);
    }
    if (url.pathname.startsWith("/api/") || url.pathname === "/api") {
      const res = withSecurityHeaders(await api.fetch(req, { ...env, https }), https);
      return withHeader(res, REQUEST_ID_HEADER, requestId);
    }
    if (url.pathname.startsWith(UPLOAD_PREFIX)) {
      const res = await serveUpload(req, url.pathname, services.uploads);
      return withHeader(res, REQUEST_ID_HEADER, requestId);
    }
    const asset = (req.method === "GET" || req.method === "HEAD")
      ? findAsset(assets, url.pathname)
      : undefined;
    if (asset) return bufferedResponse(req, asset, https, requestId);
    return await pages.handle(
      req,
      url,
      https,
      async () =>
        withHeader(
          withSecurityHeaders(await render(req, locals), https),
          REQUEST_ID_HEADER,
          requestId,
        ),
      requestId,
    );
  }

  /**
   * `remoteAddress` is the peer's address as Deno.serve saw it. Every request gets an id, sent
   * back as X-Request-Id and written in its one log line (and in any error line it causes).
   */
  return async function handle(req: Request, remoteAddress?: string): Promise<Response> {
    const started = performance.now();
    const url = new URL(req.url);
    const env = {
      clientAddress: clientAddress(req.headers.get("X-Forwarded-For"), remoteAddress, trustProxy),
      requestId: newRequestId(),
    };
    let res: Response;
    try {
      res = await route(req, url, env);
    } catch (err) {
      log.error("request failed", { requestId: env.requestId, path: url.pathname }, err);
      res = new Response("Internal Server Error", {
        status: 500,
        headers: { [REQUEST_ID_HEADER]: env.requestId },
      });
    }
    if (log.enabled("info")) {
      log.request({
        requestId: env.requestId,
        method: req.method,
        path: url.pathname,
        status: res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        client: env.clientAddress,
      });
    }
    return res;
  };
}

/**
 * `GET /api/public/products` as the shop's pages call it: the hottest public read, answered
 * from the catalogue's bytes without the API's routing and middleware (it is public, bodiless
 * and bounded; the API route answers anything else under the path the same way).
 */
function isProductListRead(req: Request, url: URL): boolean {
  return url.pathname === PRODUCT_LIST_PATH && url.search === "" &&
    (req.method === "GET" || req.method === "HEAD");
}

/** Sets a header; a response with immutable headers (a redirect, a fetch) is copied first. */
function withHeader(res: Response, name: string, value: string): Response {
  try {
    res.headers.set(name, value);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set(name, value);
    return copy;
  }
}
