import type { APIRoute } from "astro";
import metadata from "libphonenumber-js/min/metadata";
import {
  callingCodeMetadata,
  callingCodes,
  metadataVersion,
} from "../../../domain/phone-metadata.ts";

/**
 * The demo form's phone metadata, one file per calling code (`/phone-metadata/<version>/33.json`),
 * written by the build from libphonenumber-js's "min" metadata: the browser fetches the one its
 * number needs instead of bundling all of it.
 */
export const prerender = true;

export function getStaticPaths() {
  const version = metadataVersion(metadata);
  return callingCodes(metadata).map((code) => ({ params: { version, code } }));
}

export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(callingCodeMetadata(metadata, params.code!)), {
    headers: { "Content-Type": "application/json" },
  });
