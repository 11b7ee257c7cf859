import {
  cardErrorText,
  cardProblem,
  checkoutProblemDialog as problemDialog,
  NETWORK_ERROR,
  NETWORK_ERROR_AFTER_PAYMENT,
  PAYMENT_WORDS,
  paymentErrorDialog as errorDialog,
} from "../../src/domain/payment-errors.ts";

/** The dialogs in the spec's English. */
const paymentErrorDialog = (error: string | null | undefined) => errorDialog(error, PAYMENT_WORDS);
const checkoutProblemDialog = (problem: Parameters<typeof problemDialog>[0]) =>
  problemDialog(problem, PAYMENT_WORDS);
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
  assertStringIncludes(PAYMENT_WORDS.footer, "contact your bank");
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

Deno.test(
  "[unit] checkout problems: the buyer reads plain words, the code picks the dialog",
  () => {
    const declined = cardProblem(
      { code: "card_declined", message: "Your card was declined." },
      "Your payment could not be completed.",
    );
    assertEquals(declined.message, "Your card was declined.", "no '(card_declined)' for a buyer");
    const dialog = checkoutProblemDialog(declined);
    assertEquals(dialog.title, "Card Declined");
    assertEquals(dialog.footer, PAYMENT_WORDS.footer);
    const funds = cardProblem({
      code: "card_declined",
      decline_code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    }, "Your payment could not be completed.");
    assertEquals(checkoutProblemDialog(funds).text.startsWith("Insufficient funds"), true);
  },
);

Deno.test("[unit] checkout problems: a stock refusal is a stock message, never a card failure", () => {
  const dialog = checkoutProblemDialog({
    code: "not_enough_stock",
    message: "Not enough stock for Vectra DSP Board (15 available)",
  });
  assertEquals(dialog.title, "Not Enough Stock");
  assertStringIncludes(dialog.text, "(15 available).");
  assertEquals(dialog.footer.includes("bank"), false);
  assertEquals(dialog.footer, PAYMENT_WORDS.nothingCharged);
  assertEquals(dialog.backToCart, true);
});

Deno.test("[unit] checkout problems: a lost connection says so and that nothing was charged", () => {
  const dialog = checkoutProblemDialog({ code: NETWORK_ERROR, message: "Failed to fetch" });
  assertEquals(dialog.title, "Connection Failed");
  assertEquals(dialog.text.includes("Failed to fetch"), false);
  assertStringIncludes(dialog.text, "connection");
  assertEquals(dialog.footer, "Nothing was charged.");
  const late = checkoutProblemDialog({ code: NETWORK_ERROR_AFTER_PAYMENT, message: "" });
  assertStringIncludes(late.text, "payment was accepted", "never 'nothing charged' once paid");
});
