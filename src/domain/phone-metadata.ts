import type { MetadataJson } from "libphonenumber-js/core";

/**
 * Phone metadata split by calling code, for the browser: libphonenumber-js's "min" metadata is
 * 19 KB gzip whole, the part for one calling code a few hundred bytes. The server answers one
 * calling code's part at a time (pages/phone-metadata/[version]/[code].json.ts) under a path named
 * for the metadata's content, and the demo form fetches the one its number needs.
 */

/** Where the files of `metadata` are served, e.g. `/phone-metadata/1k2j3h4/` (ends with `/`). */
export function phoneMetadataBase(metadata: MetadataJson): string {
  return `/phone-metadata/${metadataVersion(metadata)}/`;
}

/** A short name for the metadata's content (FNV-1a of its JSON): it changes when the data does. */
export function metadataVersion(metadata: MetadataJson): string {
  const text = JSON.stringify(metadata);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The calling codes served (every country's; not the non-geographic +800 and such). */
export function callingCodes(metadata: MetadataJson): string[] {
  return Object.keys(metadata.country_calling_codes);
}

/** The main country of each calling code several countries share (US for +1, GB for +44). */
export function mainCountries(metadata: MetadataJson): string[] {
  return Object.values(metadata.country_calling_codes)
    .filter((countries) => countries.length > 1)
    .map((countries) => countries[0]);
}

/**
 * The metadata for numbers that start with `+code`: that code's countries only (the first is the
 * one whose formats the others share). Calling codes are prefix-free, so a number with this code
 * parses and checks as it does against the whole metadata. Null for an unknown code.
 */
export function callingCodeMetadata(metadata: MetadataJson, code: string): MetadataJson | null {
  const countries = Object.hasOwn(metadata.country_calling_codes, code)
    ? metadata.country_calling_codes[code]
    : undefined;
  if (!countries) return null;
  return {
    version: metadata.version,
    country_calling_codes: { [code]: countries },
    countries: Object.fromEntries(countries.map((c) => [c, metadata.countries[c]])),
    nonGeographic: {},
  };
}

/** The calling code a number is written with: the digits of `dialCode` ("+33") if `phone` starts
 * with them, else null (the browser then leaves the phone to the API). */
export function callingCodeOf(phone: string, dialCode: string): string | null {
  const code = dialCode.replace(/^\+/, "");
  if (!/^[1-9]\d{0,2}$/.test(code)) return null;
  return phone.replace(/[\s().-]/g, "").replace(/^\+/, "").startsWith(code) ? code : null;
}
