import { formatAddress } from "localized-address-format";

const MARK = "\u0001region";
const known = new Map<string, boolean>();

/**
 * Whether a country's postal addresses carry a state / region (province, county, prefecture)
 * line: read from Google's address data (the libaddressinput formats that Chrome's autofill and
 * Android use, as `localized-address-format` ships them): the region is in the country's format
 * (`%S`) or not. France, Germany, Belgium, Switzerland have none; the US, Canada, Italy, Spain,
 * Australia, Brazil, Japan do. A country the data does not know keeps the field (true).
 */
export function addressHasRegion(countryCode: string | null): boolean {
  if (!countryCode) return true;
  let has = known.get(countryCode);
  if (has === undefined) {
    has = formatAddress({
      postalCountry: countryCode,
      administrativeArea: MARK,
      addressLines: ["-"],
    })
      .some((line) => line.includes(MARK));
    known.set(countryCode, has);
  }
  return has;
}

/** Of `codes`, those whose addresses have a region (the checkout asks for it there only). */
export const regionCountries = (codes: readonly string[]) => codes.filter(addressHasRegion);
