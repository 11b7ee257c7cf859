/** A payment intent as the shop needs to see it, whichever provider holds it. */
export interface PaymentIntentView {
  id: string;
  /**
   * Stripe's statuses: "requires_payment_method", "requires_capture" (authorized, not charged:
   * every checkout intent captures manually), "succeeded" (charged), "canceled", ...
   */
  status: string;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** The last card error, as "message (code)". */
  lastError?: string;
  /** What refunds gave back so far, made in the shop or outside it (Stripe's dashboard). */
  refundedCents: number;
  /** A bank transfer's intent (Stripe's `customer_balance`): where to pay, what is still due. */
  transfer?: TransferInstructions;
  /** The Stripe Customer whose cash balance a transfer funds. */
  customerId?: string;
}

/**
 * Stripe's `next_action.display_bank_transfer_instructions` of an EU bank transfer: the virtual
 * IBAN of this buyer, the reference to quote, and what is still to be transferred.
 */
export interface TransferInstructions {
  iban: string;
  bic: string;
  holder: string;
  reference: string;
  amountRemainingCents: number;
}

/** The metadata `kind` of a bank transfer's intent: its webhooks are not a card checkout's. */
export const TRANSFER_KIND = "transfer";

/** Funds from a Customer's cash balance applied to one of its intents. */
export interface AppliedTransfer {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  /** When Stripe applied it (ms). */
  at: number;
}

export interface TransferIntentRequest {
  amountCents: number;
  /** Same key, same Customer and intent: a retried request never creates a second one. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  description: string;
  customer: { email: string; name: string };
}

/**
 * A verified webhook event: only its id, type and the payment intent it names. The event's
 * body is never trusted for money: the intent is read back from its provider.
 */
export interface PaymentEvent {
  id: string;
  type: string;
  paymentIntentId?: string;
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
   * Cancels an intent not charged yet: one awaiting payment (the checkout ended) or authorized
   * (its stock is gone: the authorization is released, the buyer is not charged). Idempotent:
   * an intent already canceled, succeeded or unknown is left as it is.
   */
  cancelIntent(id: string): Promise<void>;
  /**
   * Charges an authorized intent (`requires_capture`); idempotent. Answers the intent after:
   * `succeeded`, or as it is when it can no longer be captured (canceled, expired). Throws
   * ProviderError when the provider cannot be reached.
   */
  captureIntent(id: string): Promise<PaymentIntentView>;
  /** Refunds a succeeded intent; throws ProviderError when the provider refuses. */
  refund(req: RefundRequest): Promise<{ id: string; amountCents: number }>;
  /**
   * A bank transfer: a Customer and a confirmed `customer_balance` intent (EU transfer, from
   * France) whose answer carries the virtual IBAN and reference. Only Stripe has it: the
   * sandbox takes no transfers.
   */
  createTransferIntent?(req: TransferIntentRequest): Promise<PaymentIntentView>;
  /** What a Customer holds in euros beyond its intents (a transfer that paid too much). */
  cashBalanceCents?(customerId: string): Promise<number>;
  /**
   * The transfers Stripe applied to a Customer's intents, each once by its cash balance
   * transaction's id (Stripe's `applied_to_payment`), oldest first.
   */
  appliedTransfers?(customerId: string): Promise<AppliedTransfer[]>;
  /** Verifies the signature header and parses the event; throws InvalidSignatureError. */
  parseWebhook(body: string, signature: string | null): Promise<PaymentEvent>;
  /**
   * Deletes the provider's own records of intents made before `before` (ms) and never paid, at
   * most `limit`; only a provider that keeps such records here (the sandbox) has it.
   */
  purgeAbandoned?(before: number, limit: number): Promise<number>;
}

export class InvalidSignatureError extends Error {
  override name = "InvalidSignatureError";
}

/** The provider could not be reached or refused the request (not the customer's fault). */
export class ProviderError extends Error {
  override name = "ProviderError";
}
