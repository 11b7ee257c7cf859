import type { PublicTax, TaxNotice } from "./tax.ts";

/**
 * What a buyer reads about an order's VAT, everywhere it is stated (cart, checkout, success
 * dialog, mails, order pages): one statement from the tax decision, so no two places can
 * disagree, in the words of the buyer's language (the catalogues' `tax` section, made into
 * `TaxWords` by src/i18n/tax-words.ts).
 */
export interface TaxWords {
  /** "incl. VAT (19%)" */
  included: (rateBp: number) => string;
  /** "VAT 0%" */
  none: string;
  /** "excl. VAT", beside amounts that carry none. */
  excluded: string;
  pricesIncluded: string;
  /** Why no VAT is charged: an export (G), an intra-EU supply (K). */
  why: { G: string; K: string };
  /** Why a company is charged VAT. */
  notices: Record<TaxNotice, string>;
}

/** "20%", "25.5%" (English, for staff and documents' English labels). */
export const ratePercent = (bp: number) =>
  `${(bp / 100).toLocaleString("en", { maximumFractionDigits: 2 })}%`;

export interface VatStatement {
  /** "incl. VAT (19%)" or "VAT 0%". */
  label: string;
  vatCents: number;
  /** Whether the amounts charged carry no VAT ("excl. VAT" beside them). */
  exempt: boolean;
  /** The legal mention (French) when no VAT is charged. */
  mention: string | null;
  /** One sentence: why no VAT, or why a company is charged some; else "Prices include VAT." */
  note: string;
}

/** The statement of an order's or a quote's VAT, from its decision and its VAT amount. */
export function vatStatement(
  tax: Pick<PublicTax, "category" | "rateBp" | "mention" | "notice">,
  vatCents: number,
  words: TaxWords,
): VatStatement {
  const exempt = tax.category !== "S";
  return {
    label: exempt ? words.none : words.included(tax.rateBp),
    vatCents,
    exempt,
    mention: exempt ? tax.mention : null,
    note: exempt
      ? (tax.category === "K" ? words.why.K : words.why.G)
      : tax.notice
      ? words.notices[tax.notice]
      : words.pricesIncluded,
  };
}
