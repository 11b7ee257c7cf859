import { Hono } from "hono";
import { confirmPaymentBodySchema, createIntentBodySchema } from "../domain/checkout.ts";
import { orderLocale, toPublicOrder } from "../domain/order.ts";
import type { Services } from "../services/container.ts";
import { type ApiEnv, enforceRateLimit } from "./middleware/rate-limit.ts";
import { buyerLanguage } from "./middleware/buyer-language.ts";
import { readJson } from "./validate.ts";

/**
 * The payment calls of the spec: create-payment-intent and confirm-payment answer `success`
 * (false on every error, next to the usual `error` and `message`), and the provider's webhook;
 * `bank-transfer` (Stripe only) makes the checkout's order paid by bank transfer.
 */
export function stripeRouter(services: Services) {
  const { checkout } = services;
  return new Hono<ApiEnv>()
    .use("*", async (c, next) => {
      await next();
      const type = c.res.headers.get("content-type") ?? "";
      if (c.res.status >= 400 && type.startsWith("application/json")) {
        const body = await c.res.json();
        c.res = c.json({ success: false, ...body }, c.res.status as 400);
      }
    })
    .use("/create-payment-intent", buyerLanguage)
    .use("/confirm-payment", buyerLanguage)
    .use("/bank-transfer", buyerLanguage)
    .post("/create-payment-intent", async (c) => {
      const body = await readJson(c, createIntentBodySchema);
      await enforceRateLimit(c, services, "paymentIntent");
      return c.json({ success: true, ...(await checkout.createPaymentIntent(body)) });
    })
    .post("/confirm-payment", async (c) => {
      const { paymentIntentId, orderData } = await readJson(c, confirmPaymentBodySchema);
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
      const body = await readJson(c, createIntentBodySchema);
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
