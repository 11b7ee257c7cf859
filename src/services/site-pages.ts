import { messagesFor } from "../i18n/catalog.ts";
import { type Lang, localePath } from "../i18n/locales.ts";
import { MBD_PATH, SITE_NAME } from "./site.ts";
import {
  CURRENT_TERMS_VERSION,
  LEGAL_NOTICE_PATH,
  termsVersionPath,
  WITHDRAWAL_FORM_PATH,
} from "../domain/terms.ts";

/**
 * The public pages with their metadata in each language: the pages read their title and
 * description from here, and the sitemap and the site search list them.
 */
export interface SitePage {
  /** The page's path in its language ("/fr/features"). */
  path: string;
  title: string;
  description: string;
  keywords: string[];
}

/** Each page's English path; the French one is under /fr/ with the same slug. */
const PAGE_PATHS = {
  home: "/home",
  features: "/features",
  videos: "/video-library",
  shop: "/shop",
  about: "/about",
  mbd: MBD_PATH,
  demo: "/request-a-demo",
  terms1: "/general-terms/page/1",
  terms2: "/general-terms/page/2",
  terms3: "/general-terms/page/3",
  termsVersion: termsVersionPath(CURRENT_TERMS_VERSION),
  legalNotice: LEGAL_NOTICE_PATH,
  withdrawalForm: WITHDRAWAL_FORM_PATH,
  privacy: "/privacy",
  cookies: "/cookies",
} as const;

export type PageId = keyof typeof PAGE_PATHS;

export function sitePage(id: PageId, lang: Lang): SitePage {
  return { path: localePath(lang, PAGE_PATHS[id]), ...messagesFor(lang).pages(SITE_NAME)[id] };
}

/** Every indexable public page of a language, in sitemap order. */
export function publicPages(lang: Lang): SitePage[] {
  return (Object.keys(PAGE_PATHS) as PageId[]).map((id) => sitePage(id, lang));
}
