import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { extname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** A built file held in memory with its precomputed encodings. */
export interface Asset {
  body: Uint8Array;
  gzip?: Uint8Array;
  br?: Uint8Array;
  type: string;
  etag: string;
  /** Fingerprinted build output (/_astro/...) may be cached for a year. */
  immutable: boolean;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

async function* walk(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* walk(path);
    else if (entry.isFile) yield path;
  }
}

async function etagOf(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  return `"${Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("")}"`;
}

/** Builds an in-memory asset, compressing text once. */
export async function makeAsset(body: Uint8Array, type: string, immutable = false): Promise<Asset> {
  const compress = COMPRESSIBLE.test(type) && body.length > 512;
  return {
    body,
    type,
    etag: await etagOf(body),
    immutable,
    ...(compress
      ? {
        gzip: new Uint8Array(gzipSync(body, { level: 9 })),
        br: new Uint8Array(
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        ),
      }
      : {}),
  };
}

/** Reads every file under `dir` into memory, compressing text once, at start-up. */
export async function loadStaticAssets(dir: URL): Promise<Map<string, Asset>> {
  const root = fileURLToPath(dir);
  const assets = new Map<string, Asset>();
  try {
    await Deno.stat(root);
  } catch {
    return assets;
  }
  for await (const file of walk(root)) {
    const body = await Deno.readFile(file);
    const urlPath = "/" + relative(root, file).split("\\").join("/");
    const type = TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
    assets.set(urlPath, await makeAsset(body, type, urlPath.startsWith("/_astro/")));
  }
  return assets;
}

/** The asset for a URL path: the file itself, or a prerendered page's index.html. */
export function findAsset(assets: Map<string, Asset>, pathname: string): Asset | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  return assets.get(path) ??
    assets.get(path.endsWith("/") ? `${path}index.html` : `${path}/index.html`);
}

/** A response for a body held in memory, in the best encoding the client accepts. */
export function bufferedResponse(
  req: Request,
  asset: Asset,
  extraHeaders: Record<string, string>,
): Response {
  const headers: Record<string, string> = {
    ...extraHeaders,
    "Content-Type": asset.type,
    ETag: asset.etag,
    Vary: "Accept-Encoding",
    "Cache-Control": asset.immutable
      ? "public, max-age=31536000, immutable"
      : "public, max-age=0, must-revalidate",
  };
  if (req.headers.get("If-None-Match") === asset.etag) {
    return new Response(null, { status: 304, headers });
  }
  const accept = req.headers.get("Accept-Encoding") ?? "";
  let body = asset.body;
  if (asset.br && accept.includes("br")) {
    body = asset.br;
    headers["Content-Encoding"] = "br";
  } else if (asset.gzip && accept.includes("gzip")) {
    body = asset.gzip;
    headers["Content-Encoding"] = "gzip";
  }
  headers["Content-Length"] = String(body.length);
  return new Response(req.method === "HEAD" ? null : body as BodyInit, { headers });
}
