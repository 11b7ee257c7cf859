/**
 * The README and docs/ stay true to the repository: every command in a fenced `sh` block names a
 * task, an npm script, a file of this repository or a tool the docs say how to install, and
 * every file it names exists; every relative link resolves, to a file and to a heading's anchor.
 */
import { assertEquals } from "../_lib/assert.ts";

const ROOT = new URL("../../", import.meta.url);

/**
 * Programs a doc may run that are not in this repository, each installed as the page showing it
 * says (Debian packages, or Deno's own KV server).
 */
const TOOLS = new Set([
  "npm",
  "bash",
  "grep",
  "sqlite3",
  "pdfdetach",
  "pdfinfo",
  "pdftotext",
  "xmllint",
  "java",
  "denokv",
  "openssl",
]);

async function docFiles(): Promise<string[]> {
  const files = ["README.md"];
  for await (const entry of Deno.readDir(new URL("docs/", ROOT))) {
    if (entry.isFile && entry.name.endsWith(".md")) files.push(`docs/${entry.name}`);
  }
  return files.sort();
}

const read = (path: string) => Deno.readTextFile(new URL(path, ROOT));

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(new URL(path, ROOT));
    return true;
  } catch {
    return false;
  }
}

interface Fence {
  lang: string;
  body: string;
}

/** The fenced blocks of a Markdown text (indented ones too, as in a list item). */
function fences(text: string): Fence[] {
  const found: Fence[] = [];
  const pattern = /^([ \t]*)```(\w*)[^\n]*\n([\s\S]*?)^\1```[ \t]*$/gm;
  for (const m of text.matchAll(pattern)) {
    const indent = m[1].length;
    const body = m[3].split("\n").map((line) => line.slice(indent)).join("\n");
    found.push({ lang: m[2], body });
  }
  return found;
}

/** The text outside fenced blocks: where links and headings are. */
const prose = (text: string) => text.replace(/^([ \t]*)```[\s\S]*?^\1```[ \t]*$/gm, "");

/** A shell block's commands: continuations joined, comments dropped, split at && || | ; outside quotes. */
function commands(block: string): string[] {
  const found: string[] = [];
  for (const line of block.replace(/\\\n/g, " ").split("\n")) {
    let current = "";
    let quote = "";
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quote) {
        if (c === quote) quote = "";
      } else if (c === "'" || c === '"') {
        quote = c;
      } else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]))) {
        break;
      } else if (c === "&" || c === "|" || c === ";") {
        found.push(current);
        current = "";
        continue;
      }
      current += c;
    }
    found.push(current);
  }
  return found.map((c) => c.trim()).filter(Boolean);
}

/** Paths of this repository a command names (an argument, or after `:` or `=` in one). */
function repoPaths(command: string): string[] {
  return [
    ...command.matchAll(/(?:^|[\s:=])((?:\.\/)?(?:src|tests|tasks|docs|public|\.ci)\/[\w./-]*\w)/g),
  ].map((m) => m[1]);
}

async function commandProblems(command: string, tasks: Set<string>, npmScripts: Set<string>) {
  const problems: string[] = [];
  const words = command.split(/\s+/).filter((w) => !/^[A-Z_][A-Z0-9_]*=/.test(w));
  const [program, ...args] = words;
  if (/(^|\/)deno$/.test(program) && args[0] === "task") {
    if (!tasks.has(args[1])) problems.push(`no deno task "${args[1]}"`);
  } else if (program === "npm" && !["install", "ci"].includes(args[0])) {
    const script = args[0] === "run" ? args[1] : args[0];
    if (!npmScripts.has(script)) problems.push(`no npm script "${script}"`);
  } else if (/(^|\/)deno$/.test(program)) {
    const file = args.slice(1).find((a) => !a.startsWith("-"));
    if (!["run", "test"].includes(args[0])) problems.push(`deno ${args[0]}: use a task`);
    else if (!file || !(await exists(file))) problems.push(`no file ${file} to run`);
  } else if (!TOOLS.has(program) && !(await exists(program))) {
    problems.push(`"${program}" is neither a task, a file here nor a known tool`);
  }
  for (const path of repoPaths(command)) {
    if (!(await exists(path))) problems.push(`no file ${path}`);
  }
  return problems.map((p) => `${command}: ${p}`);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading.trim()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = anchorOf(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

Deno.test("anchors are GitHub's", () => {
  assertEquals(anchorOf("E-invoices (Factur-X, UBL)"), "e-invoices-factur-x-ubl");
  assertEquals(anchorOf("Where the customers' data lives"), "where-the-customers-data-lives");
  assertEquals(anchorOf("What `npm test` runs"), "what-npm-test-runs");
  assertEquals(
    anchorOf("Several instances: when one machine is not enough"),
    "several-instances-when-one-machine-is-not-enough",
  );
});

Deno.test("every command in the docs' sh blocks names a task, a script or a file that exists", async () => {
  const deno = JSON.parse(await read("deno.json"));
  const tasks = new Set(Object.keys(deno.tasks));
  const npmScripts = new Set(Object.keys(JSON.parse(await read("package.json")).scripts));
  const problems: string[] = [];
  let checked = 0;
  for (const file of await docFiles()) {
    for (const fence of fences(await read(file))) {
      if (fence.lang !== "sh") continue;
      for (const command of commands(fence.body)) {
        checked++;
        problems.push(
          ...(await commandProblems(command, tasks, npmScripts)).map((p) => `${file}: ${p}`),
        );
      }
    }
  }
  assertEquals(problems, []);
  assertEquals(checked > 5, true, "the docs show commands");
});

Deno.test("every relative link in the README and docs/ resolves, to a file and an anchor", async () => {
  const problems: string[] = [];
  for (const file of await docFiles()) {
    const text = await read(file);
    const dir = new URL(file, ROOT);
    for (const m of prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const href = m[1];
      if (/^[a-z][a-z+.-]*:/i.test(href)) continue;
      const [path, anchor] = href.split("#");
      const target = path ? new URL(path, dir) : dir;
      const relative = target.pathname.slice(ROOT.pathname.length);
      if (!relative || relative.startsWith("..") || !target.href.startsWith(ROOT.href)) {
        problems.push(`${file}: ${href} leaves the repository`);
        continue;
      }
      if (!(await exists(relative))) {
        problems.push(`${file}: ${href}: no file ${relative}`);
        continue;
      }
      if (anchor && relative.endsWith(".md") && !anchorsOf(await read(relative)).has(anchor)) {
        problems.push(`${file}: ${href}: no heading #${anchor} in ${relative}`);
      }
    }
  }
  assertEquals(problems, []);
});

Deno.test("the task table of docs/testing.md names every deno task, and only those", async () => {
  const tasks = Object.keys(JSON.parse(await read("deno.json")).tasks).sort();
  const section = (await read("docs/testing.md")).split(/^## Tasks$/m)[1] ?? "";
  const rows = [...section.matchAll(/^\| `([\w:-]+)`\s*\|/gm)].map((m) => m[1]).sort();
  assertEquals(rows, tasks);
});
