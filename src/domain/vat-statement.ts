import { formatMoney } from "./money.ts";
import type { PublicTax, TaxNotice } from "./tax.ts";

/**
 * What a buyer reads about an order's VAT, everywhere it is stated (cart, checkout, success
 * dialog, mails, order pages): one wording, from the tax decision, so no two places can
 * disagree. The English strings, in one place for the translation.
 */
export const VAT_TEXT = {
  /** The amount line when VAT is charged: "incl. VAT (19%)". */
  included: (rate: string) => `incl. VAT (${rate})`,
  /** The amount line when none is. */
  none: "VAT 0%",
  /** Next to amounts carrying no VAT. */
  excluded: "excl. VAT",
  pricesIncluded: "Prices include VAT.",
  /** Why no VAT is charged, by category. */
  why: {
    G: "Goods leaving the EU are sold without French VAT (export): prices exclude VAT. " +
      "Your country's import duties and taxes may be due on delivery.",
    K: "Your company's VAT number is confirmed by VIES: an intra-EU supply to a business is " +
      "exempt from VAT, which you account for in your country (reverse charge). Prices " +
      "exclude VAT.",
  } as Record<string, string>,
  /** Why a company is charged VAT. */
  notices: {
    vies_unavailable: "VIES, the EU's register of VAT numbers, could not be reached to check " +
      "your VAT number: this order is charged VAT. Contact us if you need an exempt invoice.",
    no_vat_number: "Without a VAT number, a company in another EU country is charged VAT.",
    vat_number_other_country: "Your VAT number is not of the country the goods go to: this " +
      "order is charged VAT.",
  } satisfies Record<TaxNotice, string>,
};

/** "20%", "25.5%" */
export const ratePercent = (bp: number) =>
  `${(bp / 100).toLocaleString("en", { maximumFractionDigits: 2 })}%`;

export interface VatStatement {
  /** "incl. VAT (19%)" or "VAT 0%". */
  label: string;
  vatCents: number;
  /** "€10.23" */
  amount: string;
  /** Whether the amounts charged carry no VAT ("excl. VAT" beside them). */
  exempt: boolean;
  /** The legal mention (French) when no VAT is charged. */
  mention: string | null;
  /** One sentence for the buyer: why no VAT, or why a company is charged some; or "Prices
   * include VAT." */
  note: string;
}

/** The statement of an order's or a quote's VAT, from its decision and its VAT amount. */
export function vatStatement(
  tax: Pick<PublicTax, "category" | "rateBp" | "mention" | "notice">,
  vatCents: number,
): VatStatement {
  const exempt = tax.category !== "S";
  return {
    label: exempt ? VAT_TEXT.none : VAT_TEXT.included(ratePercent(tax.rateBp)),
    vatCents,
    amount: formatMoney(vatCents),
    exempt,
    mention: exempt ? tax.mention : null,
    note: exempt
      ? VAT_TEXT.why[tax.category] ?? VAT_TEXT.excluded
      : tax.notice
      ? VAT_TEXT.notices[tax.notice]
      : VAT_TEXT.pricesIncluded,
  };
}
