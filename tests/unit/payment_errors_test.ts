import {
  cardErrorText,
  PAYMENT_ERROR_FOOTER,
  paymentErrorDialog,
} from "../../src/domain/payment-errors.ts";
import { assertEquals, assertStringIncludes } from "../_lib/assert.ts";

const ROWS: [string, string, string][] = [
  [
    "card_declined",
    "Card Declined",
    "Your card was declined. Please try a different payment method.",
  ],
  [
    "insufficient_funds",
    "Card Declined",
    "Insufficient funds. Please check your account balance or try a different card.",
  ],
  ["expired_card", "Card Declined", "Your card has expired. Please use a different card."],
  [
    "incorrect_cvc",
    "Card Declined",
    "The security code (CVC) is incorrect. Please check and try again.",
  ],
  [
    "processing_error",
    "Processing Error",
    "There was a processing error. Please try again or contact your bank.",
  ],
  [
    "authentication_required",
    "Authentication Required",
    "Additional authentication is required. Please complete the verification process.",
  ],
];

for (const [substring, title, text] of ROWS) {
  Deno.test(`[unit] payment error dialog: '${substring}' anywhere in the error -> ${title}`, () => {
    assertEquals(paymentErrorDialog(`Stripe said: ${substring} (request req_1)`), { title, text });
  });
}

Deno.test("[unit] payment error dialog: anything else is 'Payment Failed' with the raw message", () => {
  assertEquals(paymentErrorDialog("Not enough stock for Vectra DSP Board"), {
    title: "Payment Failed",
    text: "Not enough stock for Vectra DSP Board",
  });
  const empty = { title: "Payment Failed", text: "An unexpected error occurred." };
  assertEquals(paymentErrorDialog(""), empty);
  assertEquals(paymentErrorDialog(undefined), empty);
  assertStringIncludes(PAYMENT_ERROR_FOOTER, "contact your bank");
});

Deno.test("[unit] card error text puts the decline code first so insufficient funds maps right", () => {
  const text = cardErrorText({
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  });
  assertEquals(text, "Your card has insufficient funds. (insufficient_funds)");
  assertEquals(paymentErrorDialog(text).text.startsWith("Insufficient funds"), true);
  assertEquals(cardErrorText({ message: "Network down" }), "Network down");
});
