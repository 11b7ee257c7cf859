import { Hono } from "hono";
import { confirmPaymentBodySchema, createIntentBodySchema } from "../domain/checkout.ts";
import { orderLocale, toPublicOrder } from "../domain/order.ts";
import type { Services } from "../services/container.ts";
import { type ApiEnv, enforceRateLimit } from "./middleware/rate-limit.ts";
import { sentLanguage, shapeRefusals } from "./middleware/buyer-language.ts";
import { errorBodyIn } from "../services/buyer-errors.ts";
import { quickConfirmBody, quickIntentBody } from "../domain/checkout-quick-check.ts";
import { readJson } from "./validate.ts";

/** The calls a buyer's page makes, whose refusals speak its language. */
const BUYER_CALLS = new Set(
  ["create-payment-intent", "confirm-payment", "bank-transfer"].map((p) => `/api/stripe/${p}`),
);

/**
 * The payment calls of the spec: create-payment-intent and confirm-payment answer `success`
 * (false on every error, next to the usual `error` and `message`), and the provider's webhook;
 * `bank-transfer` (Stripe only) makes the checkout's order paid by bank transfer.
 */
export function stripeRouter(services: Services) {
  const { checkout } = services;
  return new Hono<ApiEnv>()
    // A refusal says `success: false`, in the buyer's language on a buyer's call, answered
    // once (a launch answers 600 of 1,000 confirmations this way).
    .use(
      "*",
      shapeRefusals(async (c, body) => ({
        success: false,
        ...errorBodyIn(body, BUYER_CALLS.has(c.req.path) ? await sentLanguage(c) : "en"),
      })),
    )
    .post("/create-payment-intent", async (c) => {
      const body = await readJson(c, createIntentBodySchema, quickIntentBody);
      await enforceRateLimit(c, services, "paymentIntent");
      return c.json({ success: true, ...(await checkout.createPaymentIntent(body)) });
    })
    .post("/confirm-payment", async (c) => {
      const { paymentIntentId, orderData } = await readJson(
        c,
        confirmPaymentBodySchema,
        quickConfirmBody,
      );
      const order = await checkout.confirmPayment(paymentIntentId, orderData.customer.email);
      // The buyer's own order page (the caller named the order's payment and email).
      const orderPage = await services.orderLinks.path(order.orderNumber, orderLocale(order));
      return c.json({
        success: true,
        order: { ...toPublicOrder(order), vatStatement: checkout.statement(order) },
        orderPage,
      });
    })
    .post("/bank-transfer", async (c) => {
      // The checkout's body: the same cart, amounts and buyer, paid by Stripe's bank transfer.
      const body = await readJson(c, createIntentBodySchema, quickIntentBody);
      await enforceRateLimit(c, services, "paymentIntent");
      const order = await services.transferOrders.open(body);
      const orderPage = await services.orderLinks.path(order.orderNumber, orderLocale(order));
      return c.json({
        success: true,
        order: { ...toPublicOrder(order), vatStatement: checkout.statement(order) },
        orderPage,
      });
    })
    .post("/webhook", async (c) => {
      const body = await c.req.text();
      return c.json(await checkout.handleWebhook(body, c.req.header("stripe-signature") ?? null));
    });
}
