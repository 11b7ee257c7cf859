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
  /** Why a company is charged VAT, or what an exempt supply to it means for it. */
  notices: Record<TaxNotice, string>;
}

/** "20%", "25.5%" (English, for staff and documents' English labels). */
export function ratePercent(bp: number): string {
  return `${(bp / 100).toLocaleString("en", { maximumFractionDigits: 2 })}%`;
}

export interface VatStatement {
  /** "incl. VAT (19%)" or "VAT 0%". */
  label: string;
  vatCents: number;
  /** Whether the amounts charged carry no VAT ("excl. VAT" beside them). */
  exempt: boolean;
  /** The legal mention (French) when no VAT is charged. */
  mention: string | null;
  /**
   * Why no VAT, or why a company is charged some (or, exempt on another member state's number,
   * that nothing changes on its side); else "Prices include VAT."
   */
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
    note: tax.notice
      ? words.notices[tax.notice]
      : exempt
      ? (tax.category === "K" ? words.why.K : words.why.G)
      : words.pricesIncluded,
  };
}
