import {
  type Browser,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";
import { type RunningServer, startBuiltServer } from "./server.ts";

export const CHROMIUM_PATH = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";

function chromiumAvailable(): boolean {
  try {
    return Deno.statSync(CHROMIUM_PATH).isFile;
  } catch {
    return false;
  }
}

const available = chromiumAvailable();
const inCi = Deno.env.get("CI") === "true";
if (!available && !inCi) {
  console.warn(`Browser tests skipped: no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH).`);
}

/** Headless Chromium on a machine with no network beyond localhost and no sandbox. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Waits until the island holding `locator` is hydrated (Astro drops the island's `ssr`
 * attribute then): a click before that reaches only the server HTML.
 */
export async function hydrated(page: Page, locator: Locator) {
  await page.locator("astro-island:not([ssr])", { has: locator }).first().waitFor();
}

/**
 * Runs `fn` on every item, the tabs taking the next item as each is free: a page's waits (a
 * quiet network is 500 ms of nothing) overlap the other tabs' work. Resolves once all are done.
 */
export async function eachInTabs<T>(
  tabs: Page[],
  items: readonly T[],
  fn: (page: Page, item: T) => Promise<void>,
) {
  let next = 0;
  await Promise.all(tabs.map(async (page) => {
    while (next < items.length) await fn(page, items[next++]);
  }));
}

export interface BrowserContextT {
  server: RunningServer;
  browser: Browser;
  /**
   * A fresh page (own storage) collecting console errors and failed requests; `options` set its
   * context (viewport, phone emulation, time zone).
   */
  newPage: (options?: BrowserContextOptions) => Promise<Page & { problems: string[] }>;
}

/**
 * One Chromium for the browser tests of a file (each test file runs in its own isolate): a
 * launch and a close cost seconds each on a loaded machine, and every test has its own
 * contexts anyway (closed at its end, so nothing of one test reaches the next). Closed after
 * the file's last test; a Chromium that went away is launched again.
 */
let sharedBrowser: Promise<Browser> | null = null;
/** The file's browser tests that will run, and those that ended. */
let registered = 0;
let ended = 0;

async function fileBrowser(): Promise<Browser> {
  if (sharedBrowser && !(await sharedBrowser.catch(() => null))?.isConnected()) {
    sharedBrowser = null;
  }
  sharedBrowser ??= launchBrowser();
  return await sharedBrowser;
}

/** Ends a test's use of the file's Chromium: its contexts, and Chromium after the last test. */
async function releaseBrowser(browser: Browser, before: Set<unknown>) {
  for (const context of browser.contexts()) {
    if (!before.has(context)) await context.close().catch(() => {});
  }
  if (++ended >= registered) {
    sharedBrowser = null;
    await browser.close();
  }
}

/**
 * The env of each browser test of the file that will run, in registration order (Deno's order):
 * the next test's server is started while the current test runs (a start is 1.5-3 s of a
 * browser test's time, mostly another process's work).
 */
const planned: (Record<string, string> | undefined)[] = [];
/** The server started for test `index` ahead of its turn. */
let ahead: { index: number; server: Promise<RunningServer> } | null = null;
/** That server once it answers, while no test has taken it. */
let waiting: RunningServer | null = null;

/** Kills a server started ahead that no test will take (a `--filter` left its test out). */
function dropAhead() {
  const dropped = ahead;
  ahead = null;
  waiting = null;
  return dropped?.server.then((s) => s.kill(), () => {});
}

/** Test `index`'s server: the one started ahead for it, else a fresh one. */
async function serverFor(index: number): Promise<RunningServer> {
  if (ahead?.index === index) {
    const mine = ahead.server;
    ahead = null;
    waiting = null;
    const server = await mine.catch(() => null);
    if (server) return server;
  }
  await dropAhead();
  return await startBuiltServer(planned[index]);
}

/** Starts test `index`'s server now, to be taken when its turn comes. */
function startAhead(index: number) {
  if (index >= planned.length || ahead) return;
  const server = startBuiltServer(planned[index]);
  ahead = { index, server };
  server.then((s) => {
    if (ahead?.server === server) waiting = s;
  }, () => {}); // its test starts one itself then
}

// A server started ahead that no test took ends with the file: killed synchronously, since "unload" awaits nothing.
globalThis.addEventListener("unload", () => {
  if (!waiting) return;
  try {
    Deno.kill(waiting.pid, "SIGKILL");
    Deno.removeSync(waiting.kvPath.replace(/\/[^/]*$/, ""), { recursive: true });
  } catch {
    // already gone
  }
});

/**
 * A browser test: the built server on a free port with a temporary KV (its own: started for
 * it, while the previous test ran, with its `env`), and the file's Chromium (fresh contexts).
 * Skipped with a printed reason when Chromium is missing, except under CI=true, where it fails.
 */
export function browserTest(
  name: string,
  fn: (t: BrowserContextT) => Promise<void>,
  options: { env?: Record<string, string> } = {},
) {
  const ignore = !available && !inCi;
  const index = planned.length;
  if (!ignore) {
    registered++;
    planned.push(options.env);
  }
  Deno.test({
    name,
    ignore,
    sanitizeResources: false,
    sanitizeOps: false,
    async fn() {
      if (!available) {
        throw new Error(`Chromium is required under CI=true: none at ${CHROMIUM_PATH}`);
      }
      const starting = serverFor(index);
      starting.catch(() => {}); // awaited below, once Chromium is there
      const browser = await fileBrowser();
      const before = new Set<unknown>(browser.contexts());
      const server = await starting.catch(async (err) => {
        await releaseBrowser(browser, before);
        throw err;
      });
      startAhead(index + 1);
      const pages: (Page & { problems: string[] })[] = [];
      try {
        await fn({
          server,
          browser,
          async newPage(options = {}) {
            const context = await browser.newContext({ ...options, baseURL: server.url });
            const page = await context.newPage() as Page & { problems: string[] };
            page.problems = [];
            page.on("console", (m) => {
              if (m.type() === "error") page.problems.push(`console: ${m.text()}`);
            });
            page.on("pageerror", (e) => page.problems.push(`page error: ${e.message}`));
            pages.push(page);
            return page;
          },
        });
      } catch (err) {
        // What the visitor saw when it failed: a failing run is then readable from its log alone.
        for (const page of pages) {
          const dialogs = await page.locator("[role=dialog]:visible, [role=alertdialog]:visible")
            .allInnerTexts().catch(() => []);
          console.error(`page ${page.url()}\n  open dialogs: ${JSON.stringify(dialogs)}`);
          console.error(`  problems: ${JSON.stringify(page.problems)}`);
        }
        console.error(`server log:\n${server.output().slice(-3000)}`);
        throw err;
      } finally {
        await releaseBrowser(browser, before);
        // Killed: nothing of this KV is read again, and a graceful stop waits 300 ms for quiet.
        await server.kill();
      }
    },
  });
}
