import { getCountries, getCountryCallingCode } from "libphonenumber-js";

export interface Country {
  /** ISO 3166-1 alpha-2, e.g. "FR" */
  code: string;
  /** Its name in the page's language, e.g. "Germany", "Allemagne" */
  name: string;
  /** "+33" */
  dialCode: string;
}

const names = new Intl.DisplayNames(["en"], { type: "region" });

/**
 * Every country libphonenumber-js knows, named by Intl.DisplayNames in `language` ("en", "fr"),
 * minus `excluded`, in that language's alphabetical order.
 */
export function listCountries(excluded: readonly string[] = ["IL"], language = "en"): Country[] {
  const localNames = language === "en"
    ? names
    : new Intl.DisplayNames([language], { type: "region" });
  return getCountries()
    .filter((code) => !excluded.includes(code))
    .map((code) => ({
      code,
      name: localNames.of(code) ?? code,
      dialCode: `+${getCountryCallingCode(code)}`,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

export { invalidCountryMessage, resolveCountryCode } from "./country-code.ts";

export function countryName(code: string): string {
  return names.of(code.toUpperCase()) ?? code;
}
