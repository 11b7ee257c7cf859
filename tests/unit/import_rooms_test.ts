import { assertEquals } from "../_lib/assert.ts";

/**
 * The house's rooms (docs/code-layout.md) and the rooms each may import from. Arrows point
 * down only: a room not listed under another is above it or beside it, never reached. Every
 * import counts, type-only and dynamic ones included, in .ts, .tsx and .astro files (frontmatter
 * and <script> tags).
 */
const ROOMS: Record<string, readonly string[]> = {
  "env.d.ts": ["services", "domain"],
  server: ["api", "http", "services", "store", "domain"],
  "middleware.ts": ["services", "domain"],
  pages: [
    "layouts",
    "components",
    "islands",
    "scripts",
    "browser",
    "ui",
    "http",
    "services",
    "i18n",
    "domain",
    "styles",
  ],
  layouts: [
    "components",
    "islands",
    "scripts",
    "browser",
    "ui",
    "services",
    "i18n",
    "domain",
    "styles",
  ],
  components: ["scripts", "ui", "services", "i18n", "domain"],
  api: ["http", "services", "domain"],
  islands: ["browser", "ui", "i18n", "domain"],
  scripts: ["browser", "ui", "i18n", "domain"],
  browser: ["ui", "i18n", "domain"],
  ui: ["i18n", "domain"],
  services: ["store", "i18n", "domain"],
  i18n: ["domain"],
  http: ["domain"],
  store: ["domain"],
  domain: [],
  styles: [],
};

/** What domain/ may import besides itself: pure libraries, no I/O, no runtime of their own. */
const PURE_PACKAGES = [
  "zod",
  "zod/mini",
  "libphonenumber-js",
  "@zxcvbn-ts/",
  "jsvat",
  "localized-address-format",
];

const SRC = new URL("../../src/", import.meta.url);

/** The room of a path under src/: its first folder, or the file at src/'s top. */
const roomOf = (path: string) => path.split("/")[0];

async function* sourceFiles(dir: URL, ext: RegExp): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory) yield* sourceFiles(new URL(`${entry.name}/`, dir), ext);
    else if (ext.test(entry.name)) yield new URL(entry.name, dir);
  }
}

/** A path under src/ (e.g. `islands/Checkout.tsx`), or undefined outside it (package.json). */
const underSrc = (url: URL | string): string | undefined => {
  const path = decodeURIComponent(new URL(url).pathname);
  return path.startsWith(SRC.pathname) ? path.slice(SRC.pathname.length) : undefined;
};
const rel = (url: URL | string) => underSrc(url) ?? String(url);

/**
 * Every import of every module under src/, as `file -> specifier` with the file it resolves to
 * (undefined for a package). TypeScript through `deno info`, Deno's own module graph; an .astro
 * file's frontmatter and <script> tags by their import statements.
 */
async function importsOfSrc(): Promise<{ from: string; specifier: string; to?: string }[]> {
  const edges: { from: string; specifier: string; to?: string }[] = [];
  const tsFiles: URL[] = [];
  for await (const file of sourceFiles(SRC, /\.tsx?$/)) tsFiles.push(file);
  const dir = await Deno.makeTempDir();
  try {
    const root = `${dir}/all.ts`;
    await Deno.writeTextFile(root, tsFiles.map((f) => `import "${f.href}";\n`).join(""));
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", root],
      cwd: new URL("../../", import.meta.url),
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
    const graph = JSON.parse(new TextDecoder().decode(out.stdout)) as {
      modules: {
        specifier: string;
        error?: string;
        dependencies?: {
          specifier: string;
          code?: { specifier?: string; error?: string };
          type?: { specifier?: string; error?: string };
        }[];
      }[];
    };
    for (const module of graph.modules) {
      if (!module.specifier.startsWith(SRC.href)) continue;
      if (module.error) throw new Error(module.error);
      for (const dep of module.dependencies ?? []) {
        const resolved = dep.code ?? dep.type;
        const local = dep.specifier.startsWith(".");
        if (local && resolved?.error) {
          throw new Error(`${rel(module.specifier)}: ${resolved.error}`);
        }
        const to = local ? resolved?.specifier : undefined;
        edges.push({
          from: rel(module.specifier),
          specifier: dep.specifier,
          to: to && underSrc(to),
        });
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  for await (const file of sourceFiles(SRC, /\.astro$/)) {
    const text = await Deno.readTextFile(file);
    const code = [
      /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "",
      ...[...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]),
    ].join("\n");
    const statements = /^\s*(?:import|export)\b[^;]*?["']([^"']+)["']/gm;
    for (const [, specifier] of code.matchAll(statements)) {
      const local = specifier.startsWith(".");
      const to = local ? new URL(specifier, file) : undefined;
      if (to) {
        await Deno.stat(to).catch(() => {
          throw new Error(`${rel(file)}: cannot resolve ${specifier}`);
        });
      }
      edges.push({ from: rel(file), specifier, to: to && underSrc(to) });
    }
  }
  return edges;
}

/** Each import circle once, as the files around it. */
function circles(edges: { from: string; to?: string }[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (to) next.set(from, (next.get(from) ?? new Set()).add(to));
  }
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string) => {
    if (onPath.has(file)) {
      found.push([...path.slice(path.indexOf(file)), file]);
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    onPath.add(file);
    for (const to of next.get(file) ?? []) visit(to);
    onPath.delete(file);
    path.pop();
    done.add(file);
  };
  for (const file of next.keys()) visit(file);
  return found;
}

const edges = await importsOfSrc();

Deno.test("[unit] code layout: every room imports only the rooms below it", () => {
  const upward = edges.filter(({ from, to }) => {
    if (!to) return false;
    const [a, b] = [roomOf(from), roomOf(to)];
    if (!(a in ROOMS)) return true;
    return a !== b && !ROOMS[a].includes(b);
  }).map(({ from, to }) => `${from} -> ${to}`);
  assertEquals(upward, []);
});

Deno.test("[unit] code layout: no import circle in src/", () => {
  assertEquals(circles(edges).map((c) => c.join(" -> ")), []);
});

Deno.test("[unit] code layout: domain/ stays pure (only pure libraries, no node: or Deno modules)", () => {
  const impure = edges.filter(({ from, specifier, to }) =>
    roomOf(from) === "domain" && !to &&
    !PURE_PACKAGES.some((p) =>
      specifier === p || specifier.startsWith(p.endsWith("/") ? p : `${p}/`)
    )
  ).map(({ from, specifier }) => `${from} -> ${specifier}`);
  assertEquals(impure, []);
});
