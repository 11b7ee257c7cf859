import { type SearchDocument, searchSite } from "../domain/site-search.ts";
import { sampleVideos, VIDEO_CATEGORIES } from "../domain/videos.ts";
import type { Catalog } from "./catalog.ts";
import { PUBLIC_PAGES } from "./site-pages.ts";
import { SITE_NAME } from "./site.ts";

/** The fixed part of the search index: public pages and the video library. */
const STATIC_DOCUMENTS: SearchDocument[] = [
  ...PUBLIC_PAGES.map((p) => ({
    kind: "page" as const,
    url: p.path,
    title: p.title,
    description: p.description,
    keywords: p.keywords,
  })),
  ...sampleVideos(SITE_NAME).map((v) => ({
    kind: "video" as const,
    url: `/video-library?category=${v.category}`,
    title: v.title,
    description: v.summary,
    keywords: v.categories.map((c) => VIDEO_CATEGORIES.find((x) => x.id === c)?.label ?? c),
  })),
];

/** Searches pages, videos and the live catalogue's products. */
export async function searchEverything(query: string, catalog: Catalog) {
  const products: SearchDocument[] = (await catalog.list()).map((p) => ({
    kind: "product",
    url: `/shop/${p.slug}`,
    title: p.name,
    description: p.description,
    keywords: [...p.category, ...p.features],
  }));
  return searchSite(query, [...products, ...STATIC_DOCUMENTS]);
}
