import type { Config } from "../services/config.ts";
import type { Asset } from "../http/static.ts";

/**
 * The origin the prerendered pages were built for (their canonical, og:url and JSON-LD URLs are
 * fixed at build time): read from the built landing page's canonical link, or null.
 */
export function builtOrigin(assets: Map<string, Asset>): string | null {
  const page = assets.get("/index.html");
  if (!page) return null;
  const html = new TextDecoder().decode(page.body);
  const href = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  try {
    return href ? new URL(href).origin : null;
  } catch {
    return null;
  }
}

/**
 * Why the server must not start with this site origin, or null. In production the public origin
 * is a checked part of the deployment: PUBLIC_SITE_URL is required, and the built pages must
 * carry the same origin as the server renders, so no page links to a dead canonical URL.
 */
export function siteOriginProblem(
  config: Pick<Config, "shopEnv" | "siteUrl">,
  built: string | null,
): string | null {
  if (config.shopEnv !== "production") return null;
  const runtime = new URL(config.siteUrl);
  if (runtime.hostname === "localhost" || runtime.hostname === "127.0.0.1") {
    return "SHOP_ENV=production needs PUBLIC_SITE_URL (the public origin, e.g. https://shop.example): canonical and social URLs are built from it.";
  }
  if (built !== runtime.origin) {
    return `The pages were built for ${
      built ?? "an unknown origin"
    } but PUBLIC_SITE_URL is ${runtime.origin}: build again with PUBLIC_SITE_URL=${runtime.origin}.`;
  }
  return null;
}
