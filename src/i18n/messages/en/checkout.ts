import { PAYMENT_WORDS } from "../../../domain/payment-errors.ts";
import { company } from "./company.ts";

/** The checkout form, the card dialog and the success dialog. */
export const checkout = {
  title: "Checkout",
  close: "Close",
  fields: {
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
    phone: "Phone",
    address: "Address",
    city: "City",
    state: "State / Region",
    zipCode: "ZIP / Postal code",
  },
  country: "Country",
  countryNote: "The country was chosen in your cart. To change it, go back to the cart.",
  /** After a field the country's addresses do not need (a state in France). */
  optional: "(optional)",
  /** "Buying for a company": what its invoice needs. */
  forCompany: company.forCompany,
  forCompanyNote: "Your company's name, VAT number and purchase order on the invoice.",
  companyTitle: company.companyTitle,
  companyFields: company.companyFields,
  publicBody: company.publicBody,
  publicBodyNote:
    "A French public buyer (a laboratory, a university): your invoice is sent to Chorus Pro. Your structure's directory entry says whether the service code and the engagement number are required.",
  vatNumberNote:
    "EU companies: with a VAT number VIES confirms, goods sent to another EU country are invoiced without VAT.",
  vatConfirmed: "VAT number confirmed by VIES.",
  billingDifferent: "Bill to another address",
  billingTitle: "Billing address",
  /** A label and its amount ("VAT (20%): €100.00"); French puts a no-break space before the colon. */
  fact: "{label}: {value}",
  paid: "Total paid: {amount}",
  /** `{excl}` is " (excl. VAT)" for a sale charged net of VAT, else empty. */
  subtotal: "Subtotal{excl}: {amount}",
  shipping: "Shipping{excl}: {amount}",
  total: "Total{excl}: {amount}",
  paymentMethod: "Payment method",
  payOnline: "Pay Online",
  payOnlineNote: "Credit card, debit card or PayPal, paid securely through Stripe.",
  bankTransfer: "Bank transfer",
  bankTransferNote:
    "A SEPA transfer to the account given on your order page and by email; we hold your items until the date given there.",
  required: "Please fill in all required fields.",
  cancel: "Cancel",
  proceed: "Proceed to Payment",
  processing: "Processing...",
  cardTitle: "Card Payment",
  amountToPay: "Amount to pay:",
  back: "Back",
  pay: "Pay {amount}",
  processingPayment: "Processing Payment...",
  backToCart: "Back to Cart",
  tryAgain: "Try Again",
  successTitle: "Payment Successful!",
  successText: "Thank you for your order{n}. A confirmation has been sent to {email}.",
  continueShopping: "Continue Shopping",
  viewOrder: "View your order",
  notCompleted: "The payment was not completed. Please try again.",
  createFailed: "Failed to create payment intent",
  confirmFailed: "Failed to confirm payment",
  invalidCountry: "Invalid country: {country}. Please use a valid country name.",
  /** The card fields (the sandbox's; Stripe's own field speaks the page's language). */
  cardNumber: "Card number",
  expiry: "Expiry (MM / YY)",
  cvc: "CVC",
  cardNumberInvalid: "Your card number is invalid.",
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration year is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  cardFailed: "Your payment could not be completed.",
  testMode:
    "Test mode: no real payment is made. Use Stripe's test cards, e.g. 4242 4242 4242 4242 (any future date, any CVC); 4000 0000 0000 0002 is declined.",
  stripeLoadFailed: "The card form could not be loaded. Please try again later.",
  stripeLoading: "The card form is still loading.",
};

/** The payment error dialogs (spec section 8), as the domain says them in English. */
export const payment = { ...PAYMENT_WORDS };
