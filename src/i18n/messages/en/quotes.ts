/** Quotes (devis) and orders on account: the buyer's mails, the quote page and its PDF. */
export const quotes = {
  title: "Quote",
  number: "Quote number",
  validUntil: "Valid until {date}",
  sentSubject: "Your quote {n}",
  sentText:
    "Here is our quote {n} for {company}, valid until {date}. Open it to read it, download it as a PDF, accept it with your purchase order number, or decline it:",
  button: "View the quote",
  total: "Total: {amount}",
  acceptedSubject: "Order {n}: your quote {quote} is accepted",
  acceptedText:
    "Thank you: your quote {quote} is accepted with your purchase order {po}. Your order is {n}.",
  payBefore:
    "Thank you for your order {n}. Please pay {amount} by bank transfer to the IBAN {iban} (BIC {bic}) with the reference {reference}; we ship your order as soon as the payment arrives.",
  payOnTerms:
    "We ship your order with its invoice, payable by bank transfer within {days} days to the IBAN {iban} (BIC {bic}), reference {reference}.",
  pdfLine: "The quote as a PDF: {link}",
  proFormaLine: "Your pro forma invoice (PDF), to pay the transfer with: {link}",
  stockShortSubject: "Quote {n}: not enough stock to accept it",
  stockShortText:
    "The quote {n} of {company} could not be accepted: {reason}. Nothing was created; the buyer was told.",
  stockShort:
    "We cannot accept this quote right now: {reason}. Nothing was ordered; our team has been told and will contact you.",
  requestSubject: "Quote request {n} from {company}",
  requestText: "{company} ({email}) asked for a quote, sent to them as {n}:",
  declinedSubject: "Quote {n} declined by {company}",
  acceptedStaffSubject: "Quote {n} accepted by {company}: order {order}",
  terms: {
    before_shipping: "Payment by bank transfer before shipping",
    on_terms: "Payment by bank transfer within {days} days of the invoice",
  },
  transfer: {
    heading: "Payment by bank transfer",
    due: "Amount due",
    dueDate: "Due date",
    beforeShipping: "Before shipping: we ship once your transfer has arrived",
    paid: "Paid",
    iban: "IBAN",
    bic: "BIC",
    reference: "Reference",
    referenceHint: "Quote this reference in your transfer so that we find your payment.",
    holder: "Account holder",
    payBy: "Pay by",
    stripeText:
      "Thank you for your order {n}. Please pay {amount} by bank transfer before {date} to the account below, quoting the reference {reference}. We hold your items until then and ship as soon as the payment arrives.",
    expiredSubject: "Order {n} cancelled: no transfer received",
    expiredText:
      "We held the items of your order {n} until {date} for your bank transfer. It has not arrived, so the order is cancelled and the items released; you owe nothing. A transfer made after all will be returned to you.",
  },
  reason: "Reason",
  message: "Message",
  page: {
    title: "Quote {n}",
    description:
      "Your quote: its lines, totals and terms; accept it with your purchase order or decline it.",
    forCompany: "For {company}",
    product: "Product",
    quantity: "Qty",
    unitPrice: "Unit price",
    discount: "Discount",
    amount: "Amount",
    subtotal: "Subtotal",
    shipping: "Shipping",
    total: "Total",
    excluded: "excl. VAT",
    note: "Note",
    pdf: "Download the quote (PDF)",
    accept: {
      heading: "Accept the quote",
      text:
        "Give your purchase order number; we then confirm your order by email with how to pay by bank transfer.",
      purchaseOrder: "Purchase order number",
      file: "Your purchase order as a PDF (optional, 5 MB at most)",
      button: "Accept the quote",
    },
    decline: {
      heading: "Decline the quote",
      reason: "Tell us why",
      button: "Decline",
    },
    busy: "Sending…",
    errors: {
      purchaseOrder: "Please give your purchase order number.",
      file: "The purchase order must be a PDF of at most 5 MB.",
      reason: "Please tell us why.",
      failed: "This did not work. Please try again in a moment.",
    },
    state: {
      expired: "This quote expired on {date}: its prices no longer hold.",
      cancelled: "This quote was cancelled.",
      accepted: "You accepted this quote with your purchase order {po}.",
      declined: "You declined this quote.",
      draft: "This quote is being prepared: it cannot be answered yet.",
    },
    askAgain: "Ask us for a new quote",
    order: "See your order {n}",
  },
  request: {
    title: "Request a quote",
    description:
      "Ask for a quote for your cart: we send it by email, priced and taxed as the checkout would charge it, to accept with your purchase order.",
    intro:
      "For labs, universities and companies: we send you a quote for your cart by email, valid {days} days, to accept with your purchase order and pay by bank transfer.",
    cart: "Your cart",
    emptyCart: "Your cart is empty: add products in the shop first.",
    shop: "Go to the shop",
    contact: "Contact",
    delivery: "Delivery address",
    message: "Message (optional)",
    submit: "Request the quote",
    busy: "Sending…",
    sent: "Thank you: your quote {n} is on its way to {email}.",
    invalid: "Please check this field.",
    failed: "This did not work. Please try again in a moment.",
  },
};
