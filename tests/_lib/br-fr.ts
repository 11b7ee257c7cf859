import SaxonJS from "saxon-js";
import { failedAsserts, type Failure } from "./en16931.ts";

/**
 * The French CIUS rules (BR-FR, XP Z12-012), which the 2026-2027 reform makes binding on invoices
 * between French businesses, as the FNFE-MPE publishes them: Schematron compiled to XSLT 2.0, the
 * "fatal" version senders must pass. Debian's Saxon-HE 9.9 cannot compile the UBL rules, so both
 * run in SaxonJS (npm `saxon-js`), from a SEF file `xslt3` compiles once per version of the rules
 * (cached under tests/.tmp by the file's hash: a new version is a file swap). The SEFs of the
 * vendored rules are vendored too, gzipped (tests/fixtures/br-fr/compiled/, named by the rules'
 * hash and xslt3's version): compiling takes 20 s on a quiet machine and minutes on a loaded one,
 * in every fresh clone (CI). Other rules or another xslt3 find no vendored SEF and compile.
 * The vendored files and their licence: tests/fixtures/br-fr/README.md.
 */

const FIXTURES = new URL("../fixtures/br-fr/", import.meta.url).pathname;
const CACHE = new URL("../.tmp/br-fr/", import.meta.url).pathname;
const XSLT3 = new URL("../../node_modules/xslt3/xslt3.js", import.meta.url).pathname;
const VENDORED = `${FIXTURES}compiled/`;

/** xslt3's version: a SEF is read by the SaxonJS of the xslt3 that compiled it. */
async function xslt3Version(): Promise<string> {
  const pkg = new URL("../../node_modules/xslt3/package.json", import.meta.url);
  return JSON.parse(await Deno.readTextFile(pkg)).version;
}

/** The vendored SEF of `name` (gzipped) unpacked to `part`; false when none is vendored. */
async function unpackVendored(name: string, part: string): Promise<boolean> {
  let gz: Deno.FsFile;
  try {
    gz = await Deno.open(`${VENDORED}${name}.gz`);
  } catch {
    return false;
  }
  await gz.readable.pipeThrough(new DecompressionStream("gzip")).pipeTo(
    (await Deno.open(part, { write: true, createNew: true })).writable,
  );
  return true;
}

/** The version of the rules vendored (France_RFE), as the fixtures' README names it. */
export const BR_FR_VERSION = "1.4.0";

const RULES = {
  cii: `${FIXTURES}BR-FR-Flux2-Schematron-CII.xslt`,
  ubl: `${FIXTURES}BR-FR-Flux2-Schematron-UBL.xslt`,
} as const;

async function sha256(path: string) {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const compiled = new Map<keyof typeof RULES, Promise<string>>();

/** The SEF of a syntax's rules: compiled by `xslt3` (Node) unless the cache has this version. */
function sef(syntax: keyof typeof RULES): Promise<string> {
  let ready = compiled.get(syntax);
  if (!ready) {
    ready = (async () => {
      const hash = await sha256(RULES[syntax]);
      const file = `${CACHE}${syntax}-${hash}.sef.json`;
      try {
        await Deno.stat(file);
        return file;
      } catch { /* unpack or compile below */ }
      await Deno.mkdir(CACHE, { recursive: true });
      // Written aside then renamed: two test files compiling at once never read half a file.
      const part = `${file}.${crypto.randomUUID()}`;
      if (await unpackVendored(`${syntax}-${hash}-xslt3-${await xslt3Version()}.sef.json`, part)) {
        await Deno.rename(part, file);
        return file;
      }
      const out = await new Deno.Command("node", {
        args: [XSLT3, `-xsl:${RULES[syntax]}`, `-export:${part}`, "-nogo"],
        stdout: "piped",
        stderr: "piped",
      }).output();
      if (out.code !== 0) {
        throw new Error(
          `xslt3 could not compile ${RULES[syntax]}: ${new TextDecoder().decode(out.stderr)}`,
        );
      }
      await Deno.rename(part, file);
      return file;
    })();
    compiled.set(syntax, ready);
  }
  return ready;
}

/** Why the BR-FR checks cannot run here (Node or xslt3 missing), or null. */
export function brFrMissing(): string | null {
  try {
    Deno.statSync(XSLT3);
  } catch {
    return "BR-FR checks need node_modules/xslt3 (npm install)";
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
    : "BR-FR checks need node (to compile the rules with xslt3)";
}

/**
 * The BR-FR failures of each document (name -> CII or UBL XML, told apart by their root):
 * every failed assertion of the fatal rules.
 */
export async function checkBrFr(docs: Record<string, string>): Promise<Record<string, Failure[]>> {
  const reports: Record<string, Failure[]> = {};
  // Both syntaxes' rules compile at once (each takes its core for a while the first time).
  await Promise.all([sef("cii"), sef("ubl")]);
  for (const [name, xml] of Object.entries(docs)) {
    const syntax = /<rsm:CrossIndustryInvoice\b/.test(xml) ? "cii" : "ubl";
    const result = await SaxonJS.transform({
      stylesheetFileName: await sef(syntax),
      sourceText: xml,
      destination: "serialized",
    }, "async");
    reports[name] = failedAsserts(String(result.principalResult));
  }
  return reports;
}
