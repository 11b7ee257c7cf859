/**
 * Lighthouse (mobile preset) on every marketing page of the existing build, both languages: prints the four
 * category scores and the JavaScript each page loads (gzip bytes), and exits 1 when a page
 * scores under 95 or loads more than 20 KB of JavaScript. Builds nothing: run `deno task build`
 * first. Usage: deno task lighthouse [path ...]
 */
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from "../tests/_lib/browser.ts";
import { startBuiltServer } from "../tests/_lib/server.ts";
import { MBD_PATH } from "../src/services/site.ts";

const CHROME_FLAGS = ["--headless", ...CHROMIUM_ARGS].join(" ");
const MIN_SCORE = 95;
const MAX_JS_GZIP = 20 * 1024;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** Every marketing page in English, then in French (the same under /fr/). */
const ENGLISH = [
  "/",
  "/home",
  "/features",
  "/video-library",
  "/about",
  MBD_PATH,
  "/request-a-demo",
  "/general-terms/page/1",
  "/general-terms/page/2",
  "/general-terms/page/3",
  "/privacy",
  "/cookies",
];
const PAGES = Deno.args.length
  ? Deno.args
  : [...ENGLISH, ...ENGLISH.map((p) => (p === "/" ? "/fr/" : `/fr${p}`))];

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, {
    score: number | null;
    title: string;
    details?: { items?: { url: string; resourceType?: string }[] };
  }>;
  runtimeError?: { message: string };
}

async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such runs are retried. */
async function runLighthouse(url: string, attempts = 3): Promise<Report> {
  for (let i = 1;; i++) {
    try {
      const report = await runLighthouseOnce(url);
      if (!report.runtimeError) return report;
      if (i >= attempts) throw new Error(`${url}: ${report.runtimeError.message}`);
    } catch (err) {
      if (i >= attempts) throw err;
    }
    console.error(`retrying ${url}`);
  }
}

async function runLighthouseOnce(url: string): Promise<Report> {
  const out = await new Deno.Command("node", {
    args: [
      "node_modules/lighthouse/cli/index.js",
      url,
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      `--only-categories=${CATEGORIES.join(",")}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    env: { CHROME_PATH: CHROMIUM_PATH },
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`lighthouse failed on ${url}:\n${new TextDecoder().decode(out.stderr)}`);
  }
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

/**
 * Every script a page runs once the visitor has scrolled to the bottom (so islands hydrated
 * on visibility count too): external files plus inline scripts, gzip bytes.
 */
async function scrolledJs(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  url: string,
): Promise<number> {
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on("response", (r) => {
    if (r.request().resourceType() === "script" && r.url().startsWith(server.url)) {
      scripts.add(r.url());
    }
  });
  await page.goto(url);
  await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")]
      .filter((s) => s.getAttribute("type") !== "application/ld+json")
      .map((s) => s.textContent ?? "")
  );
  await page.close();
  let total = 0;
  for (const src of scripts) {
    total += await gzipSize(new Uint8Array(await (await fetch(src)).arrayBuffer()));
  }
  for (const code of inline) total += await gzipSize(new TextEncoder().encode(code));
  return total;
}

const server = await startBuiltServer();
const browser = await launchBrowser();
// "localhost", like the canonical URLs of a default build, so the SEO audit compares like with like.
const base = `http://localhost:${new URL(server.url).port}`;
const rows: string[][] = [];
let failed = false;
try {
  for (const path of PAGES) {
    const report = await runLighthouse(base + path);
    const scores = CATEGORIES.map((c) => Math.round((report.categories[c]?.score ?? 0) * 100));
    const scripts = (report.audits["network-requests"]?.details?.items ?? [])
      .filter((i) => i.resourceType === "Script" && i.url.startsWith(base));
    let js = 0;
    for (const s of scripts) {
      js += await gzipSize(
        new Uint8Array(await (await fetch(s.url.replace(base, server.url))).arrayBuffer()),
      );
    }
    const all = await scrolledJs(browser, server.url + path);
    if (scores.some((s) => s < MIN_SCORE) || Math.max(js, all) > MAX_JS_GZIP) failed = true;
    rows.push([
      path,
      ...scores.map(String),
      (js / 1024).toFixed(1),
      String(scripts.length),
      (all / 1024).toFixed(1),
    ]);
    // Name what cost points, so a score under 100 says why.
    const lost = CATEGORIES.flatMap((c) => report.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id} (${report.audits[ref.id].title})`);
    console.error(`measured ${path}${lost.length ? `; lost points on: ${lost.join("; ")}` : ""}`);
  }
} finally {
  await browser.close();
  await server.stop();
}

const header = [
  "page",
  "perf",
  "a11y",
  "best",
  "seo",
  "JS KB gz (load)",
  "files",
  "JS KB gz (all, scrolled, inline incl.)",
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
console.log(line(header));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const r of rows) console.log(line(r));
if (failed) {
  console.log(`\nSome page scored under ${MIN_SCORE} or loads more than 20 KB of JavaScript.`);
  Deno.exit(1);
}
