import type { Failure } from "./en16931.ts";
import { flux10Missing } from "./flux10.ts";
import { checkSchemaAndRules } from "./schematron-js.ts";

/**
 * The checks a platform runs on a lifecycle message (CDV, UN/CEFACT CDAR D22B): its XML Schema
 * (`xmllint`) and the FNFE-MPE's BR-FR-CDV Schematron, fatal version (compiled XSLT 2.0, run in
 * SaxonJS: schematron-js.ts). The vendored files, version and licence:
 * tests/fixtures/einvoice-fr/cdar/README.md.
 */

const FIXTURES = new URL("../fixtures/einvoice-fr/cdar/", import.meta.url).pathname;
const SCHEMA = `${FIXTURES}CrossDomainAcknowledgementAndResponse_100pD22B.xsd`;
const RULES = `${FIXTURES}BR-FR-CDV-Schematron-CDAR.xslt`;

export interface CdarReport {
  /** xmllint's complaints (none when the message is valid against the schema). */
  schemaErrors: string[];
  /** Every failed fatal assertion of the BR-FR-CDV rules. */
  failures: Failure[];
}

/** Why the CDAR checks cannot run here (xmllint, Node or xslt3 missing), or null. */
export const cdarMissing = flux10Missing;

/** Checks a lifecycle message against the CDAR schema and the BR-FR-CDV rules. */
export async function checkCdar(xml: string): Promise<CdarReport> {
  const { schemaErrors, failures } = await checkSchemaAndRules(xml, {
    schema: SCHEMA,
    rules: RULES,
    cache: "cdar",
  });
  // The rules' few warnings (an unlisted status code) do not stop a message.
  return { schemaErrors, failures: failures.filter((f) => f.flag !== "warning") };
}
