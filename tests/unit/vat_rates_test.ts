import {
  EU_MEMBER_STATES,
  EU_STANDARD_RATES,
  parseVatRates,
  standardRateOn,
} from "../../src/domain/vat-rates.ts";
import { countryOfVatPrefix } from "../../src/domain/vat-number.ts";
import { assert, assertEquals, assertThrows } from "../_lib/assert.ts";

/**
 * The European Commission's published standard rates ("VAT rates applied in the Member States
 * of the European Union", DG TAXUD, situation at 1 January of each year; the Commission's
 * country codes, EL for Greece), transcribed apart from the table they check, in the
 * Commission's order. The changes during a year are the Commission's too (its Taxes in Europe
 * Database): FI 25.5 from 2024-09-01, SK 23 from 2025-01-01, EE 24 from 2025-07-01, RO 21 from
 * 2025-08-01.
 */
const EC_PUBLISHED: Record<string, string> = {
  "2021-01-01": "BE 21 BG 20 CZ 21 DK 25 DE 19 EE 20 IE 21 EL 24 ES 21 FR 20 HR 25 IT 22 CY 19 " +
    "LV 21 LT 21 LU 17 HU 27 MT 18 NL 21 AT 20 PL 23 PT 23 RO 19 SI 22 SK 20 FI 24 SE 25",
  "2023-01-01": "BE 21 BG 20 CZ 21 DK 25 DE 19 EE 20 IE 23 EL 24 ES 21 FR 20 HR 25 IT 22 CY 19 " +
    "LV 21 LT 21 LU 16 HU 27 MT 18 NL 21 AT 20 PL 23 PT 23 RO 19 SI 22 SK 20 FI 24 SE 25",
  "2024-01-01": "BE 21 BG 20 CZ 21 DK 25 DE 19 EE 22 IE 23 EL 24 ES 21 FR 20 HR 25 IT 22 CY 19 " +
    "LV 21 LT 21 LU 17 HU 27 MT 18 NL 21 AT 20 PL 23 PT 23 RO 19 SI 22 SK 20 FI 24 SE 25",
  "2025-01-01": "BE 21 BG 20 CZ 21 DK 25 DE 19 EE 22 IE 23 EL 24 ES 21 FR 20 HR 25 IT 22 CY 19 " +
    "LV 21 LT 21 LU 17 HU 27 MT 18 NL 21 AT 20 PL 23 PT 23 RO 19 SI 22 SK 23 FI 25.5 SE 25",
};
const EC_CHANGES: [country: string, day: string, before: number, after: number][] = [
  ["DE", "2020-07-01", 19, 16],
  ["DE", "2021-01-01", 16, 19],
  ["IE", "2021-03-01", 21, 23],
  ["FI", "2024-09-01", 24, 25.5],
  ["SK", "2025-01-01", 20, 23],
  ["EE", "2025-07-01", 22, 24],
  ["RO", "2025-08-01", 19, 21],
];

const dayBefore = (day: string) =>
  new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);

Deno.test("[unit] VAT rates: the EU-27 standard rates match the Commission's published figures on each date", () => {
  assertEquals(EU_MEMBER_STATES.size, 27);
  for (const [day, text] of Object.entries(EC_PUBLISHED)) {
    const pairs = text.split(" ");
    assertEquals(pairs.length, 54, day);
    const seen = new Set<string>();
    for (let i = 0; i < pairs.length; i += 2) {
      const country = countryOfVatPrefix(pairs[i]);
      seen.add(country);
      assertEquals(
        standardRateOn(country, day),
        Math.round(Number(pairs[i + 1]) * 100),
        `${pairs[i]} on ${day}`,
      );
    }
    assertEquals([...seen].sort(), [...EU_MEMBER_STATES].sort(), day);
  }
  for (const [country, day, before, after] of EC_CHANGES) {
    assertEquals(standardRateOn(country, dayBefore(day)), before * 100, `${country} before ${day}`);
    assertEquals(standardRateOn(country, day), after * 100, `${country} from ${day}`);
  }
  // Every table entry starts on a real day, oldest first.
  for (const [country, rates] of Object.entries(EU_STANDARD_RATES)) {
    for (let i = 0; i < rates.length; i++) {
      assert(!isNaN(Date.parse(rates[i].from)), country);
      if (i) assert(rates[i].from > rates[i - 1].from, country);
    }
  }
  assertEquals(standardRateOn("CH", "2026-01-01"), null, "outside the EU");
  assertEquals(standardRateOn("GR", "2026-01-01"), 2400, "Greece is GR in addresses");
});

Deno.test("[unit] VAT_RATES: a dated override wins from its day; typos stop the start", () => {
  const o = parseVatRates("ee=25@2027-01-01, DE=19.5");
  assertEquals(o, [
    { country: "EE", from: "2027-01-01", rateBp: 2500 },
    { country: "DE", from: null, rateBp: 1950 },
  ]);
  assertEquals(standardRateOn("EE", "2026-12-31", o), 2400);
  assertEquals(standardRateOn("EE", "2027-01-01", o), 2500);
  assertEquals(standardRateOn("DE", "2026-06-01", o), 1950, "undated: every day");
  assertEquals(parseVatRates(undefined), []);
  assertEquals(parseVatRates(" "), []);
  for (
    const bad of ["EU=20", "EXPORT=0", "CH=8.1", "DE", "DE=abc", "DE=19@2027-13-45", "DE=19;FR=20"]
  ) {
    assertThrows(() => parseVatRates(bad), Error, "Invalid VAT_RATES entry");
  }
});
