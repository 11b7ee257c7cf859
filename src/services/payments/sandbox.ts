import { NotFoundError, UnprocessableError, ValidationError } from "../../domain/errors.ts";
import { type CardError, cardErrorText } from "../../domain/payment-errors.ts";
import { SANDBOX_TOKENS, sandboxOutcome } from "../../domain/sandbox-cards.ts";
import type { SandboxIntent, SandboxIntentStore } from "../../store/sandbox-intents.ts";
import { type PaymentIntentView, type PaymentProvider, ProviderError } from "./provider.ts";
import { verifyStripeEvent } from "./stripe.ts";

/** Stripe's answer when paying an intent canceled with its expired hold. */
const CANCELED =
  "This payment was canceled because the checkout expired. Please start the checkout again.";

const view = (i: SandboxIntent): PaymentIntentView => ({
  id: i.id,
  status: i.status,
  amountCents: i.amountCents,
  currency: i.currency,
  metadata: i.metadata,
  ...(i.lastError ? { lastError: i.lastError } : {}),
  refundedCents: i.amountRefundedCents ?? 0,
});

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

/**
 * The offline provider: intents in KV, and a confirmation call that plays Stripe's test cards
 * (4242... authorizes, 4000 0000 0000 0002 is declined, ...), so the whole checkout and every
 * error dialog work with no keys and no network. Like Stripe with manual capture, a good card
 * authorizes (`requires_capture`) and the shop captures. Webhooks are verified like Stripe's,
 * with `webhookSecret()`: STRIPE_WEBHOOK_SECRET, or one generated once per install (in KV).
 */
export function createSandboxProvider(
  intents: SandboxIntentStore,
  webhookSecret: () => Promise<string>,
) {
  const provider: PaymentProvider = {
    name: "sandbox",

    async createIntent(req) {
      const intent = await intents.create(
        { amountCents: req.amountCents, currency: req.currency, metadata: req.metadata },
        req.idempotencyKey,
      );
      return { id: intent.id, clientSecret: intent.clientSecret };
    },

    async retrieveIntent(id) {
      const intent = await intents.retrieve(id);
      return intent ? view(intent) : null;
    },

    cancelIntent: (id) => intents.cancel(id),

    purgeAbandoned: (before, limit) => intents.purgeAbandoned(before, limit),

    async captureIntent(id) {
      const intent = await intents.capture(id);
      if (!intent) throw new ProviderError(`Sandbox: no such payment_intent: '${id}'`);
      return view(intent);
    },

    async refund(req) {
      const answer = await intents.refund(req.paymentIntentId, req.amountCents, req.idempotencyKey);
      if ("refused" in answer) throw new ProviderError(`Sandbox: ${answer.refused}`);
      return { id: answer.refund.id, amountCents: answer.refund.amountCents };
    },

    async parseWebhook(body, signature) {
      return verifyStripeEvent(body, signature, await webhookSecret());
    },
  };

  return {
    ...provider,
    webhookSecret,

    /**
     * What `stripe.confirmCardPayment` does, for the sandbox: `paymentMethod` is the token the
     * browser derived from a test card number (never the number itself).
     */
    async confirmCard(
      clientSecret: string,
      paymentMethod: string,
    ): Promise<{ intent: PaymentIntentView; error?: CardError }> {
      if (!SANDBOX_TOKENS.has(paymentMethod)) {
        throw new ValidationError("Unknown sandbox payment method", [
          { field: "paymentMethod", message: "Use one of the sandbox test cards" },
        ]);
      }
      const id = clientSecret.split("_secret_")[0];
      const known = await intents.read(id);
      const intent = known.record;
      if (!intent || intent.clientSecret !== clientSecret) {
        throw new NotFoundError("No such payment intent");
      }
      if (intent.status === "canceled") {
        throw new UnprocessableError("payment_intent_canceled", CANCELED);
      }
      const error = intent.status === "requires_payment_method"
        ? sandboxOutcome(paymentMethod)
        : null;
      const next = await intents.update(
        id,
        (i) =>
          error
            ? { ...i, lastError: cardErrorText(error) }
            : { ...i, status: "requires_capture", lastError: undefined },
        known,
      );
      return error ? { intent: view(next), error } : { intent: view(next) };
    },
  };
}
