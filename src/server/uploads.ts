import type { Uploads } from "../services/uploads.ts";
import { UPLOAD_PREFIX } from "../services/uploads.ts";

/**
 * `GET /uploads/<name>`: an uploaded image with its stored type, an ETag, a year of cache (the
 * name never changes content) and nosniff; answered 404 for anything else.
 */
export async function serveUpload(req: Request, pathname: string, uploads: Uploads) {
  const found = await uploads.find(pathname.slice(UPLOAD_PREFIX.length));
  if (!found || (req.method !== "GET" && req.method !== "HEAD")) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  }
  const { meta } = found;
  const headers = {
    "Content-Type": meta.contentType,
    "ETag": meta.etag,
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (req.headers.get("If-None-Match") === meta.etag) {
    return new Response(null, { status: 304, headers });
  }
  if (req.method === "HEAD") {
    return new Response(null, { headers: { ...headers, "Content-Length": String(meta.size) } });
  }
  const body = await found.read();
  return body
    ? new Response(body as Uint8Array<ArrayBuffer>, { headers })
    : new Response("Not found", { status: 404 });
}
