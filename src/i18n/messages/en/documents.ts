/**
 * The quote and pro-forma PDFs, in the buyer's language (the invoice prints French and English
 * side by side: src/services/invoice-pdf.ts).
 */
export const documents = {
  quote: "Quote",
  proForma: "Pro forma invoice",
  numberLine: "No. {n}",
  date: "Date",
  validUntil: "Valid until",
  order: "Order",
  fromQuote: "Quote",
  purchaseOrder: "Purchase order",
  payment: "Payment",
  transfer: "Bank transfer",
  due: "Due",
  beforeShipping: "Before shipping",
  iban: "IBAN",
  bic: "BIC",
  reference: "Reference",
  siren: "SIREN",
  vat: "VAT",
  taxId: "Tax ID",
  serviceCode: "Service code",
  engagement: "Engagement number",
  seller: "Seller",
  buyer: "Buyer (billing)",
  delivery: "Delivery",
  columns: {
    description: "Description",
    qty: "Qty",
    discount: "Discount",
    unit: "Net unit price",
    rate: "VAT",
    net: "Amount",
  },
  /** The line under a column's name. */
  under: { unit: "excl. VAT", unitDiscounted: "after discount", net: "excl. VAT" },
  shipping: "Shipping",
  netTotal: "Total excl. VAT",
  vatRow: "VAT {rate} on {amount}",
  vatRowExempt: "VAT {rate} (exempt) on {amount}",
  total: "Total incl. VAT",
  paid: "Paid",
  amountDue: "Amount due",
  shareCapital: "share capital",
  pageOf: "{n} - page {page} / {pages}",
  validity: "This quote is valid until {date}; prices in euros.",
  acceptHow:
    "To accept it, open the quote page from our email and give your purchase order number; we then confirm your order.",
  payBefore:
    "Please pay {amount} by bank transfer to the IBAN {iban} (BIC {bic}) quoting the reference {reference}: we ship your order as soon as the payment arrives, with its invoice.",
  notInvoice:
    "This pro forma invoice is not an invoice: it carries no invoice number and does not allow VAT to be deducted. The invoice is issued when your payment arrives.",
  note: "Note: {note}",
  /** The payment mentions of art. L441-9 of the French Commercial Code, as every invoice's. */
  businessMentions: [
    "Late-payment penalties: three times the French legal interest rate (art. L441-10 of the French Commercial Code).",
    "Fixed compensation for recovery costs in case of late payment: €40 (art. L441-10 and D441-5 of the French Commercial Code).",
    "No discount for early payment.",
  ],
};
