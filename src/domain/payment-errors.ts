/** The error dialog the checkout shows for a payment error (spec section 8, "Payment"). */
export interface PaymentErrorDialog {
  title: string;
  text: string;
}

/**
 * The words of the payment dialogs: the spec's English here (section 8), the French ones in
 * src/i18n/messages/fr/checkout.ts (the English catalogue takes these). `{message}` is the
 * server's or the card's own words, which a language may leave out.
 */
export const PAYMENT_WORDS = {
  cardDeclined: "Card Declined",
  declined: "Your card was declined. Please try a different payment method.",
  insufficientFunds:
    "Insufficient funds. Please check your account balance or try a different card.",
  expiredCard: "Your card has expired. Please use a different card.",
  incorrectCvc: "The security code (CVC) is incorrect. Please check and try again.",
  processingErrorTitle: "Processing Error",
  processingError: "There was a processing error. Please try again or contact your bank.",
  authenticationTitle: "Authentication Required",
  authentication:
    "Additional authentication is required. Please complete the verification process.",
  failedTitle: "Payment Failed",
  failed: "{message}",
  unexpected: "An unexpected error occurred.",
  footer: "If the problem persists, please contact your bank or try another payment method.",
  stockTitle: "Not Enough Stock",
  stock: "{message} Please change the quantity in your cart.",
  nothingCharged: "Nothing was charged.",
  connectionTitle: "Connection Failed",
  connection: "The connection to the shop failed. Please check your connection and try again.",
  connectionAfterPayment:
    "Your payment was accepted, but the connection failed before your order was recorded. Try Again finishes your order without charging you twice.",
};
export type PaymentWords = { [K in keyof typeof PAYMENT_WORDS]: string };

/** Substring of the error -> dialog, checked in this order (the spec's table). */
const DIALOGS: ReadonlyArray<readonly [string, keyof PaymentWords, keyof PaymentWords]> = [
  ["card_declined", "cardDeclined", "declined"],
  ["insufficient_funds", "cardDeclined", "insufficientFunds"],
  ["expired_card", "cardDeclined", "expiredCard"],
  ["incorrect_cvc", "cardDeclined", "incorrectCvc"],
  ["processing_error", "processingErrorTitle", "processingError"],
  ["authentication_required", "authenticationTitle", "authentication"],
];

const fillMessage = (template: string, message: string) => template.replace("{message}", message);

// The functions below take the words of the page's language (the browser's come from the page,
// so its bundle carries none of these).

export function paymentErrorDialog(
  error: string | null | undefined,
  w: PaymentWords,
): PaymentErrorDialog {
  const message = error ?? "";
  for (const [substring, title, text] of DIALOGS) {
    if (message.includes(substring)) return { title: w[title], text: w[text] };
  }
  return {
    title: w.failedTitle,
    text: message.trim() ? fillMessage(w.failed, message.trim()) : w.unexpected,
  };
}

/** What went wrong in a checkout: a machine code (picks the dialog) and words for the buyer. */
export interface CheckoutProblem {
  code: string;
  message: string;
}

/** The checkout's error dialog: title, text and the footer line under it. */
export interface CheckoutProblemDialog extends PaymentErrorDialog {
  footer: string;
  /** The fix is in the cart (a stock refusal): offer 'Back to Cart' rather than 'Try Again'. */
  backToCart?: true;
}

/**
 * The server's codes for a stock refusal (src/domain/checkout.ts): before the card, or after
 * its authorization when the stock sold out meanwhile (the authorization is then canceled).
 */
export const SOLD_OUT = "sold_out_not_charged";
const STOCK_CODES = ["not_enough_stock", SOLD_OUT];
export const NETWORK_ERROR = "network_error";
export const NETWORK_ERROR_AFTER_PAYMENT = "network_error_after_payment";

/**
 * The dialog for any checkout problem. Card errors follow the spec's table (matched on the
 * code, never shown to the buyer); a stock refusal is a stock message, and a lost connection
 * says so, neither pointing the buyer at their bank.
 */
export function checkoutProblemDialog(
  problem: CheckoutProblem,
  w: PaymentWords,
): CheckoutProblemDialog {
  if (STOCK_CODES.includes(problem.code)) {
    return {
      title: w.stockTitle,
      text: fillMessage(w.stock, problem.message.replace(/\.?$/, ".")),
      footer: w.nothingCharged,
      backToCart: true,
    };
  }
  if (problem.code === NETWORK_ERROR) {
    return { title: w.connectionTitle, text: w.connection, footer: w.nothingCharged };
  }
  if (problem.code === NETWORK_ERROR_AFTER_PAYMENT) {
    return { title: w.connectionTitle, text: w.connectionAfterPayment, footer: "" };
  }
  const byCode = problem.code ? paymentErrorDialog(problem.code, w) : null;
  const dialog = byCode && byCode.title !== w.failedTitle
    ? byCode
    : paymentErrorDialog(problem.message, w);
  return { ...dialog, footer: w.footer };
}

/** A card error as Stripe.js (and the sandbox) report it. */
export interface CardError {
  code?: string;
  decline_code?: string;
  message?: string;
}

/**
 * A card error as the buyer reads it (plain words) with its most specific code kept aside to
 * pick the dialog. The decline code comes first because Stripe reports insufficient funds as
 * code `card_declined` with decline code `insufficient_funds`.
 */
export function cardProblem(error: CardError, fallback: string): CheckoutProblem {
  return {
    code: error.decline_code ?? error.code ?? "",
    message: error.message?.trim() || fallback,
  };
}

/** The server's record of a card error (the sandbox intent's last error): message and code. */
export function cardErrorText(error: CardError): string {
  const { code, message } = cardProblem(error, "Your payment could not be completed.");
  return code ? `${message} (${code})` : message;
}
