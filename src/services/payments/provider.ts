/** A payment intent as the shop needs to see it, whichever provider holds it. */
export interface PaymentIntentView {
  id: string;
  /** Stripe's statuses: "succeeded", "requires_payment_method", "processing", ... */
  status: string;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** The last card error, as "message (code)". */
  lastError?: string;
}

/** A verified webhook event; `intent` is set for payment_intent.* events. */
export interface PaymentEvent {
  id: string;
  type: string;
  intent?: PaymentIntentView;
}

export interface CreateIntentRequest {
  amountCents: number;
  currency: "eur";
  /** Same key, same intent: a retried request never creates a second one. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  description: string;
  receiptEmail?: string;
}

export interface RefundRequest {
  paymentIntentId: string;
  amountCents: number;
  /** Same key, same refund: a retried or racing request never refunds twice. */
  idempotencyKey: string;
}

/** The one interface both providers implement: `stripe` (real) and `sandbox` (offline). */
export interface PaymentProvider {
  readonly name: "stripe" | "sandbox";
  createIntent(req: CreateIntentRequest): Promise<{ id: string; clientSecret: string }>;
  retrieveIntent(id: string): Promise<PaymentIntentView | null>;
  /**
   * Cancels the intent of a hold that ended (expired or released), so it can no longer be paid.
   * Idempotent: an intent already canceled, succeeded or unknown is left as it is.
   */
  cancelIntent(id: string): Promise<void>;
  /** Refunds a succeeded intent; throws ProviderError when the provider refuses. */
  refund(req: RefundRequest): Promise<{ id: string; amountCents: number }>;
  /** Verifies the signature header and parses the event; throws InvalidSignatureError. */
  parseWebhook(body: string, signature: string | null): Promise<PaymentEvent>;
}

export class InvalidSignatureError extends Error {
  override name = "InvalidSignatureError";
}

/** The provider could not be reached or refused the request (not the customer's fault). */
export class ProviderError extends Error {
  override name = "ProviderError";
}
