import type { AstroGlobal } from "astro";
import { pageLangOf } from "../i18n/astro.ts";
import { localePath } from "../i18n/locales.ts";

/** The buyer's order page, found or not: only for the buyer's browser, never indexed. */
function keepPrivate(headers: Headers) {
  headers.set("Cache-Control", "private, no-store");
  headers.set("Referrer-Policy", "no-referrer");
  headers.set("X-Robots-Tag", "noindex");
}

/**
 * What /orders/{n} (either language) does with its request: the buyer's order page behind the
 * signed link of their mails. A wrong or altered token and an unknown order are the same 404.
 * Never cached by anyone but the buyer's browser. The page file calls it before rendering and
 * returns the 404 it may give. A rewrite renders the 404 with fresh headers: the private ones
 * are set again on its response (the URL still carries the token).
 */
export async function orderRequest(astro: AstroGlobal) {
  const found = await astro.locals.services.orderTracking.find(
    astro.params.orderNumber ?? "",
    astro.url.searchParams.get("t"),
  );
  if (found) {
    keepPrivate(astro.response.headers);
    return found;
  }
  const notFound = await astro.rewrite(localePath(pageLangOf(astro), "/404"));
  keepPrivate(notFound.headers);
  return notFound;
}
