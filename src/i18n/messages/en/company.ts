/**
 * "Buying for a company" in English: the checkout's words, and the back office's Create order
 * dialog's (which imports this alone, not the checkout's whole catalogue).
 */
export const company = {
  forCompany: "Buying for a company",
  companyTitle: "Company",
  companyFields: {
    companyName: "Company name",
    vatNumber: "VAT number",
    siren: "SIREN",
    purchaseOrder: "Purchase order number",
    siret: "SIRET of the structure",
    serviceCode: "Service code (Chorus Pro)",
    engagementNumber: "Engagement number (EJ)",
  },
  /** A French public buyer, invoiced through Chorus Pro (docs/chorus-pro.md). */
  publicBody: "Public body (Chorus Pro)",
};
