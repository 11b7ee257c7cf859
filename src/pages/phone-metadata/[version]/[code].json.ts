import type { APIRoute } from "astro";
import metadata from "libphonenumber-js/min/metadata";
import { callingCodeMetadata, metadataVersion } from "../../../domain/phone-metadata.ts";
import { type Asset, bufferedResponse, makeAsset } from "../../../http/static.ts";

/**
 * The demo form's phone metadata, one calling code at a time (`/phone-metadata/<version>/33.json`),
 * from libphonenumber-js's "min" metadata: the browser fetches the one its number needs instead
 * of bundling all of it. Made on first request and kept (compressed, with its ETag) rather than
 * written by the build: 206 more built files made every start 40 ms longer (each is read into
 * memory then). The name holds the metadata's version, so an answer is cached for good; another
 * version is a 404 (the form then leaves the number to the API).
 */
let version: string | undefined;
const assets = new Map<string, Promise<Asset>>();

export const GET: APIRoute = async ({ params, request }) => {
  version ??= metadataVersion(metadata);
  const code = params.code ?? "";
  let asset = assets.get(code);
  if (!asset && params.version === version) {
    const part = callingCodeMetadata(metadata, code);
    if (part) {
      const body = new TextEncoder().encode(JSON.stringify(part));
      assets.set(code, asset = makeAsset(body, "application/json; charset=utf-8", true));
    }
  }
  if (!asset || params.version !== version) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // https: false, as the front door adds Strict-Transport-Security to every rendered answer.
  return bufferedResponse(request, await asset, false);
};
