/**
 * Country name -> two-letter code, for the payment's billing details (spec: "Country code").
 * Kept apart from countries.ts so the checkout island does not ship the phone metadata.
 */

/** The built-in table: the ISO codes libphonenumber-js knows (names come from Intl). */
const CODES = (
  "AC AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR " +
  "BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC " +
  "EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK " +
  "HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB " +
  "LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY " +
  "MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PR PS PT PW PY QA RE RO RS " +
  "RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TA TC TD TG TH TJ TK TL " +
  "TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW"
).split(" ");

const KNOWN: ReadonlySet<string> = new Set(CODES);

const fold = (s: string) =>
  s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").trim().toLowerCase();

let byName: Map<string, string> | undefined;

/**
 * The two-letter code of a country: a two-capital-letter value is used when the table has it
 * ("ZZ", "EL" or "XI" are no country's code: a VAT prefix is not an address), otherwise the
 * name is matched (ignoring case and accents) against the country table, in English or French.
 * Null on a miss.
 */
export function resolveCountryCode(country: string): string | null {
  const value = country.trim();
  if (/^[A-Z]{2}$/.test(value)) return KNOWN.has(value) ? value : null;
  if (!byName) {
    // English names (the shop's stored ones) and French ones (a billing country typed in French).
    byName = new Map(["fr", "en"].flatMap((lang) => {
      const names = new Intl.DisplayNames([lang], { type: "region" });
      return CODES.map((code) => [fold(names.of(code) ?? code), code] as const);
    }));
  }
  return byName.get(fold(value)) ?? null;
}

/** The spec's message when a country has no two-letter code. */
export function invalidCountryMessage(country: string): string {
  return `Invalid country: ${country}. Please use a valid country name.`;
}

/** A known code's English name, the form the shop records ("France" for "FR"). */
export function countryNameOf(code: string): string {
  return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
}

/**
 * A country (as the shop stores it: its English name, or its code) named in `lang` by
 * Intl.DisplayNames ("Germany" -> "Allemagne"): the one way the shop, its mails and its pages
 * name a country to a buyer. A name without a code is shown as given.
 */
export function countryIn(country: string, lang: string): string {
  const code = resolveCountryCode(country);
  return (code && new Intl.DisplayNames([lang], { type: "region" }).of(code)) || country;
}
