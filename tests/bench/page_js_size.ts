/**
 * Prints the JavaScript each page can load, gzip-compressed, from the built files (counted as
 * tests/_lib/page-js.ts says: all in, `import()` included), with the part fetched only on use.
 * Without paths: every public page (the marketing routes, /shop, a product page, and /shop again
 * with Stripe's card field). Usage (after `deno task build`):
 *   deno run -A --unstable-kv tests/bench/page_js_size.ts [/shop] [/shop/some-slug]
 * With VERBOSE=1, each file of each page.
 * Paths under /admin (but the login page, which sends a signed-in visitor on) are fetched signed
 * in as ADMIN_EMAIL / ADMIN_PASSWORD (the account the server seeds; defaults are the test
 * server's superadmin). */
import { isAdminPath, LOGIN_PATH } from "../../src/domain/admin-routes.ts";
import { CLIENT, gzipSize, pageJs } from "../_lib/page-js.ts";
import { startBuiltServer } from "../_lib/server.ts";
import { MARKETING_ROUTES } from "../browser/_marketing_routes.ts";

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
  const js = await pageJs(await res.text());
  if (verbose) {
    for (const [url, { bytes, gzip, onUse }] of js.files) {
      console.log(`${label}  ${url}  ${bytes.length} B, ${gzip} B gzip${onUse ? " (on use)" : ""}`);
    }
  }
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(9);
  summary.push(
    label.padEnd(36) + String(js.files.size).padStart(6) + kb(js.modules) + kb(js.onUse) +
      kb(js.inline) + kb(js.total - js.onUse) + kb(js.total),
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
    "inline".padStart(9) + "w/ page".padStart(9) + "total".padStart(9) +
    "   (gzip; on use: part of JS KB; w/ page: all but on use)",
);
for (const line of summary) console.log(line);

/**
 * The demo form's on-focus code: what a visitor's first focus in the form and a Submit load on
 * top of the page (the validation chunk: every module the form's script, DemoForm.astro's, reaches
 * that the page did not load), plus the phone metadata of the calling code checked:
 * France's (the widget's default) and the largest file's. From the built files, and the
 * metadata as /phone-metadata/<version>/<code>.json answers it (gzip here; the server sends br).
 */
async function demoFormOnFocus() {
  const { default: minMetadata } = await import("libphonenumber-js/min/metadata");
  const { callingCodeMetadata, callingCodes } = await import("../../src/domain/phone-metadata.ts");
  const html = await Deno.readTextFile(new URL("request-a-demo/index.html", CLIENT));
  const { files } = await pageJs(html);
  const page = new Set([...files].filter(([, file]) => !file.onUse).map(([url]) => url));
  const script = html.match(/<script[^>]*\ssrc="([^"]+\/DemoForm\.[^"]+\.js)"/)![1];
  const loaded = new Map<string, number>();
  const seen = new Set<string>();
  const queue = [script];
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
