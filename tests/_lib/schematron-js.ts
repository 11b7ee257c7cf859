import SaxonJS from "saxon-js";
import { failedAsserts, type Failure } from "./en16931.ts";

/**
 * Schematron rules compiled to XSLT 2.0, run in SaxonJS (npm `saxon-js`) from a SEF file that
 * `xslt3` (Node) compiles once per version of the rules: cached under tests/.tmp/<cache>/ by
 * the file's hash, so a new version of the rules is a file swap. Used by the French CIUS rules
 * (br-fr.ts) and the e-reporting rules (flux10.ts); Debian's Saxon-HE 9.9 cannot compile some.
 * Compiling takes 20 s on a quiet machine and minutes on a loaded one, in every fresh clone (CI),
 * so the SEFs of the vendored rules are vendored too, gzipped, beside them in `compiled/`, named
 * by the rules' hash and xslt3's version; other rules or another xslt3 find none and compile.
 */

const TMP = new URL("../.tmp/", import.meta.url).pathname;
const XSLT3 = new URL("../../node_modules/xslt3/xslt3.js", import.meta.url).pathname;

async function sha256(path: string) {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** xslt3's version: a SEF is read by the SaxonJS of the xslt3 that compiled it. */
async function xslt3Version(): Promise<string> {
  const pkg = new URL("../../node_modules/xslt3/package.json", import.meta.url);
  return JSON.parse(await Deno.readTextFile(pkg)).version;
}

/** The vendored SEF `gz` (gzipped) unpacked to `part`; false when none is vendored. */
async function unpackVendored(gz: string, part: string): Promise<boolean> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(gz);
  } catch {
    return false;
  }
  await file.readable.pipeThrough(new DecompressionStream("gzip")).pipeTo(
    (await Deno.open(part, { write: true, createNew: true })).writable,
  );
  return true;
}

const compiled = new Map<string, Promise<string>>();

/**
 * The SEF of an XSLT file: from `tests/.tmp/<cache>/` when it has this version, else unpacked
 * from the vendored `compiled/` beside the rules, else compiled by `xslt3`.
 */
export function sefOf(xslt: string, cache: string): Promise<string> {
  let ready = compiled.get(xslt);
  if (!ready) {
    ready = (async () => {
      const name = xslt.replace(/^.*\//, "").replace(/\.xslt?$/, "");
      const hash = await sha256(xslt);
      const dir = `${TMP}${cache}/`;
      const file = `${dir}${name}-${hash}.sef.json`;
      try {
        await Deno.stat(file);
        return file;
      } catch { /* unpack or compile below */ }
      await Deno.mkdir(dir, { recursive: true });
      // Written aside then renamed: two test files compiling at once never read half a file.
      const part = `${file}.${crypto.randomUUID()}`;
      const vendored = xslt.replace(
        /[^/]*$/,
        `compiled/${name}-${hash}-xslt3-${await xslt3Version()}.sef.json.gz`,
      );
      if (await unpackVendored(vendored, part)) {
        await Deno.rename(part, file);
        return file;
      }
      const out = await new Deno.Command("node", {
        args: [XSLT3, `-xsl:${xslt}`, `-export:${part}`, "-nogo"],
        stdout: "piped",
        stderr: "piped",
      }).output();
      if (out.code !== 0) {
        throw new Error(`xslt3 could not compile ${xslt}: ${new TextDecoder().decode(out.stderr)}`);
      }
      await Deno.rename(part, file);
      return file;
    })();
    compiled.set(xslt, ready);
  }
  return ready;
}

/** Why compiled Schematron cannot run here (Node or xslt3 missing), or null. */
export function schematronJsMissing(): string | null {
  try {
    Deno.statSync(XSLT3);
  } catch {
    return "Schematron checks need node_modules/xslt3 (npm install)";
  }
  const path = (Deno.env.get("PATH") ?? "").split(":");
  return path.some((dir) => {
      try {
        return Deno.statSync(`${dir}/node`).isFile;
      } catch {
        return false;
      }
    })
    ? null
    : "Schematron checks need node (to compile the rules with xslt3)";
}

/** Every failed assertion of a document against compiled rules (a SEF from `sefOf`). */
export async function runSchematron(sef: string, xml: string): Promise<Failure[]> {
  const result = await SaxonJS.transform({
    stylesheetFileName: sef,
    sourceText: xml,
    destination: "serialized",
  }, "async");
  return failedAsserts(String(result.principalResult));
}

/**
 * An XML document against its XML Schema (`xmllint`) and its Schematron rules (compiled once
 * into `cache`): xmllint's complaints and every failed assertion.
 */
export async function checkSchemaAndRules(
  xml: string,
  { schema, rules, cache }: { schema: string; rules: string; cache: string },
): Promise<{ schemaErrors: string[]; failures: Failure[] }> {
  const dir = await Deno.makeTempDir({ prefix: `${cache}-` });
  try {
    const file = `${dir}/document.xml`;
    await Deno.writeTextFile(file, xml);
    const [lint, failures] = await Promise.all([
      new Deno.Command("xmllint", {
        args: ["--noout", "--schema", schema, file],
        stdout: "piped",
        stderr: "piped",
      }).output(),
      sefOf(rules, cache).then((sef) => runSchematron(sef, xml)),
    ]);
    const schemaErrors = new TextDecoder().decode(lint.stderr).split("\n")
      .filter((line) => line.trim() && !line.endsWith(" validates"));
    return { schemaErrors, failures };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
