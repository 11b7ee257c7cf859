import fc from "fast-check";
import { DomainError } from "../../src/domain/errors.ts";
import {
  chargedPrice,
  countsForOss,
  decideTax,
  EXEMPTION_MENTIONS,
  netOf,
  onTaxPoint,
  OSS_THRESHOLD_CENTS,
  ossMatters,
  type OssState,
  type Sale,
  taxAmounts,
  type TaxBuyer,
  type TaxDecision,
  type TaxScheme,
  VAT_NUMBER_FIELD,
  type VatCheck,
  vatGroup,
} from "../../src/domain/tax.ts";
import { EU_MEMBER_STATES } from "../../src/domain/vat-rates.ts";
import { checkVatNumber, isSiren, vatPrefixOf } from "../../src/domain/vat-number.ts";
import { assert, assertEquals, assertThrows } from "../_lib/assert.ts";

/** A board at €600.00, two cable kits at €24.50, €15.00 shipping: €664.00 at shelf prices. */
const CART = [{ shelfCents: 60_000, quantity: 1 }, { shelfCents: 2_450, quantity: 2 }];
const SHIPPING = 1_500;
const SHELF_TOTAL = 66_400;
const DAY = "2026-11-25";

const consumer: TaxBuyer = { kind: "consumer" };
const under: OssState = { registered: false, crossed: false, yearNetCents: 0 };
const registered: OssState = { registered: true };
const vies = (vatNumber: string, status: VatCheck["status"]): VatCheck => ({
  vatNumber,
  status,
  consultationNumber: status === "valid" ? "WAPIAAAAXYZ123" : null,
  name: status === "valid" ? "ACME SA" : null,
  checkedAt: `${DAY}T10:00:00.000Z`,
});
const company = (vatNumber: string | null, check: VatCheck | null = null): TaxBuyer => ({
  kind: "business",
  vatNumber,
  check,
});

const sale = (
  destination: string,
  buyer: TaxBuyer,
  oss: OssState = under,
  taxPoint = DAY,
): Sale => ({
  destination,
  taxPoint,
  buyer,
  oss,
  shelfCents: SHELF_TOTAL,
});

/** What the buyer is charged under a decision, and its VAT. */
function charge(d: TaxDecision) {
  return taxAmounts(
    CART.map((l) => ({ quantity: l.quantity, unitCents: chargedPrice(l.shelfCents, d) })),
    chargedPrice(SHIPPING, d),
    d,
  );
}

interface Row {
  name: string;
  sale: Sale;
  /** [category, rate bp, tax country, total charged, VAT, mention, scheme] */
  expect: [string, number, string, number, number, string | null, TaxScheme];
}

const IC = EXEMPTION_MENTIONS["VATEX-EU-IC"];
const EXPORT = EXEMPTION_MENTIONS["VATEX-EU-G"];
// Net of French VAT, per unit to the cent: 500.00 + 2 x 20.42 + 12.50 shipping.
const NET_TOTAL = 50_000 + 2 * 2_042 + 1_250;
// The net at French VAT of this sale: the OSS threshold counts it.
const FR_NET = netOf(SHELF_TOTAL, 2000);

const MATRIX: Row[] = [
  {
    name: "French consumer",
    sale: sale("FR", consumer),
    expect: ["S", 2000, "FR", SHELF_TOTAL, 11_067, null, "domestic"],
  },
  {
    name: "German consumer under the threshold",
    sale: sale("DE", consumer),
    expect: ["S", 2000, "FR", SHELF_TOTAL, 11_067, null, "distance"],
  },
  {
    name: "German consumer: the sale that would reach the threshold exactly stays French",
    sale: sale("DE", consumer, {
      registered: false,
      crossed: false,
      yearNetCents: OSS_THRESHOLD_CENTS - FR_NET,
    }),
    expect: ["S", 2000, "FR", SHELF_TOTAL, 11_067, null, "distance"],
  },
  {
    name: "German consumer: the sale that crosses the threshold",
    sale: sale("DE", consumer, {
      registered: false,
      crossed: false,
      yearNetCents: OSS_THRESHOLD_CENTS - FR_NET + 1,
    }),
    expect: ["S", 1900, "DE", SHELF_TOTAL, 10_602, null, "distance"],
  },
  {
    name: "German consumer after the crossing (this year or last)",
    sale: sale("DE", consumer, { registered: false, crossed: true, yearNetCents: 0 }),
    expect: ["S", 1900, "DE", SHELF_TOTAL, 10_602, null, "distance"],
  },
  {
    name: "VAT_OSS=on: Hungarian consumer",
    sale: sale("HU", consumer, registered),
    expect: ["S", 2700, "HU", SHELF_TOTAL, 14_117, null, "distance"],
  },
  {
    name: "VAT_OSS=on: Finnish consumer",
    sale: sale("FI", consumer, registered),
    expect: ["S", 2550, "FI", SHELF_TOTAL, 13_492, null, "distance"],
  },
  {
    name: "VAT_OSS=on: Finnish consumer before 2024-09-01",
    sale: sale("FI", consumer, registered, "2024-08-31"),
    expect: ["S", 2400, "FI", SHELF_TOTAL, 12_852, null, "distance"],
  },
  {
    name: "VAT_OSS=on: Greek consumer (GR address)",
    sale: sale("GR", consumer, registered),
    expect: ["S", 2400, "GR", SHELF_TOTAL, 12_852, null, "distance"],
  },
  {
    name: "Belgian company, VIES confirms",
    sale: sale("BE", company("BE0411905847", vies("BE0411905847", "valid"))),
    expect: ["K", 0, "FR", NET_TOTAL, 0, IC, "intra_eu"],
  },
  {
    name: "Greek company (EL number, GR address), VIES confirms",
    sale: sale("GR", company("EL094259216", vies("EL094259216", "valid"))),
    expect: ["K", 0, "FR", NET_TOTAL, 0, IC, "intra_eu"],
  },
  {
    name: "Belgian company, VIES cannot answer: VAT charged",
    sale: sale("BE", company("BE0411905847", vies("BE0411905847", "unavailable"))),
    expect: ["S", 2000, "FR", SHELF_TOTAL, 11_067, null, "domestic"],
  },
  {
    name: "Belgian company, VIES cannot answer, seller OSS-registered: a French sale, French VAT",
    sale: sale("BE", company("BE0411905847", vies("BE0411905847", "unavailable")), registered),
    expect: ["S", 2000, "FR", SHELF_TOTAL, 11_067, null, "domestic"],
  },
  {
    name: "German company, VIES cannot answer, threshold crossed: a French sale, French VAT",
    sale: sale("DE", company("DE136695976", vies("DE136695976", "unavailable")), {
      registered: false,
      crossed: true,
      yearNetCents: 2 * OSS_THRESHOLD_CENTS,
    }),
    expect: ["S", 2000, "FR", SHELF_TOTAL, 11_067, null, "domestic"],
  },
  {
    name: "German company, VIES not asked (no answer at all): a French sale, French VAT",
    sale: sale("DE", company("DE136695976"), registered),
    expect: ["S", 2000, "FR", SHELF_TOTAL, 11_067, null, "domestic"],
  },
  {
    name: "Goods to Germany, Belgian VAT number, VIES confirms: exempt (art. 262 ter I CGI)",
    sale: sale("DE", company("BE0411905847", vies("BE0411905847", "valid")), registered),
    expect: ["K", 0, "FR", NET_TOTAL, 0, IC, "intra_eu"],
  },
  {
    name: "Goods to Greece, Belgian VAT number, VIES confirms: exempt",
    sale: sale("GR", company("BE0411905847", vies("BE0411905847", "valid"))),
    expect: ["K", 0, "FR", NET_TOTAL, 0, IC, "intra_eu"],
  },
  {
    name: "German company without a VAT number",
    sale: sale("DE", company(null)),
    expect: ["S", 2000, "FR", SHELF_TOTAL, 11_067, null, "distance"],
  },
  {
    name: "German delivery, French VAT number: never exempt, a French sale (even OSS-registered)",
    sale: sale("DE", company("FR40303265045", vies("FR40303265045", "valid")), registered),
    expect: ["S", 2000, "FR", SHELF_TOTAL, 11_067, null, "domestic"],
  },
  {
    name: "French company",
    sale: sale("FR", company("FR40303265045")),
    expect: ["S", 2000, "FR", SHELF_TOTAL, 11_067, null, "domestic"],
  },
  {
    name: "Monaco: French VAT territory",
    sale: sale("MC", consumer, registered),
    expect: ["S", 2000, "FR", SHELF_TOTAL, 11_067, null, "domestic"],
  },
  {
    name: "Swiss consumer: export",
    sale: sale("CH", consumer),
    expect: ["G", 0, "FR", NET_TOTAL, 0, EXPORT, "export"],
  },
  {
    name: "US company: export",
    sale: sale("US", company(null)),
    expect: ["G", 0, "FR", NET_TOTAL, 0, EXPORT, "export"],
  },
]; // deno-fmt-ignore

Deno.test("[unit] tax decision: the matrix of sales gives rate, amount charged, category and mention", () => {
  for (const row of MATRIX) {
    const d = decideTax(row.sale);
    const a = charge(d);
    const [category, rateBp, taxCountry, total, vat, mention, scheme] = row.expect;
    assertEquals(
      [d.category, d.rateBp, d.taxCountry, a.totalCents, a.vat[0].vatCents, d.mention, d.scheme],
      [category, rateBp, taxCountry, total, vat, mention, scheme],
      row.name,
    );
    // Only a consumer's (or a company's without a VAT number) sale counts toward the threshold.
    assertEquals(countsForOss(d), scheme === "distance", row.name);
    assertEquals(d.basis, category === "S" ? "gross" : "net", row.name);
    assertEquals(
      d.exemptionReason,
      category === "K" ? "VATEX-EU-IC" : category === "G" ? "VATEX-EU-G" : null,
      row.name,
    );
    assertEquals(a.vat[0].exemptionText, d.mention, row.name);
  }
  // The confirmed number's VIES consultation goes with the decision; the unanswered one says why.
  const be = decideTax(MATRIX.find((r) => r.name === "Belgian company, VIES confirms")!.sale);
  assertEquals(be.vies?.consultationNumber, "WAPIAAAAXYZ123");
  assertEquals(be.scheme, "intra_eu");
  const down = decideTax(sale("BE", company("BE0411905847", vies("BE0411905847", "unavailable"))));
  assertEquals([down.scheme, down.notice], ["domestic", "vies_unavailable"]);
  // Another member state's number: exempt, and the buyer is told nothing changes on its side.
  const other = decideTax(sale("DE", company("BE0411905847", vies("BE0411905847", "valid"))));
  assertEquals([other.notice, other.vies?.consultationNumber], [
    "vat_number_other_member_state",
    "WAPIAAAAXYZ123",
  ]);
  assertEquals(be.notice, null);
  // On the tax point, a French sale to a company stays one (VAT_OSS=on or not).
  assertEquals(
    [onTaxPoint(down, DAY, registered, SHELF_TOTAL).scheme, onTaxPoint(down, DAY, registered, SHELF_TOTAL).taxCountry],
    ["domestic", "FR"],
  );
  assertEquals(decideTax(sale("CH", consumer)).scheme, "export");
  assertEquals(decideTax(sale("FR", company("FR40303265045"))).scheme, "domestic");
  // Net prices: the shelf price / 1.20 per unit, to the cent; shipping the same.
  const net = charge(be);
  assertEquals(net.lines.map((l) => l.unitCents), [50_000, 2_042]);
  assertEquals(net.shipping.totalCents, 1_250);
});

Deno.test("[unit] tax decision: a sale within France or outside the EU is decided the same without the OSS state; a distance sale needs it", () => {
  for (const row of MATRIX) {
    const d = decideTax(row.sale);
    if (!ossMatters(row.sale.destination)) {
      assertEquals(decideTax({ ...row.sale, oss: null }), d, row.name);
    } else if (d.scheme === "distance") {
      assertThrows(() => decideTax({ ...row.sale, oss: null }), Error, "OSS state");
    }
    // On the tax point, only a distance sale looks at it again.
    if (d.scheme !== "distance") {
      assertEquals(
        onTaxPoint(d, DAY, null, SHELF_TOTAL),
        onTaxPoint(d, DAY, registered, SHELF_TOTAL),
      );
    }
  }
  assertEquals(["FR", "MC", "CH", "US", "DE", "BE"].map(ossMatters), [
    false,
    false,
    false,
    false,
    true,
    true,
  ]);
});

Deno.test("[unit] tax decision: a number VIES does not know is a 422 on orderData.business.vatNumber", () => {
  const err = assertThrows(
    () => decideTax(sale("BE", company("BE0411905847", vies("BE0411905847", "invalid")))),
    DomainError,
  ) as DomainError;
  assertEquals(err.status, 422);
  assertEquals(err.errors?.map((e) => e.field), [VAT_NUMBER_FIELD]);
  // Format and checksum are checked before VIES is asked.
  assertEquals(checkVatNumber("BE 0411.905.847"), {
    ok: true,
    vat: { value: "BE0411905847", prefix: "BE", country: "BE", number: "0411905847" },
  });
  assertEquals(checkVatNumber("BE0411905848"), { ok: false, reason: "checksum" });
  assertEquals(checkVatNumber("BE04119"), { ok: false, reason: "format" });
  assertEquals(checkVatNumber("CHE123456788"), { ok: false, reason: "format" }, "not EU");
  const gr = checkVatNumber("GR094259216");
  assertEquals(gr.ok && [gr.vat.value, gr.vat.country], ["EL094259216", "GR"]);
  assertEquals(vatPrefixOf("GR"), "EL");
  assert(isSiren("303265045") && !isSiren("303265046") && !isSiren("30326504"));
});

Deno.test("[unit] tax decision: a credit note of an exempt invoice keeps its category and mention", () => {
  const d = decideTax(sale("CH", consumer));
  assertEquals(vatGroup(10_000, d), {
    category: "G",
    rateBp: 0,
    exemptionReason: "VATEX-EU-G",
    exemptionText: EXPORT,
    netCents: 10_000,
    vatCents: 0,
    grossCents: 10_000,
  });
  const ic = decideTax(sale("BE", company("BE0411905847", vies("BE0411905847", "valid"))));
  assertEquals([vatGroup(2_500, ic).category, vatGroup(2_500, ic).exemptionText], ["K", IC]);
});

const DESTINATIONS = [...EU_MEMBER_STATES, "MC", "CH", "US", "GB", "NO", "TN", "JP"];
const arbDay = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2027, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
const arbOss: fc.Arbitrary<OssState> = fc.oneof(
  fc.constant({ registered: true as const }),
  fc.record({
    registered: fc.constant(false as const),
    crossed: fc.boolean(),
    yearNetCents: fc.integer({ min: 0, max: 2 * OSS_THRESHOLD_CENTS }),
  }),
);
const arbBuyer = (destination: string): fc.Arbitrary<TaxBuyer> => {
  const own = `${vatPrefixOf(destination)}123`;
  return fc.oneof(
    fc.constant(consumer),
    fc.constant(company(null)),
    fc.constantFrom<VatCheck["status"]>("valid", "unavailable").map((s) =>
      company(own, vies(own, s))
    ),
  );
};
const arbCart = fc.array(
  fc.record({
    shelfCents: fc.integer({ min: 0, max: 1_000_000 }),
    quantity: fc.integer({ min: 1, max: 10_000 }),
  }),
  { minLength: 1, maxLength: 50 },
);

Deno.test("[unit] tax amounts: net + VAT = gross per rate, for any cart, country and buyer", () => {
  fc.assert(
    fc.property(
      arbCart,
      fc.integer({ min: 0, max: 100_000 }),
      fc.constantFrom(...DESTINATIONS).chain((dest) =>
        fc.tuple(fc.constant(dest), arbBuyer(dest), arbOss, arbDay)
      ),
      (cart, shipping, [destination, buyer, oss, taxPoint]) => {
        const shelf = cart.reduce((n, l) => n + l.shelfCents * l.quantity, shipping);
        const d = decideTax({ destination, taxPoint, buyer, oss, shelfCents: shelf });
        const lines = cart.map((l) => ({
          quantity: l.quantity,
          unitCents: chargedPrice(l.shelfCents, d),
        }));
        const a = taxAmounts(lines, chargedPrice(shipping, d), d);
        const groupNet = a.vat.reduce((n, g) => n + g.netCents, 0);
        for (const g of a.vat) {
          assertEquals(g.netCents + g.vatCents, g.grossCents);
          // The VAT is the rate of the net, rounded once (within the half cent of the net).
          assert(
            Math.abs(g.vatCents - g.netCents * g.rateBp / 10_000) <=
              0.5 * (1 + g.rateBp / 10_000) + 1e-6,
            `VAT ${g.vatCents} on ${g.netCents} at ${g.rateBp}`,
          );
        }
        assertEquals(a.vat.reduce((n, g) => n + g.grossCents, 0), a.totalCents);
        // The lines' and the shipping's nets add up to the group's, each within a cent.
        assertEquals(a.lines.reduce((n, l) => n + l.netCents, a.shipping.netCents), groupNet);
        for (const l of [...a.lines, a.shipping]) {
          assert(Math.abs(l.netCents - l.totalCents * 10_000 / (10_000 + d.rateBp)) < 1);
        }
        if (d.basis === "gross") {
          assertEquals(a.totalCents, shelf, "EU consumers pay the shelf price");
          assert(d.category === "S" && d.rateBp > 0 && d.mention === null);
        } else {
          assert(d.category === "K" || d.category === "G");
          assertEquals([d.rateBp, a.vat[0].vatCents], [0, 0]);
          assert(d.mention !== null);
          cart.forEach((l, i) =>
            assertEquals(
              lines[i].unitCents,
              Math.round(l.shelfCents / (1 + d.shelfRateBp / 10_000)),
            )
          );
          assertEquals(a.lines.map((l) => l.netCents), a.lines.map((l) => l.totalCents));
        }
        // Goods leaving the EU are never taxed; a business is exempt only on a confirmed number.
        if (!EU_MEMBER_STATES.has(destination) && destination !== "MC") {
          assertEquals(d.category, "G");
        }
        if (d.category === "K") {
          assert(buyer.kind === "business" && buyer.check?.status === "valid");
        }
      },
    ),
    { numRuns: 2000 },
  );
});
