import { getCountries, getCountryCallingCode } from "libphonenumber-js";

export interface Country {
  /** ISO 3166-1 alpha-2, e.g. "FR" */
  code: string;
  /** English name, e.g. "France" */
  name: string;
  /** "+33" */
  dialCode: string;
}

const names = new Intl.DisplayNames(["en"], { type: "region" });

/** Every country libphonenumber-js knows, named by Intl.DisplayNames, minus `excluded`, by name. */
export function listCountries(excluded: readonly string[] = ["IL"]): Country[] {
  return getCountries()
    .filter((code) => !excluded.includes(code))
    .map((code) => ({
      code,
      name: names.of(code) ?? code,
      dialCode: `+${getCountryCallingCode(code)}`,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

const fold = (s: string) =>
  s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").trim().toLowerCase();

let byName: Map<string, string> | undefined;

/**
 * The two-letter code of a country: a two-capital-letter value is used as-is, otherwise the
 * name is matched (ignoring case and accents) against the country table. Null on a miss.
 */
export function resolveCountryCode(country: string): string | null {
  const value = country.trim();
  if (/^[A-Z]{2}$/.test(value)) return value;
  byName ??= new Map(listCountries([]).map((c) => [fold(c.name), c.code]));
  return byName.get(fold(value)) ?? null;
}

/** The spec's message when a country has no two-letter code. */
export function invalidCountryMessage(country: string): string {
  return `Invalid country: ${country}. Please use a valid country name.`;
}

export function countryName(code: string): string {
  return names.of(code.toUpperCase()) ?? code;
}
