import { isLang, type Lang } from "./locales.ts";

/** A page's language, from Astro's i18n routing (English unprefixed, French under /fr/). */
export function pageLangOf(astro: { currentLocale: string | undefined }): Lang {
  return isLang(astro.currentLocale) ? astro.currentLocale : "en";
}
