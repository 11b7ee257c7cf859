import type { APIRoute } from "astro";
import { LANGS, localePath } from "../i18n/locales.ts";
import { publicPages } from "../services/site-pages.ts";
import { SITE_URL } from "../services/site.ts";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Every public page and every product page in each language, each entry with its alternates
 * (en, fr, x-default: the English page), as Google reads hreflang from a sitemap. Products come
 * from the live catalogue.
 */
export const GET: APIRoute = async ({ locals }) => {
  const products = await locals.services.catalog.list();
  const paths = [
    ...publicPages("en").map((p) => p.path),
    ...products.map((p) => `/shop/${p.slug}`),
  ];
  const link = (hreflang: string, path: string) =>
    `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(SITE_URL + path)}"/>`;
  const entry = (path: string, lang: typeof LANGS[number]) =>
    [
      "  <url>",
      `    <loc>${escapeXml(SITE_URL + localePath(lang, path))}</loc>`,
      ...LANGS.map((l) => link(l, localePath(l, path))),
      link("x-default", path),
      "  </url>",
    ].join("\n");
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...LANGS.flatMap((lang) => paths.map((path) => entry(path, lang))),
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
