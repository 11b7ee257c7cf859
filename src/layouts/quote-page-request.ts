import type { AstroGlobal } from "astro";
import { NotFoundError } from "../domain/errors.ts";
import { pageLangOf } from "../i18n/astro.ts";
import { localePath } from "../i18n/locales.ts";

function keepPrivate(headers: Headers) {
  headers.set("Cache-Control", "private, no-store");
  headers.set("Referrer-Policy", "no-referrer");
  headers.set("X-Robots-Tag", "noindex");
}

/**
 * What /quotes/{n} and /fr/devis/{n} do with their request: the buyer's quote behind the signed
 * link of its mail (its first view is recorded for staff), with the order it made behind that
 * order's own link. A wrong token and an unknown quote are the same 404; the order page's
 * privacy headers (never cached, never indexed, no referrer: the URL carries the token).
 */
export async function quotePageRequest(astro: AstroGlobal) {
  const services = astro.locals.services;
  const token = astro.url.searchParams.get("t") ?? "";
  try {
    const quote = await services.quoteDesk.view(astro.params.number ?? "", token);
    keepPrivate(astro.response.headers);
    const orderUrl = quote.orderNumber
      ? await services.orderLinks.path(quote.orderNumber, quote.locale)
      : null;
    return { quote, token, orderUrl };
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
    const notFound = await astro.rewrite(localePath(pageLangOf(astro), "/404"));
    keepPrivate(notFound.headers);
    return notFound;
  }
}
