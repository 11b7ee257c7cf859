import type { AstroGlobal } from "astro";
import { PAGE_CACHE_HEADER } from "../services/catalog.ts";
import { pageLangOf } from "../i18n/astro.ts";
import { localePath } from "../i18n/locales.ts";

/**
 * What /shop/{slug} (either language) does with its request: the product and the catalogue, or
 * the 404 for an unknown slug. The page depends only on the catalogue: the server may cache it
 * until the catalogue changes. The page file calls it before rendering and returns the 404.
 */
export async function productRequest(astro: AstroGlobal) {
  const { catalog } = astro.locals.services;
  const found = await catalog.bySlug(astro.params.slug ?? "");
  if (!found) return await astro.rewrite(localePath(pageLangOf(astro), "/404"));
  const catalogue = await catalog.list();
  astro.response.headers.set(PAGE_CACHE_HEADER, "catalog");
  return { found, catalogue };
}
