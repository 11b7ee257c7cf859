import type { AstroGlobal } from "astro";
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
