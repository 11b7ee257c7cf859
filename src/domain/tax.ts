import { z } from "zod";
import { DomainError } from "./errors.ts";
import { isEuMemberState, type RateOverride, standardRateOn } from "./vat-rates.ts";

/**
 * The tax decision: for one sale of goods shipped from France, which VAT applies, at which
 * rate, on which price, under which EN 16931 category and legal mention. Every place that
 * states or records VAT (cart, checkout, mails, order pages, invoices, credit notes, exports)
 * takes it from here. Pure: the caller brings the VIES answer, the date and the OSS state.
 *
 * Shelf prices are French consumer prices, French VAT included. A sale is charged either the
 * shelf price as is ("gross": the VAT is inside it, whatever its rate) or the shelf price net
 * of the French VAT it includes ("net": shelf / 1.20 per unit, to the cent; shipping the same)
 * when no VAT is due: an intra-EU supply to a business whose VAT number VIES confirms
 * (art. 262 ter I CGI), or an export (art. 262 I CGI).
 */

/** The seller's country: goods leave from France. */
export const SELLER_COUNTRY = "FR";
/** Delivered here, goods stay in France's VAT territory (Monaco is part of it). */
const FRENCH_VAT_TERRITORY: ReadonlySet<string> = new Set(["FR", "MC"]);

/** The EU's yearly threshold of cross-border sales to consumers (net), EUR 10,000. */
export const OSS_THRESHOLD_CENTS = 1_000_000;
/** Staff are warned when the year's total reaches this share of the threshold. */
export const OSS_WARNING_SHARE = 0.8;

/**
 * EN 16931 VAT category codes (UNTDID 5305) the shop can state: S standard rate, K intra-EU
 * supply exempt (reverse charge by the buyer), G export outside the EU, E exempt.
 */
export const VAT_CATEGORIES = ["S", "K", "G", "E"] as const;
export type VatCategory = typeof VAT_CATEGORIES[number];

/** EN 16931 exemption reason codes (VATEX list, BT-121) of the untaxed sales. */
export const EXEMPTION_REASONS = ["VATEX-EU-IC", "VATEX-EU-G"] as const;
export type ExemptionReason = typeof EXEMPTION_REASONS[number];

/** The French legal mention of each exemption, printed on the invoice (BT-120). */
export const EXEMPTION_MENTIONS: Readonly<Record<ExemptionReason, string>> = {
  "VATEX-EU-IC": "Exonération de TVA, article 262 ter I du CGI",
  "VATEX-EU-G": "Exonération de TVA, article 262 I du CGI",
};

/**
 * What kind of sale it is, as the French return and the OSS return count it: `domestic` (taxed
 * in France as a French sale: delivered in France or Monaco, or to a business of another member
 * state whose sale cannot be exempt: VIES could not check its number, or the number is French;
 * outside the OSS and its threshold), `distance` (to a consumer in another member state, or a
 * company there without a VAT number: French VAT under the OSS threshold, the destination's
 * above it), `intra_eu` (to a business with a VAT number of a member state other than France,
 * VIES confirmed: exempt), `export` (outside the EU: exempt).
 */
export const TAX_SCHEMES = ["domestic", "distance", "intra_eu", "export"] as const;
export type TaxScheme = typeof TAX_SCHEMES[number];

/** "gross": the shelf price, VAT inside. "net": the shelf price net of French VAT. */
export const PRICE_BASES = ["gross", "net"] as const;
export type PriceBasis = typeof PRICE_BASES[number];

/**
 * What a business buyer is told of its VAT: why it is charged VAT (VIES could not answer: never
 * an untaxed sale on an unchecked number; no VAT number given; a French VAT number, which cannot
 * make a sale leaving France exempt: `vat_number_other_country`, its name kept for the orders
 * that carry it), or, on an exempt sale to a number of another member state than the one the
 * goods go to, that nothing changes on its side (`vat_number_other_member_state`).
 */
export const TAX_NOTICES = [
  "vies_unavailable",
  "no_vat_number",
  "vat_number_other_country",
  "vat_number_other_member_state",
] as const;
export type TaxNotice = typeof TAX_NOTICES[number];

/** VIES's answer about a VAT number, kept with the order (its consultation number is proof). */
export const vatCheckSchema = z.object({
  /** The number asked about, prefix first ("BE0411905847", "EL094259216"). */
  vatNumber: z.string(),
  /** valid: registered; invalid: unknown to VIES; unavailable: VIES did not answer. */
  status: z.enum(["valid", "invalid", "unavailable"]),
  /** VIES's `requestIdentifier` (consultation number), when it gave one. */
  consultationNumber: z.string().nullable(),
  /** The trader's name as VIES has it, when it gives one. */
  name: z.string().nullable(),
  /** The trader's address as VIES has it, when it gives one. */
  address: z.string().nullable().optional(),
  /**
   * Whether the company name the buyer typed is VIES's (its approximate matching, else the
   * shop's comparison with the name VIES gives): `unknown` when there was no name to compare
   * (a quote, or a member state that discloses none). Absent on older answers.
   */
  nameMatch: z.enum(["match", "mismatch", "unknown"]).optional(),
  /** When the answer was given (ISO time). */
  checkedAt: z.string(),
});
export type VatCheck = z.infer<typeof vatCheckSchema>;

export const taxDecisionSchema = z.object({
  scheme: z.enum(TAX_SCHEMES),
  /** Where the goods are delivered (ISO 3166-1 alpha-2; GR for Greece). */
  destination: z.string(),
  /**
   * The country whose VAT applies: the destination for distance sales above the threshold,
   * France otherwise (an exempt supply is France's exemption).
   */
  taxCountry: z.string(),
  /** Basis points: 2000 = 20%, 2550 = 25.5%, 0 for exempt sales. */
  rateBp: z.number().int().min(0),
  basis: z.enum(PRICE_BASES),
  /** The French standard rate the shelf prices include on the tax point (net prices use it). */
  shelfRateBp: z.number().int().min(0),
  category: z.enum(VAT_CATEGORIES),
  exemptionReason: z.enum(EXEMPTION_REASONS).nullable(),
  /** The legal mention the invoice prints for this sale, in French; null for taxed sales. */
  mention: z.string().nullable(),
  /** The tax point (shop day, YYYY-MM-DD) whose rates apply. */
  taxPoint: z.string(),
  /** VIES's answer about the buyer's VAT number when it was asked. */
  vies: vatCheckSchema.nullable(),
  notice: z.enum(TAX_NOTICES).nullable(),
});
export type TaxDecision = z.infer<typeof taxDecisionSchema>;

/**
 * The seller's OSS state on the tax point: registered (`VAT_OSS=on`, destination rates always)
 * or not, with whether the threshold was passed earlier this year or last year, and this
 * calendar year's EU cross-border consumer sales before this one (net, credit notes deducted).
 */
export type OssState =
  | { registered: true }
  | { registered: false; crossed: boolean; yearNetCents: number };

export type TaxBuyer =
  | { kind: "consumer" }
  | {
    kind: "business";
    /** Checked for format and checksum already (vat-number.ts), prefix first; null if none. */
    vatNumber: string | null;
    /** VIES's answer, when it was asked (a number of the destination's member state). */
    check: VatCheck | null;
  };

export interface Sale {
  /** The delivery country's ISO code. */
  destination: string;
  /** The tax point, a shop day (YYYY-MM-DD). */
  taxPoint: string;
  buyer: TaxBuyer;
  /** Null when not read: only a distance sale looks at it (`ossMatters`). */
  oss: OssState | null;
  /** The whole sale at shelf prices, shipping included: whether it crosses the threshold. */
  shelfCents: number;
  /** `VAT_RATES`: rates the table does not know yet. */
  overrides?: readonly RateOverride[];
}

/** The field a refused VAT number is reported on. */
export const VAT_NUMBER_FIELD = "orderData.business.vatNumber";

/** The message under the VAT number field when VIES does not know it. */
export const UNKNOWN_VAT_NUMBER_MESSAGE =
  "This VAT number is not registered in VIES, the EU's register: check it, or buy without it (VAT is then charged)";

/** The field a company's name is reported on. */
export const COMPANY_NAME_FIELD = "orderData.business.companyName";

/** The message under the company name when VIES registers another name for the VAT number. */
export const TRADER_NAME_MISMATCH_MESSAGE =
  "This is not the company name VIES, the EU's register, has for this VAT number: type the registered name, or buy without the VAT number (VAT is then charged)";

/**
 * The 422 answered when VIES registers another company's name for the VAT number: an exempt
 * sale needs the buyer to be the number's holder (a consumer could type any company's public
 * number). The buyer corrects the name or buys with VAT; nothing is charged meanwhile.
 */
export function traderNameMismatch(): DomainError {
  return new DomainError(422, "vat_number_name_mismatch", TRADER_NAME_MISMATCH_MESSAGE, [
    { field: COMPANY_NAME_FIELD, message: TRADER_NAME_MISMATCH_MESSAGE },
  ]);
}

/** The 422 answered for a VAT number VIES does not know. */
export function unknownVatNumber(): DomainError {
  return new DomainError(422, "invalid_vat_number", UNKNOWN_VAT_NUMBER_MESSAGE, [
    { field: VAT_NUMBER_FIELD, message: UNKNOWN_VAT_NUMBER_MESSAGE },
  ]);
}

/** The member state of a VAT number's prefix (EL numbers are Greek: GR). */
const memberStateOf = (vatNumber: string) => {
  const prefix = vatNumber.slice(0, 2).toUpperCase();
  return prefix === "EL" ? "GR" : prefix;
};

/** A VAT number of a member state other than France: the one kind that can exempt a supply. */
const isOtherMemberStateNumber = (vatNumber: string) => {
  const state = memberStateOf(vatNumber);
  return isEuMemberState(state) && state !== SELLER_COUNTRY;
};

/**
 * Whether a business's VAT number must be checked with VIES before deciding: goods leaving
 * France for another member state, and a VAT number of a member state other than France (art.
 * 262 ter I CGI, art. 138 of the VAT Directive: any member state but the departure's, not
 * necessarily the destination's).
 */
export const needsVies = (destination: string, vatNumber: string) => {
  const code = destination.toUpperCase();
  return isEuMemberState(code) && !FRENCH_VAT_TERRITORY.has(code) &&
    isOtherMemberStateNumber(vatNumber);
};

/**
 * Whether a sale to `destination` may depend on the OSS state: goods leaving France for another
 * member state (a distance sale when the buyer is a consumer). A sale within France or outside
 * the EU never does, and is decided without reading it.
 */
export const ossMatters = (destination: string) => {
  const code = destination.toUpperCase();
  return isEuMemberState(code) && !FRENCH_VAT_TERRITORY.has(code);
};

/**
 * The decision again on the tax point (the payment, when the invoice is issued): that day's
 * rates and OSS state. The buyer's standing, VIES's answer, the price basis and so the
 * amounts charged stay those of the checkout.
 */
export function onTaxPoint(
  d: TaxDecision,
  taxPoint: string,
  oss: OssState | null,
  shelfCents: number,
  overrides?: readonly RateOverride[],
): TaxDecision {
  if (d.scheme === "intra_eu" || d.scheme === "export") return { ...d, taxPoint };
  if (d.scheme === "domestic") {
    // A French sale stays one (a company taxed in France too): that day's French rate.
    return {
      ...d,
      taxPoint,
      taxCountry: SELLER_COUNTRY,
      rateBp: rateOf(SELLER_COUNTRY, taxPoint, overrides),
    };
  }
  const again = decideTax({
    destination: d.destination,
    taxPoint,
    buyer: { kind: "consumer" },
    oss,
    shelfCents,
    overrides,
  });
  return { ...again, shelfRateBp: d.shelfRateBp, vies: d.vies, notice: d.notice };
}

/** What buyers' screens are told of a decision (VIES's details stay on the server). */
export function publicTax(d: TaxDecision) {
  return {
    scheme: d.scheme,
    destination: d.destination,
    taxCountry: d.taxCountry,
    rateBp: d.rateBp,
    basis: d.basis,
    category: d.category,
    mention: d.mention,
    notice: d.notice,
  };
}
export type PublicTax = ReturnType<typeof publicTax>;

/** The standard rate of a member state on a day; throws outside the EU (a caller's mistake). */
function rateOf(country: string, day: string, overrides?: readonly RateOverride[]): number {
  const rate = standardRateOn(country, day, overrides);
  if (rate === null) throw new Error(`No VAT rate for ${country}`);
  return rate;
}

/**
 * The decision for a sale. Throws the 422 of `unknownVatNumber` when VIES says the buyer's
 * number is not registered: the buyer corrects it or buys without it.
 */
export function decideTax(sale: Sale): TaxDecision {
  const destination = sale.destination.toUpperCase();
  const day = sale.taxPoint;
  const shelfRateBp = rateOf(SELLER_COUNTRY, day, sale.overrides);
  const base = { destination, taxPoint: day, shelfRateBp, vies: null, notice: null };
  const taxed = (scheme: TaxScheme, taxCountry: string) => ({
    ...base,
    scheme,
    taxCountry,
    rateBp: rateOf(taxCountry, day, sale.overrides),
    basis: "gross" as const,
    category: "S" as const,
    exemptionReason: null,
    mention: null,
  });
  const exempt = (scheme: TaxScheme, reason: ExemptionReason) => ({
    ...base,
    scheme,
    taxCountry: SELLER_COUNTRY,
    rateBp: 0,
    basis: "net" as const,
    category: reason === "VATEX-EU-IC" ? "K" as const : "G" as const,
    exemptionReason: reason,
    mention: EXEMPTION_MENTIONS[reason],
  });

  if (FRENCH_VAT_TERRITORY.has(destination)) return taxed("domestic", SELLER_COUNTRY);
  if (!isEuMemberState(destination)) return exempt("export", "VATEX-EU-G");

  if (sale.buyer.kind === "business" && sale.buyer.vatNumber) {
    const { vatNumber, check } = sale.buyer;
    if (!isOtherMemberStateNumber(vatNumber)) {
      return { ...taxed("domestic", SELLER_COUNTRY), notice: "vat_number_other_country" };
    }
    if (check?.status === "invalid") throw unknownVatNumber();
    if (check?.status === "valid" && check.vatNumber === vatNumber) {
      if (check.nameMatch === "mismatch") throw traderNameMismatch();
      return {
        ...exempt("intra_eu", "VATEX-EU-IC"),
        vies: check,
        notice: memberStateOf(vatNumber) === destination ? null : "vat_number_other_member_state",
      };
    }
    // A company with a VAT number VIES could not check now: a French business sale, taxed in
    // France whatever the OSS state (never a distance sale, which is a sale to a consumer).
    return { ...taxed("domestic", SELLER_COUNTRY), vies: check, notice: "vies_unavailable" };
  }
  // A consumer, or a company without a VAT number, taxed like one: a distance sale.
  const oss = sale.oss;
  if (!oss) throw new Error(`A sale to ${destination} depends on the OSS state: read it`);
  const atDestination = oss.registered || oss.crossed ||
    oss.yearNetCents + netOf(sale.shelfCents, shelfRateBp) > OSS_THRESHOLD_CENTS;
  return {
    ...taxed("distance", atDestination ? destination : SELLER_COUNTRY),
    notice: sale.buyer.kind === "business" ? "no_vat_number" : null,
  };
}

/**
 * What an order or document from before the tax decision stood for: the flat rule of the time
 * (French VAT in the EU, none beyond with the export mention, or `VAT_RATES`'s rate), the
 * shelf prices charged as they were.
 */
export function legacyDecision(
  countryCode: string | null,
  rateBp: number,
  taxPoint: string,
): TaxDecision {
  const destination = countryCode?.toUpperCase() ?? "";
  const exempt = rateBp === 0;
  return {
    scheme: exempt ? "export" : FRENCH_VAT_TERRITORY.has(destination) ? "domestic" : "distance",
    destination,
    taxCountry: exempt || rateBp === rateOf(SELLER_COUNTRY, taxPoint) ||
        !isEuMemberState(destination)
      ? SELLER_COUNTRY
      : destination,
    rateBp,
    basis: "gross",
    shelfRateBp: rateOf(SELLER_COUNTRY, taxPoint),
    category: exempt ? "G" : "S",
    exemptionReason: exempt ? "VATEX-EU-G" : null,
    mention: exempt ? EXEMPTION_MENTIONS["VATEX-EU-G"] : null,
    taxPoint,
    vies: null,
    notice: null,
  };
}

/** The decision of an order before the tax decision existed: 20% in the EU, 0% beyond. */
export const legacyOrderDecision = (countryCode: string | null, taxPoint: string) =>
  legacyDecision(
    countryCode,
    countryCode && (isEuMemberState(countryCode) || FRENCH_VAT_TERRITORY.has(countryCode))
      ? rateOf(SELLER_COUNTRY, taxPoint)
      : 0,
    taxPoint,
  );

/** Whether a sale counts towards the OSS threshold: an EU cross-border sale to a consumer. */
export const countsForOss = (d: Pick<TaxDecision, "scheme">) => d.scheme === "distance";

/** `cents * 10000 / (10000 + rateBp)`, rounded half up, in integers (no float rounding). */
export function netOf(grossCents: number, rateBp: number): number {
  const num = grossCents * 10_000;
  const den = 10_000 + rateBp;
  const sign = num < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(num) + den) / (2 * den));
}

/** The unit price charged for a shelf price: as is (gross), or net of its French VAT. */
export function chargedPrice(shelfCents: number, d: Pick<TaxDecision, "basis" | "shelfRateBp">) {
  return d.basis === "gross" ? shelfCents : netOf(shelfCents, d.shelfRateBp);
}

/** One VAT group of a document (EN 16931 BG-23): net + VAT = gross, in cents. */
export const vatGroupSchema = z.object({
  category: z.enum(VAT_CATEGORIES),
  rateBp: z.number().int().min(0),
  exemptionReason: z.enum(EXEMPTION_REASONS).nullable(),
  /** The exemption's French text (BT-120), null when VAT is charged. */
  exemptionText: z.string().nullable(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  grossCents: z.number().int(),
});
export type VatGroup = z.infer<typeof vatGroupSchema>;

/** A gross amount split at the decision's rate: the VAT rounded once, on the group's total. */
export function vatGroup(
  grossCents: number,
  d: Pick<TaxDecision, "category" | "rateBp" | "exemptionReason" | "mention">,
): VatGroup {
  const netCents = netOf(grossCents, d.rateBp);
  return {
    category: d.category,
    rateBp: d.rateBp,
    exemptionReason: d.exemptionReason,
    exemptionText: d.exemptionReason ? d.mention : null,
    netCents,
    vatCents: grossCents - netCents,
    grossCents,
  };
}

/** A line as charged: quantity and unit price charged (cents). */
export interface ChargedLine {
  quantity: number;
  unitCents: number;
}

/** A line with its share of the net: `netCents` sums with the others to the group's net. */
export interface TaxedLine extends ChargedLine {
  totalCents: number;
  /** The line's amount excluding VAT. */
  netCents: number;
  /** The unit price excluding VAT, to the cent (the line's net is the exact figure). */
  unitNetCents: number;
}

export interface TaxedAmounts {
  lines: TaxedLine[];
  shipping: { totalCents: number; netCents: number };
  /** What the buyer pays. */
  totalCents: number;
  /** One group per rate (a sale has one decision, so one group). */
  vat: VatGroup[];
}

/**
 * Each amount's net at the rate (amount / (1 + rate)), in whole cents that add up to `net`: each
 * exact net rounded down, then the cents left go to the largest remainders, so every line is
 * within a cent of its exact net. (`net` is the rounded exact total: what is left is between
 * zero and one cent per amount.)
 */
function shareNet(net: number, amounts: readonly number[], rateBp: number): number[] {
  // BigInt: an amount times 10,000 stays exact whatever the quantities.
  const den = BigInt(10_000 + rateBp);
  const parts = amounts.map((a) => {
    const num = BigInt(a) * 10_000n;
    return { floor: num / den, rest: num % den };
  });
  let left = BigInt(net) - parts.reduce((n, p) => n + p.floor, 0n);
  const order = parts.map((_, i) => i)
    .sort((
      a,
      b,
    ) => (parts[b].rest > parts[a].rest ? 1 : parts[b].rest < parts[a].rest ? -1 : a - b));
  const out = parts.map((p) => p.floor);
  for (const i of order) {
    if (left <= 0n) break;
    out[i]++;
    left--;
  }
  return out.map(Number);
}

/**
 * A sale's amounts under its decision, from the lines and shipping as charged: the VAT is
 * rounded once on the total (net + VAT = gross to the cent), and the net is shared out over
 * the lines and the shipping so that their nets add up to it exactly.
 */
export function taxAmounts(
  lines: readonly ChargedLine[],
  shippingCents: number,
  d: Pick<TaxDecision, "category" | "rateBp" | "exemptionReason" | "mention">,
): TaxedAmounts {
  const totals = [...lines.map((l) => l.unitCents * l.quantity), shippingCents];
  const totalCents = totals.reduce((a, b) => a + b, 0);
  const group = vatGroup(totalCents, d);
  const nets = shareNet(group.netCents, totals, d.rateBp);
  return {
    lines: lines.map((l, i) => ({
      quantity: l.quantity,
      unitCents: l.unitCents,
      totalCents: totals[i],
      netCents: nets[i],
      unitNetCents: Math.round(nets[i] / l.quantity),
    })),
    shipping: { totalCents: shippingCents, netCents: nets[lines.length] },
    totalCents,
    vat: [group],
  };
}
