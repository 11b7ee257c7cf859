import { NotFoundError, UnprocessableError, ValidationError } from "../../domain/errors.ts";
import { type CardError, cardErrorText } from "../../domain/payment-errors.ts";
import { SANDBOX_TOKENS, sandboxOutcome } from "../../domain/sandbox-cards.ts";
import type { SandboxIntent, SandboxIntentStore } from "../../store/sandbox-intents.ts";
import { type PaymentIntentView, type PaymentProvider, ProviderError } from "./provider.ts";
import { verifyStripeEvent } from "./stripe.ts";

/**
 * Signs sandbox webhooks when STRIPE_WEBHOOK_SECRET is unset. Public on purpose: the sandbox
 * moves no money, and the server refuses to run it with SHOP_ENV=production.
 */
export const SANDBOX_WEBHOOK_SECRET = "whsec_sandbox_offline_only";

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
});

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

/**
 * The offline provider: intents in KV, and a confirmation call that plays Stripe's test cards
 * (4242... succeeds, 4000 0000 0000 0002 is declined, ...), so the whole checkout and every
 * error dialog work with no keys and no network. Webhooks are signed like Stripe's.
 */
export function createSandboxProvider(intents: SandboxIntentStore, webhookSecret?: string) {
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
      const intent = await intents.get(id);
      return intent ? view(intent) : null;
    },

    cancelIntent: (id) => intents.cancel(id),

    async refund(req) {
      const answer = await intents.refund(req.paymentIntentId, req.amountCents, req.idempotencyKey);
      if ("refused" in answer) throw new ProviderError(`Sandbox: ${answer.refused}`);
      return { id: answer.refund.id, amountCents: answer.refund.amountCents };
    },

    parseWebhook(body, signature) {
      return verifyStripeEvent(body, signature, webhookSecret ?? SANDBOX_WEBHOOK_SECRET);
    },
  };

  return {
    ...provider,

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
      const intent = await intents.get(id);
      if (!intent || intent.clientSecret !== clientSecret) {
        throw new NotFoundError("No such payment intent");
      }
      if (intent.status === "canceled") {
        throw new UnprocessableError("payment_intent_canceled", CANCELED);
      }
      const error = intent.status === "succeeded" ? null : sandboxOutcome(paymentMethod);
      const next = await intents.update(
        id,
        (i) =>
          error
            ? { ...i, lastError: cardErrorText(error) }
            : { ...i, status: "succeeded", lastError: undefined },
      );
      return error ? { intent: view(next), error } : { intent: view(next) };
    },
  };
}
