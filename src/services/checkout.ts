import {
  assertClientAmounts,
  assertCountryCode,
  type CreateIntentBody,
  mergeLines,
  priceCheckout,
  type PricingProduct,
  RESERVATION_TTL_MS,
} from "../domain/checkout.ts";
import { resolveCountryCode } from "../domain/country-code.ts";
import {
  NotFoundError,
  UnprocessableError,
  UpstreamError,
  ValidationError,
} from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import type { NewOrder, Order } from "../domain/order.ts";
import { newOrderNotice, orderConfirmationMail } from "../domain/order-mails.ts";
import type { Reservation } from "../domain/reservation.ts";
import { countryKey } from "../domain/shipping-fee.ts";
import { nowIso } from "../store/atomic.ts";
import type { OrderStore } from "../store/orders.ts";
import type { OutboxStore } from "../store/outbox.ts";
import type { ProductStore } from "../store/products.ts";
import type { ReservationStore } from "../store/reservations.ts";
import type { ShippingFeeStore } from "../store/shipping-fees.ts";
import type { Config } from "./config.ts";
import type { Mailer } from "./mail/mailer.ts";
import {
  InvalidSignatureError,
  type PaymentIntentView,
  type PaymentProvider,
  ProviderError,
} from "./payments/provider.ts";
import { log } from "./log.ts";

export interface CheckoutDeps {
  config: Config;
  products: ProductStore;
  shippingFees: ShippingFeeStore;
  orders: OrderStore;
  reservations: ReservationStore;
  outbox: OutboxStore;
  mailer: Mailer;
  provider: PaymentProvider;
}

export type Checkout = ReturnType<typeof createCheckout>;

/**
 * The checkout: prices on the server, reserves stock, creates the payment intent, and turns a
 * succeeded payment into an order through one idempotent step that both the confirm call and
 * the webhook reach.
 */
export function createCheckout(deps: CheckoutDeps) {
  const { config, reservations, provider } = deps;
  let sweeper: ReturnType<typeof setInterval> | undefined;
  let sweeping: Promise<unknown> | null = null;
  let stopping = false;

  async function price(body: CreateIntentBody) {
    const data = body.orderData;
    assertCountryCode(
      data.shippingAddress.country,
      resolveCountryCode(data.shippingAddress.country),
    );
    if (countryKey(data.shippingAddress.country) !== countryKey(data.shippingCountry)) {
      throw new ValidationError("The shipping address must be in the country chosen in the cart", [
        { field: "orderData.shippingAddress.country", message: "Must be the cart's country" },
      ]);
    }
    const ids = mergeLines(data.items).map((l) => l.id);
    const found = await Promise.all(ids.map((id) => deps.products.get(id)));
    const products = new Map<string, PricingProduct>();
    for (const p of found) if (p) products.set(p.id, p);
    const fee = await deps.shippingFees.getByCountry(data.shippingCountry);
    const priced = priceCheckout(data.items, products, data.shippingCountry, fee);
    assertClientAmounts(priced, body);
    return priced;
  }

  function buildOrder(r: Reservation, pi: PaymentIntentView, noStock: boolean): NewOrder {
    // We created the intent for this total; a different amount means something is badly
    // wrong: the order is still recorded (money was taken) and flagged for staff.
    const amountWrong = pi.amountCents !== r.totalCents || pi.currency !== "eur";
    if (amountWrong) {
      log.error("checkout: paid amount differs from the reservation", {
        paymentIntentId: pi.id,
        paidCents: pi.amountCents,
        paidCurrency: pi.currency,
        expectedCents: r.totalCents,
      });
    }
    return {
      customer: r.customer,
      shippingAddress: r.shippingAddress,
      items: r.items,
      subtotalCents: r.subtotalCents,
      shippingFeeCents: r.shippingFeeCents,
      totalCents: r.totalCents,
      currency: "EUR",
      paymentMethod: "online",
      paymentStatus: "paid",
      status: "pending",
      shippingCountry: r.shippingCountry,
      shippingFeeDetails: r.shippingFeeDetails,
      paymentIntentId: pi.id,
      ...(noStock || amountWrong ? { needsRefund: true } : {}),
      createdAt: nowIso(),
    };
  }

  /** The idempotent "complete order" step, keyed by the payment intent id. */
  async function complete(pi: PaymentIntentView, eventId?: string) {
    const subjects: string[] = [];
    const result = await reservations.complete({
      paymentIntentId: pi.id,
      reservationId: pi.metadata.reservationId,
      eventId,
      buildOrder: (r, noStock) => buildOrder(r, pi, noStock),
      addToCommit(op, order) {
        subjects.length = 0;
        for (
          const mail of [
            orderConfirmationMail(order, { name: config.siteName, url: config.siteUrl }),
            newOrderNotice(order, config.shopEmail),
          ]
        ) {
          deps.outbox.add(op, mail);
          subjects.push(mail.subject);
        }
      },
    });
    if (result.kind === "created") {
      deps.mailer.wake(subjects);
      if (result.order.needsRefund) {
        log.warn("checkout: order paid without stock, refund due", {
          orderNumber: result.order.orderNumber,
        });
      }
    }
    return result;
  }

  /**
   * Completes every active reservation whose payment succeeded with no confirm call to turn it
   * into an order (the buyer's tab closed, the server died before answering, the webhook was
   * lost), then releases the expired ones. Checks `stopping` between reservations: each one is
   * handled in its own commit, so stopping there is safe and the next sweep resumes.
   */
  async function sweep(): Promise<{ completed: number; released: number }> {
    let completed = 0;
    for await (const r of reservations.active()) {
      if (stopping) return { completed, released: 0 };
      if (!r.paymentIntentId) continue;
      let intent: PaymentIntentView | null;
      try {
        intent = await provider.retrieveIntent(r.paymentIntentId);
      } catch (err) {
        // The provider is down: the next sweep asks again (releasing meanwhile is safe, a
        // completion takes a released reservation's stock back when it is still free).
        log.warn("checkout sweep: payment provider failed", {
          paymentIntentId: r.paymentIntentId,
        }, err);
        continue;
      }
      if (intent?.status !== "succeeded") continue;
      if ((await complete(intent)).kind === "created") completed++;
    }
    if (stopping) return { completed, released: 0 };
    return { completed, released: await reservations.releaseExpired() };
  }

  return {
    provider,

    /** Prices, reserves, then creates the intent; answers its client secret. */
    async createPaymentIntent(body: CreateIntentBody) {
      const priced = await price(body);
      const data = body.orderData;
      const reservation = await reservations.reserve({
        schemaVersion: 1,
        id: newId(),
        status: "active",
        customer: data.customer,
        shippingAddress: data.shippingAddress,
        items: priced.lines,
        subtotalCents: priced.subtotalCents,
        shippingFeeCents: priced.shippingFeeCents,
        totalCents: priced.totalCents,
        shippingCountry: priced.shippingCountry,
        shippingFeeDetails: priced.shippingFeeDetails,
        expiresAt: Date.now() + RESERVATION_TTL_MS,
        createdAt: nowIso(),
      });
      let intent: { id: string; clientSecret: string };
      try {
        intent = await provider.createIntent({
          amountCents: priced.totalCents,
          currency: "eur",
          idempotencyKey: `checkout-${reservation.id}`,
          metadata: { reservationId: reservation.id },
          description: `${config.siteName} order`,
          receiptEmail: data.customer.email,
        });
      } catch (err) {
        await reservations.release(reservation.id);
        if (err instanceof ProviderError) {
          log.error("checkout: payment provider failed", {}, err);
          throw new UpstreamError(
            "payment_provider_error",
            "The payment service is unavailable; please try again.",
          );
        }
        throw err;
      }
      await reservations.link(reservation.id, intent.id);
      return {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: priced.totalCents / 100,
        expiresAt: new Date(reservation.expiresAt).toISOString(),
      };
    },

    /**
     * Called by the shop after the card payment succeeded; never trusts it: asks the provider.
     * `email` must be the checkout's customer email (else: no such payment).
     */
    async confirmPayment(paymentIntentId: string, email: string): Promise<Order> {
      const sameEmail = (o: { customer: { email: string } }) =>
        o.customer.email.toLowerCase() === email.trim().toLowerCase();
      const existing = await deps.orders.getByPaymentIntent(paymentIntentId);
      if (existing) {
        if (!sameEmail(existing)) throw new NotFoundError("No such payment");
        return existing; // completed before: nothing to ask the provider
      }
      const reservation = await reservations.byPaymentIntent(paymentIntentId);
      if (reservation && !sameEmail(reservation)) throw new NotFoundError("No such payment");
      let intent: PaymentIntentView | null;
      try {
        intent = await provider.retrieveIntent(paymentIntentId);
      } catch (err) {
        log.error("checkout: payment provider failed", { paymentIntentId }, err);
        throw new UpstreamError(
          "payment_provider_error",
          "The payment service is unavailable; please try again.",
        );
      }
      if (!intent) throw new NotFoundError("No such payment");
      if (intent.status !== "succeeded") {
        throw new UnprocessableError(
          "payment_not_completed",
          intent.lastError ?? `The payment has not succeeded (status: ${intent.status})`,
        );
      }
      const result = await complete(intent);
      if (result.kind === "unknown") throw new NotFoundError("No checkout found for this payment");
      if (!result.order || !sameEmail(result.order)) throw new NotFoundError("No such payment");
      return result.order;
    },

    /** `POST /api/stripe/webhook`: a verified event, processed once per event id. */
    async handleWebhook(body: string, signature: string | null) {
      let event;
      try {
        event = await provider.parseWebhook(body, signature);
      } catch (err) {
        if (err instanceof InvalidSignatureError) {
          throw new ValidationError(`Invalid webhook signature: ${err.message}`);
        }
        throw err;
      }
      const pi = event.intent;
      if (event.type === "payment_intent.succeeded" && pi && pi.status === "succeeded") {
        const result = await complete(pi, event.id);
        if (result.kind === "unknown") {
          log.warn("webhook: not one of our checkouts", { paymentIntentId: pi.id });
        }
        return { received: true, result: result.kind };
      }
      if (event.type === "payment_intent.payment_failed" && pi) {
        const fresh = await reservations.recordFailure(
          pi.id,
          event.id,
          pi.lastError ?? "Payment failed",
        );
        return { received: true, result: fresh ? "recorded" : "duplicate" };
      }
      return { received: true, result: "ignored" };
    },

    sweep,

    /** Sweeps now (what a restart missed), then every `intervalMs`; one sweep at a time. */
    startSweeps(intervalMs = 60_000) {
      if (sweeper !== undefined) return;
      stopping = false;
      const tick = () => {
        if (sweeping || stopping) return;
        const started = performance.now();
        sweeping = sweep()
          .then((counts) => {
            const durationMs = Math.round(performance.now() - started);
            log.info("job done", { job: "checkout-sweep", ...counts, durationMs });
          })
          .catch((err) => log.error("job failed", { job: "checkout-sweep" }, err))
          .finally(() => sweeping = null);
      };
      sweeper = setInterval(tick, intervalMs);
      tick();
    },

    /** Stops the sweeps: a running one ends after the reservation it is on. */
    async stop() {
      stopping = true;
      if (sweeper !== undefined) clearInterval(sweeper);
      sweeper = undefined;
      await sweeping;
    },
  };
}
