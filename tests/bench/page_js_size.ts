/**
 * Prints the JavaScript a page loads, gzip-compressed, from the built files: every module the
 * page's HTML references (scripts, island components and renderers, modulepreloads) plus
 * everything those modules import, statically or with `import()` (whatever quotes the minifier
 * chose), then a summary of every page: all in, and the part fetched only on use (reached only
 * through an `import()`). Without paths: every public
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
    /import\s*\(?\s*["'`](\/_astro\/[^"'`]+\.js)["'`]/g, // inline module scripts
  ];
  for (const re of patterns) for (const m of html.matchAll(re)) urls.add(m[1]);
  return [...urls];
}

interface PageModule {
  bytes: Uint8Array<ArrayBuffer>;
  /** Reached only through an `import()`: fetched when the visitor uses what needs it. */
  onUse: boolean;
}

/** The modules reachable from `entries`; those reached statically first (they load with the page). */
async function moduleGraph(entries: string[]): Promise<Map<string, PageModule>> {
  const seen = new Map<string, PageModule>();
  const walk = async (start: string[], onUse: boolean) => {
    const dynamic: string[] = [];
    const queue = [...start];
    while (queue.length) {
      const url = queue.pop()!;
      if (seen.has(url) || !url.startsWith("/")) continue;
      const bytes = await Deno.readFile(new URL(url.slice(1), CLIENT));
      seen.set(url, { bytes, onUse });
      const text = new TextDecoder().decode(bytes);
      const imports = text.matchAll(/\b(from|import)\s*(\(?)\s*["'`]([^"'`]+\.js)["'`]/g);
      for (const [, keyword, paren, specifier] of imports) {
        const target = new URL(specifier, new URL(url, "http://x")).pathname;
        (keyword === "import" && paren ? dynamic : queue).push(target);
      }
    }
    return dynamic;
  };
  let next = await walk(entries, false);
  while (next.length) next = await walk(next, true);
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
/** Measures one page of `server` and adds its line to the summary, as `label`. */
async function measure(server: { url: string }, path: string, label: string, cookie: string) {
  const headers: HeadersInit = signedIn(path) ? { Cookie: cookie } : {};
  const res = await fetch(server.url + path, { headers, redirect: "manual" });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${res.headers.get("Location") ?? ""}`);
  const html = await res.text();
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => !m[0].includes("application/ld+json"))
    .map((m) => new TextEncoder().encode(m[1]));
  const files = await moduleGraph(referencedModules(html));
  let total = 0;
  let onUseTotal = 0;
  for (const [url, { bytes, onUse }] of files) {
    const gz = await gzipSize(bytes);
    total += gz;
    if (onUse) onUseTotal += gz;
    if (verbose) {
      console.log(`${label}  ${url}  ${bytes.length} B, ${gz} B gzip${onUse ? " (on use)" : ""}`);
    }
  }
  let inlineGz = 0;
  for (const bytes of inline) inlineGz += await gzipSize(bytes);
  summary.push(
    label.padEnd(36) + String(files.size).padStart(6) + (total / 1024).toFixed(1).padStart(9) +
      (onUseTotal / 1024).toFixed(1).padStart(9) + (inlineGz / 1024).toFixed(1).padStart(9) +
      ((total + inlineGz) / 1024).toFixed(1).padStart(9),
  );
}

const server = await startBuiltServer(account);
try {
  const cookie = paths.some(signedIn)
    ? await signIn(server.url, account.ADMIN_EMAIL, account.ADMIN_PASSWORD)
    : "";
  for (const path of paths) await measure(server, path, path, cookie);
} finally {
  await server.stop();
}
if (!Deno.args.length) {
  // The test server pays with the offline sandbox; a shop taking real payments has Stripe's
  // card field in its checkout instead. Rendering /shop calls no Stripe API: any keys do.
  const stripe = await startBuiltServer({
    ...account,
    STRIPE_SECRET_KEY: "sk_test_page_js_size",
    STRIPE_PUBLISHABLE_KEY: "pk_test_page_js_size",
  });
  try {
    await measure(stripe, "/shop", "/shop (Stripe)", "");
  } finally {
    await stripe.stop();
  }
}
console.log(
  "\npage".padEnd(37) + "files".padStart(6) + "JS KB".padStart(9) + "on use".padStart(9) +
    "inline".padStart(9) + "total".padStart(9) + "   (gzip; on use: part of JS KB)",
);
for (const line of summary) console.log(line);
