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
    "Your VAT number is not of the country the goods go to: this order is charged VAT.",
};
