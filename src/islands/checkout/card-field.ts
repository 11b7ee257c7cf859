import type { CardError } from "../../domain/payment-errors.ts";

export interface BillingDetails {
  name: string;
  email: string;
  phone: string;
  address: {
    line1: string;
    city: string;
    state: string;
    postal_code: string;
    country: string;
  };
}

export interface CardResult {
  status?: string;
  error?: CardError;
}

/** What the checkout asks of a card field, whichever provider is behind it. */
export interface CardField {
  /** A problem to fix before paying (typed data incomplete), or null. */
  problem(): string | null;
  /** Confirms the card payment of the intent, like Stripe.js's confirmCardPayment. */
  confirm(clientSecret: string, billing: BillingDetails): Promise<CardResult>;
}
