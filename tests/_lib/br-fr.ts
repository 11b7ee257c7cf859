import type { Failure } from "./en16931.ts";
import { runSchematron, schematronJsMissing, sefOf } from "./schematron-js.ts";

/**
 * The French CIUS rules (BR-FR, XP Z12-012), which the 2026-2027 reform makes binding on invoices
 * between French businesses, as the FNFE-MPE publishes them: Schematron compiled to XSLT 2.0, the
 * "fatal" version senders must pass. Debian's Saxon-HE 9.9 cannot compile the UBL rules, so both
 * run in SaxonJS (schematron-js.ts: compiled once per version of the rules, cached under
 * tests/.tmp/br-fr/). The vendored files and their licence: tests/fixtures/br-fr/README.md.
 */

const FIXTURES = new URL("../fixtures/br-fr/", import.meta.url).pathname;

/** The version of the rules vendored (France_RFE), as the fixtures' README names it. */
export const BR_FR_VERSION = "1.4.0";

const RULES = {
  cii: `${FIXTURES}BR-FR-Flux2-Schematron-CII.xslt`,
  ubl: `${FIXTURES}BR-FR-Flux2-Schematron-UBL.xslt`,
} as const;

const sef = (syntax: keyof typeof RULES) => sefOf(RULES[syntax], "br-fr");

/** Why the BR-FR checks cannot run here (Node or xslt3 missing), or null. */
export const brFrMissing = schematronJsMissing;

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
    reports[name] = await runSchematron(await sef(syntax), xml);
  }
  return reports;
}
