/**
 * The environment table of docs/operating.md is the one list of the variables the shop reads: the
 * server (src/), the command-line tasks (tasks/), the build (astro.config.ts) and the test helpers
 * a developer runs them with (tests/_lib/). This test fails when the code reads a variable the
 * table does not list, when the table lists one nothing reads, or lists one twice.
 */
import { assertEquals } from "../_lib/assert.ts";

import { loadConfig } from "../../src/services/config.ts";

const ROOT = new URL("../../", import.meta.url);
const SCANNED = ["src", "tasks", "tests/_lib", "astro.config.ts"];
/** The operating system's own variables, read to start programs, not the shop's settings. */
const SYSTEM = new Set(["PATH", "HOME"]);
/**
 * Files that read a variable by a name held in a variable: the one place config is read
 * (loadConfig, whose reads are recorded below), and site.ts, whose `env("NAME")` calls spell
 * each name.
 */
const DYNAMIC_READERS = new Set(["src/services/config.ts", "src/services/site.ts"]);

const LITERAL_READS = [
  /Deno\.env\.(?:get|has|set|delete)\(\s*["'`]([A-Z][A-Z0-9_]*)["'`]/g,
  /(?:process|import\.meta)\.env\.([A-Z][A-Z0-9_]*)/g,
  /\benv\(\s*["']([A-Z][A-Z0-9_]*)["']/g,
];
const DYNAMIC_READ = /Deno\.env\.(?:toObject\(|get\(\s*[^"'`\s])|process\.env\[/;

async function* sourceFiles(path: string): AsyncGenerator<string> {
  const url = new URL(path, ROOT);
  const info = await Deno.stat(url);
  if (info.isFile) {
    if (/\.(ts|tsx|js|mjs|astro)$/.test(path)) yield path;
    return;
  }
  for await (const entry of Deno.readDir(url)) {
    yield* sourceFiles(`${path}/${entry.name}`);
  }
}

/** Every variable loadConfig reads, learned by handing it an environment that records reads. */
function configReads(): Set<string> {
  const read = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_target, name) {
      if (typeof name === "string") read.add(name);
      return undefined;
    },
  });
  loadConfig(env);
  return read;
}

async function codeReads(): Promise<{ names: Set<string>; unexplained: string[] }> {
  const names = configReads();
  const unexplained: string[] = [];
  for (const top of SCANNED) {
    for await (const file of sourceFiles(top)) {
      const text = await Deno.readTextFile(new URL(file, ROOT));
      for (const pattern of LITERAL_READS) {
        for (const match of text.matchAll(pattern)) names.add(match[1]);
      }
      if (DYNAMIC_READ.test(text) && !DYNAMIC_READERS.has(file)) unexplained.push(file);
    }
  }
  for (const name of SYSTEM) names.delete(name);
  return { names, unexplained };
}

/** The variables the "Environment" table of docs/operating.md lists, in order, repeats kept. */
async function tableRows(): Promise<string[]> {
  const doc = await Deno.readTextFile(new URL("docs/operating.md", ROOT));
  const section = doc.split(/^## Environment$/m)[1]?.split(/^## /m)[0] ?? "";
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((m) => m[1]);
}

Deno.test("the code reads its variables by name, so this test can see them", async () => {
  const { unexplained } = await codeReads();
  assertEquals(
    unexplained,
    [],
    'these files read a variable whose name this test cannot see: spell it (Deno.env.get("NAME")) or read it through loadConfig',
  );
});

Deno.test("docs/operating.md lists every variable the code reads, once, and no other", async () => {
  const rows = await tableRows();
  const listed = new Set(rows);
  const { names } = await codeReads();
  assertEquals(rows.filter((name, i) => rows.indexOf(name) !== i), [], "listed more than once");
  assertEquals(
    [...names].filter((n) => !listed.has(n)).sort(),
    [],
    "read by the code but missing from the table in docs/operating.md",
  );
  assertEquals(
    [...listed].filter((n) => !names.has(n)).sort(),
    [],
    "listed in docs/operating.md but read by no code",
  );
});
