import type { APIRoute } from "astro";
import { PUBLIC_PAGES } from "../services/site-pages.ts";
import { SITE_URL } from "../services/site.ts";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Every public page and every product page; products come from the live catalogue. */
export const GET: APIRoute = async ({ locals }) => {
  const products = await locals.services.catalog.list();
  const paths = [...PUBLIC_PAGES.map((p) => p.path), ...products.map((p) => `/shop/${p.slug}`)];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeXml(SITE_URL + path)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
};
