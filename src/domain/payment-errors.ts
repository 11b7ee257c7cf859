/** The error dialog the checkout shows for a payment error (spec section 8, "Payment"). */
export interface PaymentErrorDialog {
  title: string;
  text: string;
}

/** Substring of the error -> dialog, checked in this order (the spec's table). */
const DIALOGS: ReadonlyArray<readonly [string, PaymentErrorDialog]> = [
  ["card_declined", {
    title: "Card Declined",
    text: "Your card was declined. Please try a different payment method.",
  }],
  ["insufficient_funds", {
    title: "Card Declined",
    text: "Insufficient funds. Please check your account balance or try a different card.",
  }],
  ["expired_card", {
    title: "Card Declined",
    text: "Your card has expired. Please use a different card.",
  }],
  ["incorrect_cvc", {
    title: "Card Declined",
    text: "The security code (CVC) is incorrect. Please check and try again.",
  }],
  ["processing_error", {
    title: "Processing Error",
    text: "There was a processing error. Please try again or contact your bank.",
  }],
  ["authentication_required", {
    title: "Authentication Required",
    text: "Additional authentication is required. Please complete the verification process.",
  }],
];

export const PAYMENT_ERROR_FOOTER =
  "If the problem persists, please contact your bank or try another payment method.";

export function paymentErrorDialog(error: string | null | undefined): PaymentErrorDialog {
  const message = error ?? "";
  for (const [substring, dialog] of DIALOGS) {
    if (message.includes(substring)) return dialog;
  }
  return { title: "Payment Failed", text: message.trim() || "An unexpected error occurred." };
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
export const NOTHING_CHARGED = "Nothing was charged.";

/**
 * The dialog for any checkout problem. Card errors follow the spec's table (matched on the
 * code, never shown to the buyer); a stock refusal is a stock message, and a lost connection
 * says so, neither pointing the buyer at their bank.
 */
export function checkoutProblemDialog(problem: CheckoutProblem): CheckoutProblemDialog {
  if (STOCK_CODES.includes(problem.code)) {
    return {
      title: "Not Enough Stock",
      text: `${problem.message.replace(/\.?$/, ".")} Please change the quantity in your cart.`,
      footer: NOTHING_CHARGED,
      backToCart: true,
    };
  }
  if (problem.code === NETWORK_ERROR) {
    return {
      title: "Connection Failed",
      text: "The connection to the shop failed. Please check your connection and try again.",
      footer: NOTHING_CHARGED,
    };
  }
  if (problem.code === NETWORK_ERROR_AFTER_PAYMENT) {
    return {
      title: "Connection Failed",
      text: "Your payment was accepted, but the connection failed before your order was " +
        "recorded. Try Again finishes your order without charging you twice.",
      footer: "",
    };
  }
  const byCode = problem.code ? paymentErrorDialog(problem.code) : null;
  const dialog = byCode && byCode.title !== "Payment Failed"
    ? byCode
    : paymentErrorDialog(problem.message);
  return { ...dialog, footer: PAYMENT_ERROR_FOOTER };
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
export function cardProblem(error: CardError): CheckoutProblem {
  return {
    code: error.decline_code ?? error.code ?? "",
    message: error.message?.trim() || "Your payment could not be completed.",
  };
}

/** The server's record of a card error (the sandbox intent's last error): message and code. */
export function cardErrorText(error: CardError): string {
  const { code, message } = cardProblem(error);
  return code ? `${message} (${code})` : message;
}
