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

/** A card error as Stripe.js (and the sandbox) report it. */
export interface CardError {
  code?: string;
  decline_code?: string;
  message?: string;
}

/**
 * The error text shown inline and matched by `paymentErrorDialog`: the provider's message with
 * its most specific code. The decline code comes first because Stripe reports insufficient
 * funds as code `card_declined` with decline code `insufficient_funds`.
 */
export function cardErrorText(error: CardError): string {
  const code = error.decline_code ?? error.code;
  const message = error.message?.trim() || "Your payment could not be completed.";
  return code ? `${message} (${code})` : message;
}
