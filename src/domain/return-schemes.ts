import { SELLER_COUNTRY, type TaxDecision } from "./tax.ts";

/**
 * Where a sale is declared: its scheme, split where the country whose VAT applies differs
 * (a distance sale is French VAT under the OSS threshold, the destination's above it).
 */
export const RETURN_SCHEMES = [
  "domestic",
  "distance_fr",
  "distance_oss",
  "intra_eu",
  "export",
] as const;
export type ReturnScheme = typeof RETURN_SCHEMES[number];

/**
 * Each scheme's name for staff and the box of the CA3 (2022 form, former line number in
 * brackets) its net goes in; the VAT of French-taxed sales goes in the rate's line (08 for
 * 20%). An assumption for the accountant: docs/money-and-law.md.
 */
export const RETURN_SCHEME_TEXT: Readonly<Record<ReturnScheme, { label: string; box: string }>> = {
  domestic: { label: "Domestic", box: "CA3 A1 (01)" },
  distance_fr: { label: "Distance sale taxed in France", box: "CA3 A1 (01)" },
  distance_oss: {
    label: "Distance sale taxed in destination (OSS)",
    box: "CA3 E3 (5A) / OSS return",
  },
  intra_eu: { label: "Intra-EU supply (exempt)", box: "CA3 F2 (06)" },
  export: { label: "Export (exempt)", box: "CA3 E1 (04)" },
};

export function returnScheme(tax: Pick<TaxDecision, "scheme" | "taxCountry">): ReturnScheme {
  if (tax.scheme !== "distance") return tax.scheme;
  return tax.taxCountry === SELLER_COUNTRY ? "distance_fr" : "distance_oss";
}
