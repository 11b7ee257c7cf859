/**
 * The official EN 16931 checks of an e-invoice, as its receivers run them: the syntax's XML
 * Schema (CII D16B or UBL 2.1, with `xmllint`) and the European Commission's business rules
 * (Schematron compiled to XSLT, run with Saxon-HE into an SVRL report). Every document of a
 * call is checked by one `xmllint` and one JVM per syntax, so a test file pays Java's start once.
 * The vendored files and their licences: tests/fixtures/en16931/README.md.
 */
const FIXTURES = new URL("../fixtures/en16931/", import.meta.url).pathname;
export const SAXON_JAR = Deno.env.get("SAXON_JAR") ?? "/usr/share/java/Saxon-HE.jar";

const SCHEMAS = {
  cii: `${FIXTURES}cii/xsd/CrossIndustryInvoice_100pD16B.xsd`,
  "ubl-invoice": `${FIXTURES}ubl/xsd/maindoc/UBL-Invoice-2.1.xsd`,
  "ubl-credit-note": `${FIXTURES}ubl/xsd/maindoc/UBL-CreditNote-2.1.xsd`,
} as const;
const RULES = {
  cii: `${FIXTURES}cii/xslt/EN16931-CII-validation.xslt`,
  ubl: `${FIXTURES}ubl/xslt/EN16931-UBL-validation.xslt`,
} as const;

export interface Failure {
  id: string;
  flag: string;
  location: string;
  text: string;
}
export interface Report {
  /** xmllint's complaints (none when the document is valid against its schema). */
  schemaErrors: string[];
  /** Failed assertions flagged fatal: the document breaks EN 16931. */
  fatal: Failure[];
  warnings: Failure[];
}

function present(path: string) {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

const which = (cmd: string) =>
  (Deno.env.get("PATH") ?? "").split(":").some((dir) => present(`${dir}/${cmd}`));

/** Why the checks cannot run here (a tool missing), or null. */
export function missingTools(): string | null {
  const missing = [
    ["xmllint", which("xmllint")],
    ["java", which("java")],
    [SAXON_JAR, present(SAXON_JAR)],
  ].filter(([, ok]) => !ok).map(([name]) => name);
  return missing.length
    ? `EN 16931 checks need ${missing.join(", ")} (libxml2-utils, libsaxonhe-java)`
    : null;
}

/** Skipped with a printed reason when the tools are missing, except under CI=true. */
export const en16931Ignore = (() => {
  const reason = missingTools();
  if (!reason) return false;
  if (Deno.env.get("CI") === "true") return false;
  console.warn(`EN 16931 tests skipped: ${reason}`);
  return true;
})();

async function run(cmd: string, args: string[]) {
  const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

const unescape = (s: string) =>
  s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The failed assertions of an SVRL report. */
export function failedAsserts(svrl: string): Failure[] {
  const failures: Failure[] = [];
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attr = (name: string) =>
      unescape(new RegExp(`\\b${name}="([^"]*)"`).exec(m[1])?.[1] ?? "");
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2])?.[1] ?? "";
    failures.push({
      id: attr("id"),
      flag: attr("flag"),
      location: attr("location"),
      text: unescape(text).replace(/\s+/g, " ").trim(),
    });
  }
  return failures;
}

/** The syntax of a document, from its root element. */
function syntaxOf(xml: string): keyof typeof SCHEMAS {
  if (/<rsm:CrossIndustryInvoice\b/.test(xml)) return "cii";
  if (
    /<(\w+:)?CreditNote\b[^>]*xmlns(:\w+)?="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/
      .test(xml)
  ) {
    return "ubl-credit-note";
  }
  if (
    /<(\w+:)?Invoice\b[^>]*xmlns(:\w+)?="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/
      .test(xml)
  ) {
    return "ubl-invoice";
  }
  throw new Error(`not a CII or UBL document: ${xml.slice(0, 200)}`);
}

/**
 * Checks documents (name -> XML, CII or UBL, told apart by their root) against their schema and
 * the EN 16931 rules; answers a report per name.
 */
export async function checkEn16931(docs: Record<string, string>): Promise<Record<string, Report>> {
  const dir = await Deno.makeTempDir({ prefix: "en16931-" });
  try {
    const reports: Record<string, Report> = {};
    const bySchema = new Map<keyof typeof SCHEMAS, string[]>();
    const used = new Set<keyof typeof RULES>();
    const names = Object.keys(docs);
    names.forEach((name, i) => {
      if (!/^[\w.-]+$/.test(name)) throw new Error(`document name ${name}: letters, digits, . _ -`);
      reports[name] = { schemaErrors: [], fatal: [], warnings: [] };
      const syntax = syntaxOf(docs[name]);
      const rules = syntax === "cii" ? "cii" : "ubl";
      used.add(rules);
      Deno.mkdirSync(`${dir}/${rules}`, { recursive: true });
      const file = `${dir}/${rules}/${String(i).padStart(4, "0")}-${name}.xml`;
      Deno.writeTextFileSync(file, docs[name]);
      bySchema.set(syntax, [...bySchema.get(syntax) ?? [], file]);
    });
    const nameOf = (file: string) => file.replace(/^(.*\/)?\d{4}-/, "").replace(/\.xml$/, "");

    const schemaRuns = [...bySchema].map(async ([syntax, files]) => {
      const { stderr } = await run("xmllint", ["--noout", "--schema", SCHEMAS[syntax], ...files]);
      for (const line of stderr.split("\n")) {
        const file = files.find((f) => line.startsWith(f));
        if (file && !line.endsWith(" validates")) reports[nameOf(file)].schemaErrors.push(line);
        else if (!file && line.trim() && !/validates$/.test(line)) {
          for (const f of files) reports[nameOf(f)].schemaErrors.push(line);
        }
      }
    });
    const ruleRuns = [...used].map(async (rules) => {
      const out = `${dir}/${rules}-svrl`;
      Deno.mkdirSync(out);
      const res = await run("java", [
        // The JIT's quick tier only: a run is mostly compiling the rules once, which the
        // optimizing tier cannot pay back on a few documents (half the JVM's CPU time).
        "-XX:TieredStopAtLevel=1",
        "-cp",
        SAXON_JAR,
        "net.sf.saxon.Transform",
        `-s:${dir}/${rules}`,
        `-xsl:${RULES[rules]}`,
        `-o:${out}`,
      ]);
      if (res.code !== 0) throw new Error(`Saxon failed (${res.code}): ${res.stderr}`);
      for (const entry of Deno.readDirSync(out)) {
        const failures = failedAsserts(Deno.readTextFileSync(`${out}/${entry.name}`));
        const report = reports[nameOf(entry.name)];
        report.fatal.push(...failures.filter((f) => f.flag === "fatal"));
        report.warnings.push(...failures.filter((f) => f.flag !== "fatal"));
      }
    });
    await Promise.all([...schemaRuns, ...ruleRuns]);
    return reports;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
