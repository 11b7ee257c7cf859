import Stripe from "stripe";
import {
  type AppliedTransfer,
  type CreateIntentRequest,
  InvalidSignatureError,
  type PaymentEvent,
  type PaymentIntentView,
  type PaymentProvider,
  ProviderError,
  type TransferInstructions,
  type TransferIntentRequest,
} from "./provider.ts";

/** The SDK's options; `apiBase` (tests only) points it at a local fake Stripe server. */
function sdkOptions(apiBase?: string): ConstructorParameters<typeof Stripe>[1] {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
  };
  if (apiBase) {
    const url = new URL(apiBase);
    options.host = url.hostname;
    options.port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
    options.protocol = url.protocol === "https:" ? "https" : "http";
  }
  return options;
}

/** The EU transfer instructions of an intent awaiting its transfer, if it is one. */
function transferOf(pi: Stripe.PaymentIntent): TransferInstructions | undefined {
  const shown = pi.next_action?.display_bank_transfer_instructions;
  const iban = shown?.financial_addresses?.find((a) => a.iban)?.iban;
  if (!shown || !iban) return undefined;
  return {
    iban: iban.iban,
    bic: iban.bic,
    holder: iban.account_holder_name,
    reference: shown.reference ?? "",
    amountRemainingCents: shown.amount_remaining ?? pi.amount,
  };
}

export function toIntentView(pi: Stripe.PaymentIntent): PaymentIntentView {
  const err = pi.last_payment_error;
  const code = err?.decline_code ?? err?.code;
  const transfer = transferOf(pi);
  const customer = typeof pi.customer === "string" ? pi.customer : pi.customer?.id;
  return {
    id: pi.id,
    status: pi.status,
    amountCents: pi.amount,
    currency: pi.currency,
    metadata: { ...(pi.metadata ?? {}) },
    ...(err ? { lastError: `${err.message ?? "Payment failed"}${code ? ` (${code})` : ""}` } : {}),
    // Refunds are on the charge: read with the intent (`expand: ["latest_charge"]`).
    refundedCents: typeof pi.latest_charge === "object" && pi.latest_charge
      ? pi.latest_charge.amount_refunded
      : 0,
    ...(transfer ? { transfer } : {}),
    ...(customer ? { customerId: customer } : {}),
  };
}

/** Verifies a Stripe-signed webhook body; shared by the sandbox, which signs the same way. */
export async function verifyStripeEvent(
  body: string,
  signature: string | null,
  secret: string | undefined,
): Promise<PaymentEvent> {
  if (!secret) throw new InvalidSignatureError("No webhook secret is configured");
  if (!signature) throw new InvalidSignatureError("Missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(
      body,
      signature,
      secret,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch (err) {
    throw new InvalidSignatureError(err instanceof Error ? err.message : "Invalid signature");
  }
  const object = event.data?.object as
    | { object?: string; id?: unknown; payment_intent?: unknown }
    | undefined;
  // The intent an event names: the object itself, or a charge's (a refund is on the charge).
  const intentId = object?.object === "payment_intent"
    ? object.id
    : object?.object === "charge"
    ? object.payment_intent
    : undefined;
  return {
    id: event.id,
    type: event.type,
    ...(typeof intentId === "string" ? { paymentIntentId: intentId } : {}),
  };
}

/** Card payments through Stripe PaymentIntents, in euros, amounts in cents. */
export function createStripeProvider(config: {
  secretKey: string;
  webhookSecret?: string;
  apiBase?: string;
}): PaymentProvider {
  const stripe = new Stripe(config.secretKey, sdkOptions(config.apiBase));
  const wrap = (err: unknown) =>
    new ProviderError(`Stripe: ${err instanceof Error ? err.message : String(err)}`);

  return {
    name: "stripe",

    async createIntent(req: CreateIntentRequest) {
      try {
        const pi = await stripe.paymentIntents.create({
          amount: req.amountCents,
          currency: req.currency,
          allowed_payment_method_types: ["card"],
          // Authorize only: the stock is committed first, then the payment is captured.
          capture_method: "manual",
          description: req.description,
          metadata: req.metadata,
          ...(req.receiptEmail ? { receipt_email: req.receiptEmail } : {}),
        }, { idempotencyKey: req.idempotencyKey });
        if (!pi.client_secret) throw new Error("no client secret in the answer");
        return { id: pi.id, clientSecret: pi.client_secret };
      } catch (err) {
        throw wrap(err);
      }
    },

    async createTransferIntent(req: TransferIntentRequest) {
      try {
        // One Customer per order: its cash balance (and virtual IBAN) is this order's alone, so
        // what it holds beyond the intent is this order's overpayment.
        const customer = await stripe.customers.create({
          email: req.customer.email,
          name: req.customer.name,
          metadata: req.metadata,
        }, { idempotencyKey: `${req.idempotencyKey}-customer` });
        const pi = await stripe.paymentIntents.create({
          amount: req.amountCents,
          currency: "eur",
          customer: customer.id,
          allowed_payment_method_types: ["customer_balance"],
          payment_method_data: { type: "customer_balance" },
          payment_method_options: {
            customer_balance: {
              funding_type: "bank_transfer",
              bank_transfer: { type: "eu_bank_transfer", eu_bank_transfer: { country: "FR" } },
            },
          },
          // Confirmed now: the answer carries the IBAN and reference to show the buyer.
          confirm: true,
          description: req.description,
          metadata: req.metadata,
        }, { idempotencyKey: req.idempotencyKey });
        return toIntentView(pi);
      } catch (err) {
        throw wrap(err);
      }
    },

    async cashBalanceCents(customerId: string) {
      try {
        const balance = await stripe.customers.retrieveCashBalance(customerId);
        return balance.available?.eur ?? 0;
      } catch (err) {
        throw wrap(err);
      }
    },

    async appliedTransfers(customerId: string) {
      try {
        const applied: AppliedTransfer[] = [];
        for await (
          const t of stripe.customers.listCashBalanceTransactions(customerId, { limit: 100 })
        ) {
          const pi = t.applied_to_payment?.payment_intent;
          if (t.type !== "applied_to_payment" || !pi) continue;
          applied.push({
            id: t.id,
            paymentIntentId: typeof pi === "string" ? pi : pi.id,
            amountCents: -t.net_amount,
            at: t.created * 1000,
          });
        }
        return applied.reverse();
      } catch (err) {
        throw wrap(err);
      }
    },

    async retrieveIntent(id: string) {
      try {
        return toIntentView(
          await stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] }),
        );
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return null;
        throw wrap(err);
      }
    },

    async cancelIntent(id: string) {
      try {
        await stripe.paymentIntents.cancel(
          id,
          { cancellation_reason: "abandoned" },
          { idempotencyKey: `cancel-${id}` },
        );
      } catch (err) {
        // Already canceled or succeeded (unexpected state), or unknown: nothing left to cancel.
        const { code, statusCode } = err as { code?: string; statusCode?: number };
        if (code === "payment_intent_unexpected_state" || statusCode === 404) return;
        throw wrap(err);
      }
    },

    async captureIntent(id: string) {
      try {
        return toIntentView(
          await stripe.paymentIntents.capture(id, {}, { idempotencyKey: `capture-${id}` }),
        );
      } catch (err) {
        // Canceled or expired authorization (or captured already): answer the intent as it is.
        if ((err as { code?: string }).code === "payment_intent_unexpected_state") {
          try {
            return toIntentView(await stripe.paymentIntents.retrieve(id));
          } catch (again) {
            throw wrap(again);
          }
        }
        throw wrap(err);
      }
    },

    async refund(req) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: req.paymentIntentId, amount: req.amountCents },
          { idempotencyKey: req.idempotencyKey },
        );
        return { id: refund.id, amountCents: refund.amount };
      } catch (err) {
        throw wrap(err);
      }
    },

    parseWebhook(body, signature) {
      return verifyStripeEvent(body, signature, config.webhookSecret);
    },
  };
}
