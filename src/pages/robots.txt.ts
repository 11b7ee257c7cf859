import type { APIRoute } from "astro";
import { SITE_URL } from "../services/site.ts";

export const prerender = true;

/** Crawlers: everything public; not the back office, the API, search results or unsubscribe. */
export const GET: APIRoute = () =>
  new Response(
    [
      "User-agent: *",
      "Allow: /",
      "Disallow: /admin",
      "Disallow: /api/",
      "Disallow: /search",
      "Disallow: /unsubscribe",
      "",
      `Sitemap: ${SITE_URL}/sitemap.xml`,
      "",
    ].join("\n"),
    { headers: { "Content-Type": "text/plain; charset=utf-8" } },
  );
