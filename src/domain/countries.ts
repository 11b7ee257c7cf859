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

export { invalidCountryMessage, resolveCountryCode } from "./country-code.ts";

export function countryName(code: string): string {
  return names.of(code.toUpperCase()) ?? code;
}
