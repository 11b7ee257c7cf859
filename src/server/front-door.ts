import { Hono } from "hono";
import { createApiApp } from "../api/app.ts";
import type { Services } from "../services/container.ts";
import { securityHeaders } from "./security-headers.ts";
import { type Asset, assetResponse, findAsset } from "./static.ts";

/** What Astro's pages can read from `Astro.locals`. */
export interface PageLocals {
  services: Services;
}

export type RenderPage = (request: Request, locals: PageLocals) => Promise<Response>;

/**
 * The server's one Hono app: the API straight, built files from memory, everything else to
 * Astro. Security headers on every response.
 */
export function createFrontDoor(
  services: Services,
  assets: Map<string, Asset>,
  render: RenderPage,
) {
  const app = new Hono();
  app.use("*", securityHeaders());
  app.route("/", createApiApp(services));
  app.on(["GET", "HEAD"], "*", async (c, next) => {
    const asset = findAsset(assets, c.req.path);
    if (asset) return assetResponse(c.req.raw, asset);
    await next();
  });
  app.all("*", (c) => render(c.req.raw, { services }));
  return app;
}
