/**
 * The standard VAT rate of each EU member state, with the day each took effect: a sale takes
 * the rate in force on its tax point. Countries are ISO 3166-1 alpha-2 codes, as in addresses
 * (Greece is GR here; its VAT numbers start with EL, see vat-number.ts). Rates are basis
 * points (2000 = 20%). `VAT_RATES` adds changes the table does not know yet.
 */

/** A rate and the first day (shop day, YYYY-MM-DD) it applies. */
export interface DatedRate {
  from: string;
  rateBp: number;
}

const r = (from: string, percent: number): DatedRate => ({
  from,
  rateBp: Math.round(percent * 100),
});

/**
 * Each member state's standard rates, oldest first: the rate in force for years, then every
 * change since 2020 (temporary cuts included). Held against the European Commission's
 * published figures by tests/unit/vat_rates_test.ts.
 */
export const EU_STANDARD_RATES: Readonly<Record<string, readonly DatedRate[]>> = {
  AT: [r("1984-01-01", 20)],
  BE: [r("1996-01-01", 21)],
  BG: [r("1999-07-01", 20)],
  CY: [r("2014-01-13", 19)],
  CZ: [r("2013-01-01", 21)],
  DE: [r("2007-01-01", 19), r("2020-07-01", 16), r("2021-01-01", 19)],
  DK: [r("1992-01-01", 25)],
  EE: [r("2009-07-01", 20), r("2024-01-01", 22), r("2025-07-01", 24)],
  ES: [r("2012-09-01", 21)],
  FI: [r("2013-01-01", 24), r("2024-09-01", 25.5)],
  FR: [r("2014-01-01", 20)],
  GR: [r("2016-06-01", 24)],
  HR: [r("2012-03-01", 25)],
  HU: [r("2012-01-01", 27)],
  IE: [r("2012-01-01", 23), r("2020-09-01", 21), r("2021-03-01", 23)],
  IT: [r("2013-10-01", 22)],
  LT: [r("2009-09-01", 21)],
  LU: [r("2015-01-01", 17), r("2023-01-01", 16), r("2024-01-01", 17)],
  LV: [r("2012-07-01", 21)],
  MT: [r("2004-01-01", 18)],
  NL: [r("2012-10-01", 21)],
  PL: [r("2011-01-01", 23)],
  PT: [r("2011-01-01", 23)],
  RO: [r("2017-01-01", 19), r("2025-08-01", 21)],
  SE: [r("1990-07-01", 25)],
  SI: [r("2013-07-01", 22)],
  SK: [r("2011-01-01", 20), r("2025-01-01", 23)],
};

/** The EU's 27 member states (ISO codes, GR for Greece). */
export const EU_MEMBER_STATES: ReadonlySet<string> = new Set(Object.keys(EU_STANDARD_RATES));

/** Whether goods delivered to this country stay inside the EU's VAT area. */
export const isEuMemberState = (country: string) => EU_MEMBER_STATES.has(country.toUpperCase());

/** A rate the table does not know yet (`VAT_RATES`): from its first day, or every day (null). */
export interface RateOverride {
  country: string;
  from: string | null;
  rateBp: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads `VAT_RATES`: `EE=24@2025-07-01,DE=19` (percent, up to two decimals; `@day` the first
 * day it applies, every day when left out). Throws on anything else, so a typo stops the start
 * instead of printing a wrong invoice.
 */
export function parseVatRates(text: string | undefined): RateOverride[] {
  if (!text?.trim()) return [];
  return text.split(",").map((part) => {
    const m = /^\s*([A-Za-z]{2})\s*=\s*(\d{1,2}(?:\.\d{1,2})?)\s*(?:@\s*(\S+))?\s*$/.exec(part);
    const country = m?.[1].toUpperCase() ?? "";
    const from = m?.[3] ?? null;
    if (
      !m || !EU_MEMBER_STATES.has(country) ||
      (from !== null && (!DAY.test(from) || isNaN(Date.parse(from))))
    ) {
      throw new Error(
        `Invalid VAT_RATES entry: "${part.trim()}" (an EU country's standard rate in percent, ` +
          `from a day if given: DE=19,EE=24@2025-07-01)`,
      );
    }
    return { country, from, rateBp: Math.round(Number(m[2]) * 100) };
  });
}

/**
 * The standard rate of an EU member state on a day (YYYY-MM-DD): an undated override, else the
 * latest entry of the table and of the dated overrides that started on or before it (an
 * override winning a tie). Null outside the EU.
 */
export function standardRateOn(
  country: string,
  day: string,
  overrides: readonly RateOverride[] = [],
): number | null {
  const code = country.toUpperCase();
  const table = EU_STANDARD_RATES[code];
  if (!table) return null;
  const own = overrides.filter((o) => o.country === code);
  const always = own.findLast((o) => o.from === null);
  if (always) return always.rateBp;
  let best: DatedRate | null = null;
  for (const e of [...table, ...own] as DatedRate[]) {
    if (e.from <= day && (!best || e.from >= best.from)) best = e;
  }
  // Before the table's first day: its oldest rate (the table starts long before any sale).
  return (best ?? table[0]).rateBp;
}
