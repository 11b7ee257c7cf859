import type { CardError } from "./payment-errors.ts";

/**
 * The offline sandbox provider's cards: Stripe's documented test numbers, each mapped to the
 * test PaymentMethod id Stripe uses for the same behaviour. The browser turns the typed number
 * into this token; only the token reaches our server (sandbox only: with Stripe, card data goes
 * to Stripe.js and never to us).
 */
export const SANDBOX_CARDS: Readonly<Record<string, string>> = {
  "4242424242424242": "pm_card_visa",
  "5555555555554444": "pm_card_mastercard",
  "4000000000000002": "pm_card_chargeDeclined",
  "4000000000009995": "pm_card_chargeDeclinedInsufficientFunds",
  "4000000000000069": "pm_card_chargeDeclinedExpiredCard",
  "4000000000000127": "pm_card_chargeDeclinedIncorrectCvc",
  "4000000000000119": "pm_card_chargeDeclinedProcessingError",
  "4000002500003155": "pm_card_authenticationRequired",
};

/** What confirming a payment with each token does: success, or Stripe's error for it. */
const OUTCOMES: Readonly<Record<string, CardError>> = {
  pm_card_chargeDeclined: { code: "card_declined", message: "Your card was declined." },
  pm_card_chargeDeclinedInsufficientFunds: {
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  pm_card_chargeDeclinedExpiredCard: {
    code: "expired_card",
    decline_code: "expired_card",
    message: "Your card has expired.",
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    code: "incorrect_cvc",
    decline_code: "incorrect_cvc",
    message: "Your card's security code is incorrect.",
  },
  pm_card_chargeDeclinedProcessingError: {
    code: "processing_error",
    decline_code: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
  pm_card_authenticationRequired: {
    code: "authentication_required",
    decline_code: "authentication_required",
    message: "Your card requires authentication, which the sandbox cannot complete.",
  },
};

export const SANDBOX_TOKENS = new Set(Object.values(SANDBOX_CARDS));

export function digitsOnly(s: string): string {
  return s.replace(/\D/g, "");
}

/** The Luhn checksum every real and test card number passes. */
export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The sandbox token of a typed card number; null when the number is not a card number. A valid
 * number outside the table behaves like Stripe's generic successful test card.
 */
export function sandboxToken(cardNumber: string): string | null {
  const digits = digitsOnly(cardNumber);
  if (!luhnValid(digits)) return null;
  return SANDBOX_CARDS[digits] ?? "pm_card_visa";
}

/** The error confirming with `token` produces, or null when the payment succeeds. */
export function sandboxOutcome(token: string): CardError | null {
  return OUTCOMES[token] ?? null;
}
