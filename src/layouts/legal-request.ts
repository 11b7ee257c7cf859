import type { AstroGlobal } from "astro";
import { isTermsVersion } from "../domain/terms.ts";
import { pageLangOf } from "../i18n/astro.ts";
import { localePath } from "../i18n/locales.ts";
import { PAGE_CACHE_HEADER } from "../services/catalog.ts";
import { legalIdentityOf } from "../services/legal-identity.ts";

/**
 * What a legal page (terms, legal notice, withdrawal form) does with its request: it names the
 * seller, its contact and its mediator from the settings, read when the server runs (production
 * refuses to start without them), so it is rendered on the server, and cached as a catalogue
 * page is: it renders the same for everyone.
 */
export function legalRequest(astro: AstroGlobal) {
  astro.response.headers.set(PAGE_CACHE_HEADER, "catalog");
  return legalIdentityOf(astro.locals.services.config);
}

/** A legal PDF (the terms, the withdrawal form): the same for everyone, kept for a day. */
export function legalPdfResponse(bytes: Uint8Array, filename: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${filename}"`,
      "Cache-Control": "public, max-age=86400",
    },
  });
}

/** /general-terms/page/{n}: the page number, or the 404 page (a page file returns it). */
export async function termsPageRequest(astro: AstroGlobal): Promise<number | Response> {
  const page = astro.params.page ?? "";
  if (/^[1-3]$/.test(page)) return Number(page);
  return await notFound(astro);
}

/** /general-terms/{version}: a version of the terms, or the 404 page (a page file returns it). */
export async function termsVersionRequest(astro: AstroGlobal): Promise<string | Response> {
  const version = astro.params.version ?? "";
  if (isTermsVersion(version)) return version;
  return await notFound(astro);
}

/** The page's language's 404 page, answered as a 404 (the French one is an ordinary route). */
async function notFound(astro: AstroGlobal): Promise<Response> {
  const page = await astro.rewrite(localePath(pageLangOf(astro), "/404"));
  return new Response(page.body, { status: 404, headers: page.headers });
}
