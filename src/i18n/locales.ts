/**
 * The site's languages and their URLs: English at the spec's routes, unprefixed; French under
 * /fr/ with the same slugs (astro.config.ts declares the same two to Astro's i18n routing).
 */
export const LANGS = ["en", "fr"] as const;
export type Lang = typeof LANGS[number];
export const DEFAULT_LANG: Lang = "en";

/** The BCP 47 tag each language's formats use. */
export const INTL_LOCALE: Record<Lang, string> = { en: "en-GB", fr: "fr-FR" };

export function isLang(value: unknown): value is Lang {
  return value === "en" || value === "fr";
}

/** The language a path is in: /fr and /fr/... are French, everything else English. */
export function langOfPath(pathname: string): Lang {
  return pathname === "/fr" || pathname.startsWith("/fr/") ? "fr" : "en";
}

/** The path without its language prefix: "/fr/shop" -> "/shop", "/fr/" -> "/". */
export function unlocalizedPath(pathname: string): string {
  if (langOfPath(pathname) === "en") return pathname;
  return pathname.slice(3) || "/";
}

/** The path of a page in a language: ("fr", "/shop") -> "/fr/shop", ("fr", "/") -> "/fr/". */
export function localePath(lang: Lang, path: string): string {
  if (lang === DEFAULT_LANG) return path;
  return path === "/" ? `/${lang}/` : `/${lang}${path}`;
}

/** The same page in another language (the header's switch, hreflang alternates). */
export function translatedPath(pathname: string, lang: Lang): string {
  return localePath(lang, unlocalizedPath(pathname));
}
