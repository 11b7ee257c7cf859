import { holdsMarkup, IMAGE_TYPES, type ImageExtension, sniffImage } from "../domain/image-type.ts";
import type { Uploads } from "../services/uploads.ts";
import { UPLOAD_PREFIX } from "../services/uploads.ts";

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });

/**
 * `GET /uploads/<name>`: an uploaded image, only as the image type its name and its bytes say
 * (one of the five), never markup, with nosniff, a sandbox CSP (a document opened from here runs
 * nothing and is not of the shop's origin), inline with its own name, an ETag and a year of
 * cache (the name never changes content); answered 404 for anything else. Files stored before
 * uploads were parsed whole are checked again here.
 */
export async function serveUpload(req: Request, pathname: string, uploads: Uploads) {
  const name = pathname.slice(UPLOAD_PREFIX.length);
  const found = await uploads.find(name);
  if (!found || (req.method !== "GET" && req.method !== "HEAD")) return notFound();
  const { meta } = found;
  const ext = name.slice(name.lastIndexOf(".") + 1) as ImageExtension;
  const type = IMAGE_TYPES[ext];
  const start = await found.readStart();
  if (meta.contentType !== type || sniffImage(start) !== ext || holdsMarkup(start)) {
    return notFound();
  }
  const headers = {
    "Content-Type": type,
    "Content-Disposition": `inline; filename="${name}"`,
    "ETag": meta.etag,
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'",
  };
  if (req.headers.get("If-None-Match") === meta.etag) {
    return new Response(null, { status: 304, headers });
  }
  if (req.method === "HEAD") {
    return new Response(null, { headers: { ...headers, "Content-Length": String(meta.size) } });
  }
  const body = await found.read();
  return body ? new Response(body as Uint8Array<ArrayBuffer>, { headers }) : notFound();
}
