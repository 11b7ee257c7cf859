import { checkVAT, countries } from "jsvat";
import { EU_MEMBER_STATES } from "./vat-rates.ts";

/**
 * EU VAT numbers: format and check digits by jsvat (maintained rules per member state), before
 * VIES says whether the number is registered. A VAT number starts with its member state's
 * prefix, which is the ISO code except for Greece (EL in VAT numbers, GR in addresses).
 */

/**
 * jsvat's rules of the member states (vat-rates.ts) only: a Swiss or Norwegian number is not an
 * EU VAT number.
 */
const EU_RULES = countries.filter((c) => EU_MEMBER_STATES.has(c.codes[0]));

/** "EL" for Greece, the ISO code for every other member state. */
export const vatPrefixOf = (country: string) => {
  const code = country.toUpperCase();
  return code === "GR" ? "EL" : code;
};

/** "GR" for "EL", the prefix itself for every other member state. */
export const countryOfVatPrefix = (prefix: string) => {
  const code = prefix.toUpperCase();
  return code === "EL" ? "GR" : code;
};

/** A VAT number that passed format and checksum: `EL094259216` is `{ prefix: "EL", ... }`. */
export interface VatNumber {
  /** The whole number, prefix first, without spaces or punctuation: what VIES and invoices use. */
  value: string;
  /** VAT prefix: EL for Greece. */
  prefix: string;
  /** The member state's ISO code (GR for Greece): compared with the delivery country. */
  country: string;
  /** The number without its prefix, as VIES's `vatNumber` field takes it. */
  number: string;
}

export type VatNumberCheck =
  | { ok: true; vat: VatNumber }
  | { ok: false; reason: "format" | "checksum" };

/** The buyer's typed number, as a VAT number: spaces, dots, dashes and slashes left out. */
export const normalizeVatNumber = (text: string) => text.toUpperCase().replace(/[\s.\-/]+/g, "");

/**
 * Checks a typed VAT number's form and check digits. A Greek number typed with GR is read as
 * EL (buyers copy their address's code).
 */
export function checkVatNumber(text: string): VatNumberCheck {
  let value = normalizeVatNumber(text);
  if (value.startsWith("GR")) value = `EL${value.slice(2)}`;
  if (!/^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(value)) return { ok: false, reason: "format" };
  const result = checkVAT(value, EU_RULES);
  if (!result.isSupportedCountry || !result.isValidFormat) return { ok: false, reason: "format" };
  if (!result.isValid) return { ok: false, reason: "checksum" };
  const prefix = value.slice(0, 2);
  return {
    ok: true,
    vat: { value, prefix, country: countryOfVatPrefix(prefix), number: value.slice(2) },
  };
}

/** A French company's SIREN: nine digits with a Luhn check digit. */
export function isSiren(text: string): boolean {
  const digits = text.replace(/\s+/g, "");
  if (!/^\d{9}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(digits[8 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
