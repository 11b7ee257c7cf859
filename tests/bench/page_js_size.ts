/**
 * Prints the JavaScript a page loads, gzip-compressed, from the built files: every module the
 * page's HTML references (scripts, island components and renderers, modulepreloads) plus
 * everything those modules import. Usage (after `deno task build`):
 *   deno run -A --unstable-kv tests/bench/page_js_size.ts [/shop] [/shop/some-slug]
 * Admin pages (/admin/...) are fetched signed in as the test server's superadmin.
 */
import { startBuiltServer } from "../_lib/server.ts";

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

/** The session cookie of the built server's seeded superadmin (tests/_lib/server.ts). */
async function adminCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/superadmins/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "correct horse battery" }),
  });
  await res.body?.cancel();
  return res.headers.get("set-cookie")?.split(";")[0] ?? "";
}

const paths = Deno.args.length ? Deno.args : ["/shop"];
const server = await startBuiltServer();
try {
  const cookie = paths.some((p) => p.startsWith("/admin")) ? await adminCookie(server.url) : "";
  for (const path of paths) {
    const headers = path.startsWith("/admin") ? { cookie } : undefined;
    const html = await (await fetch(server.url + path, { headers })).text();
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .filter((m) => !m[0].includes("application/ld+json"))
      .map((m) => new TextEncoder().encode(m[1]));
    const files = await moduleGraph(referencedModules(html));
    let total = 0;
    for (const [url, bytes] of files) {
      const gz = await gzipSize(bytes);
      total += gz;
      console.log(`${path}  ${url}  ${bytes.length} B, ${gz} B gzip`);
    }
    let inlineGz = 0;
    for (const bytes of inline) inlineGz += await gzipSize(bytes);
    console.log(
      `${path}: ${files.size} JS files, ${(total / 1024).toFixed(1)} KB gzip` +
        ` (+ ${(inlineGz / 1024).toFixed(1)} KB gzip of inline scripts in the HTML)`,
    );
  }
} finally {
  await server.stop();
}
