import type { AstroGlobal } from "astro";
import { pageLangOf } from "../i18n/astro.ts";
import { localePath } from "../i18n/locales.ts";

/**
 * What /orders/{n} (either language) does with its request: the buyer's order page behind the
 * signed link of their mails. A wrong or altered token and an unknown order are the same 404.
 * Never cached by anyone but the buyer's browser. The page file calls it before rendering and
 * returns the 404 it may give.
 */
export async function orderRequest(astro: AstroGlobal) {
  const found = await astro.locals.services.orderTracking.find(
    astro.params.orderNumber ?? "",
    astro.url.searchParams.get("t"),
  );
  astro.response.headers.set("Cache-Control", "private, no-store");
  astro.response.headers.set("Referrer-Policy", "no-referrer");
  astro.response.headers.set("X-Robots-Tag", "noindex");
  return found ?? await astro.rewrite(localePath(pageLangOf(astro), "/404"));
}
