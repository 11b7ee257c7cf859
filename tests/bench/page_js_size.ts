/**
 * Prints the JavaScript a page loads, gzip-compressed, from the built files: every module the
 * page's HTML references (scripts, island components and renderers, modulepreloads) plus
 * everything those modules import, then a summary of every page. Without paths: every public
 * page (the marketing routes, /shop and a product page). Usage (after `deno task build`):
 *   deno run -A --unstable-kv tests/bench/page_js_size.ts [/shop] [/shop/some-slug]
 * With VERBOSE=1, each file of each page.
 * Paths under /admin (but the login page, which sends a signed-in visitor on) are fetched signed
 * in as ADMIN_EMAIL / ADMIN_PASSWORD (the account the server seeds; defaults are the test
 * server's superadmin).
 */
import { isAdminPath, LOGIN_PATH } from "../../src/domain/admin-routes.ts";
import { startBuiltServer } from "../_lib/server.ts";
import { MARKETING_ROUTES } from "../browser/_marketing_routes.ts";

const CLIENT = new URL("../../dist/client/", import.meta.url);

async function gzipSize(bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

function referencedModules(html: string): string[] {
  const urls = new Set<string>();
  const patterns = [
    /<script[^>]*\ssrc="([^"]+\.m?js)"/g,
    /(?:component-url|renderer-url)="([^"]+\.m?js)"/g,
    /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g,
    /import\s*\(?\s*["'](\/_astro\/[^"']+\.js)["']/g, // inline module scripts
  ];
  for (const re of patterns) for (const m of html.matchAll(re)) urls.add(m[1]);
  return [...urls];
}

async function moduleGraph(entries: string[]): Promise<Map<string, Uint8Array<ArrayBuffer>>> {
  const seen = new Map<string, Uint8Array<ArrayBuffer>>();
  const queue = [...entries];
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url) || !url.startsWith("/")) continue;
    const bytes = await Deno.readFile(new URL(url.slice(1), CLIENT));
    seen.set(url, bytes);
    const text = new TextDecoder().decode(bytes);
    const imports = text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+\.js)["']/g);
    for (const m of imports) queue.push(new URL(m[1], new URL(url, "http://x")).pathname);
  }
  return seen;
}

/** Signs in like the login page (superadmin endpoint, then the admin one after a 401) and
 * returns the session cookie as a `Cookie` header value. */
async function signIn(base: string, email: string, password: string): Promise<string> {
  for (const endpoint of ["superadmins", "admins"]) {
    const res = await fetch(`${base}/api/${endpoint}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ email, password }),
    });
    await res.body?.cancel();
    if (res.ok) return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    if (res.status !== 401) throw new Error(`sign-in failed: ${res.status}`);
  }
  throw new Error(`sign-in failed: wrong ADMIN_EMAIL / ADMIN_PASSWORD`);
}

const paths = Deno.args.length
  ? Deno.args
  : [...MARKETING_ROUTES.map((r) => r.path), "/shop", "/shop/vectra-dsp-board"];
const verbose = Deno.args.length > 0 || Deno.env.get("VERBOSE") === "1";
const summary: string[] = [];
const account = {
  ADMIN_EMAIL: Deno.env.get("ADMIN_EMAIL") ?? "admin@example.com",
  ADMIN_PASSWORD: Deno.env.get("ADMIN_PASSWORD") ?? "correct horse battery",
};
const signedIn = (path: string) => isAdminPath(path) && !path.startsWith(LOGIN_PATH);
const server = await startBuiltServer(account);
try {
  const cookie = paths.some(signedIn)
    ? await signIn(server.url, account.ADMIN_EMAIL, account.ADMIN_PASSWORD)
    : "";
  for (const path of paths) {
    const headers: HeadersInit = signedIn(path) ? { Cookie: cookie } : {};
    const res = await fetch(server.url + path, { headers, redirect: "manual" });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${res.headers.get("Location") ?? ""}`);
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .filter((m) => !m[0].includes("application/ld+json"))
      .map((m) => new TextEncoder().encode(m[1]));
    const files = await moduleGraph(referencedModules(html));
    let total = 0;
    for (const [url, bytes] of files) {
      const gz = await gzipSize(bytes);
      total += gz;
      if (verbose) console.log(`${path}  ${url}  ${bytes.length} B, ${gz} B gzip`);
    }
    let inlineGz = 0;
    for (const bytes of inline) inlineGz += await gzipSize(bytes);
    summary.push(
      path.padEnd(36) + String(files.size).padStart(6) + (total / 1024).toFixed(1).padStart(9) +
        (inlineGz / 1024).toFixed(1).padStart(9) +
        ((total + inlineGz) / 1024).toFixed(1).padStart(9),
    );
  }
  console.log(
    "\npage".padEnd(37) + "files".padStart(6) + "JS KB".padStart(9) + "inline".padStart(9) +
      "total".padStart(9) + "   (gzip)",
  );
  for (const line of summary) console.log(line);
} finally {
  await server.stop();
}

/**
 * The demo form's on-focus code: what a visitor's first focus in the form and a Submit load on
 * top of the page (the validation chunk, the phone country list, the toast UI; every module the
 * island reaches through a dynamic import), plus the phone metadata of the calling code checked:
 * France's (the widget's default) and the largest file's. From the built files, and the
 * metadata as /phone-metadata/<version>/<code>.json answers it (gzip here; the server sends br).
 */
async function demoFormOnFocus() {
  const { default: minMetadata } = await import("libphonenumber-js/min/metadata");
  const { callingCodeMetadata, callingCodes } = await import("../../src/domain/phone-metadata.ts");
  const html = await Deno.readTextFile(new URL("request-a-demo/index.html", CLIENT));
  const page = await moduleGraph(referencedModules(html));
  const island = html.match(/component-url="([^"]+\/DemoForm\.[^"]+\.js)"/)![1];
  const loaded = new Map<string, number>();
  const seen = new Set<string>();
  const queue = [island];
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const bytes = await Deno.readFile(new URL(url.slice(1), CLIENT));
    if (!page.has(url)) loaded.set(url, await gzipSize(bytes));
    const text = new TextDecoder().decode(bytes);
    const imports = text.matchAll(/(?:from|import)\s*\(?\s*["'`]([^"'`]+\.js)["'`]/g);
    for (const m of imports) queue.push(new URL(m[1], new URL(url, "http://x")).pathname);
  }
  const metadataGz = (code: string) =>
    gzipSize(new TextEncoder().encode(JSON.stringify(callingCodeMetadata(minMetadata, code))));
  let largest = { code: "", gz: 0 };
  for (const code of callingCodes(minMetadata)) {
    const gz = await metadataGz(code);
    if (gz > largest.gz) largest = { code, gz };
  }
  const france = await metadataGz("33");
  const js = [...loaded.values()].reduce((a, b) => a + b, 0);
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const [url, gz] of loaded) {
    if (verbose) console.log(`demo form on focus  ${url}  ${gz} B gzip`);
  }
  console.log(
    `\ndemo form, first focus + submit: ${loaded.size} files ${kb(js)} KB + phone metadata ` +
      `+33 ${kb(france)} KB = ${kb(js + france)} KB gzip ` +
      `(with the largest, +${largest.code}: ${kb(js + largest.gz)} KB)`,
  );
}
if (!Deno.args.length || Deno.args.includes("/request-a-demo")) await demoFormOnFocus();
