/**
 * The JavaScript a page can load, from the built files: every module the page's HTML references
 * (scripts, island components and renderers, modulepreloads) plus everything those modules
 * import, statically or with `import()` (whatever quotes the minifier chose), and its inline
 * scripts. "All in": a visitor who opens the menu or the cart pays for those bytes too.
 * Used by tests/bench/page_js_size.ts (the figures) and tests/process/page_js_budget_test.ts.
 */
/** The built files the browser gets. */
export const CLIENT = new URL("../../dist/client/", import.meta.url);

export async function gzipSize(bytes: Uint8Array<ArrayBuffer>): Promise<number> {
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

export interface PageModule {
  bytes: Uint8Array<ArrayBuffer>;
  gzip: number;
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
      seen.set(url, { bytes, gzip: await gzipSize(bytes), onUse });
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

export interface PageJs {
  /** The modules by URL. */
  files: Map<string, PageModule>;
  /** Gzip bytes of all the modules, of those loaded only on use, and of the inline scripts. */
  modules: number;
  onUse: number;
  inline: number;
  total: number;
}

/**
 * The JavaScript of the page whose HTML is `html`. Data blocks are not scripts: JSON-LD, and
 * the page's messages for its scripts (JSON, src/i18n/client.ts), part of the HTML like its text.
 */
export async function pageJs(html: string): Promise<PageJs> {
  const files = await moduleGraph(referencedModules(html));
  let modules = 0;
  let onUse = 0;
  for (const file of files.values()) {
    modules += file.gzip;
    if (file.onUse) onUse += file.gzip;
  }
  let inline = 0;
  for (const m of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (!/type="application\/(ld\+)?json"/.test(m[0])) {
      inline += await gzipSize(new TextEncoder().encode(m[1]));
    }
  }
  return { files, modules, onUse, inline, total: modules + inline };
}
