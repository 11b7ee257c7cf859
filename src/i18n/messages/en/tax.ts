/**
 * How the shop states an order's VAT to its buyer (src/domain/vat-statement.ts): the cart, the
 * checkout, the success dialog, the mails and the order pages all say it in these words.
 */
export const tax = {
  /** The amount line when VAT is charged. */
  included: "incl. VAT ({rate})",
  /** The amount line when none is. */
  none: "VAT 0%",
  /** Beside amounts that carry no VAT. */
  excluded: "excl. VAT",
  totalExcluded: "Total (excl. VAT)",
  pricesIncluded: "Prices include VAT.",
  whyExport:
    "Goods leaving the EU are sold without French VAT (export): prices exclude VAT. Your country's import duties and taxes may be due on delivery.",
  whyIntraEu:
    "Your company's VAT number is confirmed by VIES: an intra-EU supply to a business is exempt from VAT, which you account for in your country (reverse charge). Prices exclude VAT.",
  viesUnavailable:
    "VIES, the EU's register of VAT numbers, could not be reached to check your VAT number: this order is charged VAT. Contact us if you need an exempt invoice.",
  noVatNumber: "Without a VAT number, a company in another EU country is charged VAT.",
  vatNumberOtherCountry:
    "A French VAT number does not make a sale leaving France exempt: this order is charged French VAT.",
  vatNumberOtherMemberState:
    "Your company's VAT number is confirmed by VIES: an intra-EU supply to a business is exempt from VAT, even when the goods go to another EU country than your number's. Nothing changes on your side: you account for the VAT yourself (reverse charge), as for any intra-EU purchase. Prices exclude VAT.",
};
