import type { Failure } from "./en16931.ts";
import { checkSchemaAndRules, schematronJsMissing } from "./schematron-js.ts";

/**
 * The checks the French tax administration's platform (PPF) runs on an e-reporting file
 * (Flux 10): its XML Schema (`xmllint`) and its Schematron (compiled XSLT 2.0, run in SaxonJS
 * the way the BR-FR rules are: schematron-js.ts, cached under tests/.tmp/flux10/).
 * The vendored files, their version and licence: tests/fixtures/flux10/README.md.
 */

const FIXTURES = new URL("../fixtures/flux10/", import.meta.url).pathname;
const SCHEMA = `${FIXTURES}ereporting.xsd`;
const RULES = `${FIXTURES}PPF_Flux10_v1_0.xslt`;

/** The version of the Flux 10 schema and rules vendored (AIFE, as packaged by phive-rules). */
export const FLUX10_VERSION = "1.0";

export interface Flux10Report {
  /** xmllint's complaints (none when the file is valid against the schema). */
  schemaErrors: string[];
  /** Every failed assertion of the PPF's rules (all are fatal). */
  failures: Failure[];
}

/** Why the Flux 10 checks cannot run here (xmllint, Node or xslt3 missing), or null. */
export function flux10Missing(): string | null {
  const path = (Deno.env.get("PATH") ?? "").split(":");
  const xmllint = path.some((dir) => {
    try {
      return Deno.statSync(`${dir}/xmllint`).isFile;
    } catch {
      return false;
    }
  });
  return xmllint ? schematronJsMissing() : "Flux 10 checks need xmllint (libxml2-utils)";
}

/** Checks an e-reporting file against the Flux 10 schema and the PPF's rules. */
export function checkFlux10(xml: string): Promise<Flux10Report> {
  return checkSchemaAndRules(xml, { schema: SCHEMA, rules: RULES, cache: "flux10" });
}
