import { type SearchDocument, searchSite } from "../domain/site-search.ts";
import { sampleVideos } from "../domain/videos.ts";
import { messagesFor } from "../i18n/catalog.ts";
import type { Catalog } from "./catalog.ts";
import { type Lang, localePath } from "../i18n/locales.ts";
import { publicPages } from "./site-pages.ts";
import { SITE_NAME } from "./site.ts";

/** The fixed part of the search index of a language: public pages and the video library. */
const staticDocuments = (lang: Lang): SearchDocument[] => [
  ...publicPages(lang).map((p) => ({
    kind: "page" as const,
    url: p.path,
    title: p.title,
    description: p.description,
    keywords: p.keywords,
  })),
  ...sampleVideos(messagesFor(lang).videos(SITE_NAME).items).map((v) => ({
    kind: "video" as const,
    url: localePath(lang, `/video-library?category=${v.category}`),
    title: v.title,
    description: v.summary,
    keywords: v.categories.map((c) => messagesFor(lang).videos(SITE_NAME).categories[c]),
  })),
];

const STATIC_DOCUMENTS = { en: staticDocuments("en"), fr: staticDocuments("fr") };

/** Searches pages, videos and the live catalogue's products, in the page's language. */
export async function searchEverything(query: string, catalog: Catalog, lang: Lang) {
  const products: SearchDocument[] = (await catalog.list()).map((p) => ({
    kind: "product",
    url: localePath(lang, `/shop/${p.slug}`),
    title: (lang === "fr" && p.fr?.name) || p.name,
    description: (lang === "fr" && p.fr?.description) || p.description,
    keywords: [...p.category, ...p.features, ...(lang === "fr" ? p.fr?.features ?? [] : [])],
  }));
  return searchSite(query, [...products, ...STATIC_DOCUMENTS[lang]]);
}
