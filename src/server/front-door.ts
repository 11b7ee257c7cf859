import { createApiApp } from "../api/app.ts";
import type { Services } from "../services/container.ts";
import { createPageCache } from "./page-cache.ts";
import { isHttps, withSecurityHeaders } from "./security-headers.ts";
import { type Asset, bufferedResponse, findAsset } from "./static.ts";
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

  /** `remoteAddress` is the peer's address as Deno.serve saw it. */
  return async function handle(req: Request, remoteAddress?: string): Promise<Response> {
    const url = new URL(req.url);
    const https = isHttps(req, url);
    if (url.pathname.startsWith("/api/") || url.pathname === "/api") {
      const forwarded = trustProxy
        // An address is at most 45 characters; the cap keeps a forged header out of KV keys.
        ? req.headers.get("X-Forwarded-For")?.split(",")[0]?.trim().slice(0, 64)
        : undefined;
      const env = { clientAddress: forwarded || remoteAddress };
      return withSecurityHeaders(await api.fetch(req, env), https);
    }
    if (url.pathname.startsWith(UPLOAD_PREFIX)) {
      return await serveUpload(req, url.pathname, services.uploads);
    }
    const asset = (req.method === "GET" || req.method === "HEAD")
      ? findAsset(assets, url.pathname)
      : undefined;
    if (asset) return bufferedResponse(req, asset, https);
    return await pages.handle(
      req,
      url,
      https,
      async () => withSecurityHeaders(await render(req, locals), https),
    );
  };
}
