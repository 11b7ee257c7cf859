import { toHex } from "../domain/hex.ts";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { extname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { HSTS, metaPolicy, securityHeadersFor } from "./security-headers.ts";

/** A file held in memory with its precomputed encodings and response headers. */
export interface Asset {
  body: Uint8Array;
  gzip?: Uint8Array;
  br?: Uint8Array;
  etag: string;
  /** Response headers (security headers included) for each encoding. */
  headers: {
    identity: Record<string, string>;
    gzip: Record<string, string>;
    br: Record<string, string>;
  };
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
  return `"${toHex(digest.slice(0, 12))}"`;
}

/** Compression levels: the build's files get the smallest output once. */
const AT_BUILD = { gzip: 9, brotli: 11 };
/**
 * Bodies compressed while serving (a cached page, the products JSON, once per catalogue
 * version): brotli 11 took 140 ms of the event loop for the 32 KB /shop page, 5 takes 1-3 ms
 * for 10% more bytes.
 */
const AT_RUNTIME = { gzip: 6, brotli: 5 };

/** The gzip and brotli encodings of a body, or none when it is not worth compressing. */
function compress(
  body: Uint8Array,
  type: string,
  levels = AT_BUILD,
): { gzip?: Uint8Array; br?: Uint8Array } {
  if (!COMPRESSIBLE.test(type) || body.length <= 512) return {};
  return {
    gzip: new Uint8Array(gzipSync(body, { level: levels.gzip })),
    br: new Uint8Array(
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: levels.brotli } }),
    ),
  };
}

/**
 * Builds an in-memory asset with its response headers; compresses the body unless its
 * encodings are given (the build writes them next to each file: see `precompressFiles`). A page's
 * CSP is `policy` (a rendered page's header), else the one in its own <meta> (a prerendered page).
 */
export async function makeAsset(
  body: Uint8Array,
  type: string,
  immutable = false,
  encoded: { gzip?: Uint8Array; br?: Uint8Array } = compress(body, type),
  policy: string | null = type.startsWith("text/html") ? metaPolicy(body) : null,
): Promise<Asset> {
  const etag = await etagOf(body);
  const identity: Record<string, string> = {
    ...securityHeadersFor(type, policy),
    "Content-Type": type,
    ETag: etag,
    "Cache-Control": immutable
      ? "public, max-age=31536000, immutable"
      : "public, max-age=0, must-revalidate",
    ...(encoded.br || encoded.gzip ? { Vary: "Accept-Encoding" } : {}),
  };
  return {
    body,
    etag,
    headers: {
      identity,
      gzip: { ...identity, "Content-Encoding": "gzip" },
      br: { ...identity, "Content-Encoding": "br" },
    },
    ...encoded,
  };
}

/** An asset made while serving (not cached by browsers without revalidation), compressed fast. */
export function makeRuntimeAsset(
  body: Uint8Array,
  type: string,
  policy?: string | null,
): Promise<Asset> {
  return makeAsset(body, type, false, compress(body, type, AT_RUNTIME), policy);
}

const typeOf = (file: string) => TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
const isEncoding = (file: string) => file.endsWith(".br") || file.endsWith(".gz");

/**
 * Writes `file.br` and `file.gz` beside every compressible built file, once, at build time, so
 * the server starts without compressing anything (about 3 s of brotli for this site).
 */
export async function precompressFiles(dir: URL): Promise<number> {
  const root = fileURLToPath(dir);
  let count = 0;
  for await (const file of walk(root)) {
    if (isEncoding(file)) continue;
    const { gzip, br } = compress(await Deno.readFile(file), typeOf(file));
    if (!gzip || !br) continue;
    await Deno.writeFile(`${file}.gz`, gzip);
    await Deno.writeFile(`${file}.br`, br);
    count++;
  }
  return count;
}

async function readIfExists(path: string): Promise<Uint8Array | undefined> {
  try {
    return await Deno.readFile(path);
  } catch {
    return undefined;
  }
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
  const files: string[] = [];
  for await (const file of walk(root)) if (!isEncoding(file)) files.push(file);
  // All read side by side: one after the other, the reads were most of the start-up time.
  await Promise.all(files.map(async (file) => {
    const urlPath = "/" + relative(root, file).split("\\").join("/");
    const type = typeOf(file);
    const [body, gzip, br] = await Promise.all([
      Deno.readFile(file),
      readIfExists(`${file}.gz`),
      readIfExists(`${file}.br`),
    ]);
    const encoded = gzip && br ? { gzip, br } : compress(body, type);
    assets.set(urlPath, await makeAsset(body, type, urlPath.startsWith("/_astro/"), encoded));
  }));
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

/**
 * A response for a body held in memory, in the best encoding the client accepts; with
 * `requestId`, its X-Request-Id among the headers it is made with (setting a header on a made
 * response costs a tenth of the products API's whole request).
 */
export function bufferedResponse(
  req: Request,
  asset: Asset,
  https: boolean,
  requestId?: string,
): Response {
  const accept = req.headers.get("Accept-Encoding") ?? "";
  const encoding = asset.br && accept.includes("br")
    ? "br"
    : asset.gzip && accept.includes("gzip")
    ? "gzip"
    : "identity";
  const headers = https || requestId !== undefined
    ? {
      ...asset.headers[encoding],
      ...(https ? { "Strict-Transport-Security": HSTS } : {}),
      ...(requestId !== undefined ? { [REQUEST_ID_HEADER]: requestId } : {}),
    }
    : asset.headers[encoding];
  if (req.headers.get("If-None-Match") === asset.etag) {
    return new Response(null, { status: 304, headers });
  }
  const body = encoding === "identity" ? asset.body : asset[encoding]!;
  return new Response(req.method === "HEAD" ? null : body as BodyInit, { headers });
}

/** Every answer carries its request's id in this header (and the id is in its log line). */
export const REQUEST_ID_HEADER = "X-Request-Id";
