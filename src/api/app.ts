import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Services } from "../services/container.ts";
import { demoRouter } from "./demo.ts";
import { handleError } from "./errors.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";
import { publicProductsRouter } from "./products.ts";
import { sandboxRouter } from "./sandbox.ts";
import { shippingRouter } from "./shipping.ts";
import { stockNotificationsRouter } from "./stock-notifications.ts";
import { stripeRouter } from "./stripe.ts";
import { subscriptionRouter } from "./subscription.ts";

/** JSON bodies larger than this are refused with 413 before they are read. */
export const MAX_JSON_BODY = 64 * 1024;

/** The JSON API, answering under /api. */
export function createApiApp(services: Services) {
  const api = new Hono<ApiEnv>().basePath("/api");
  api.use("*", async (c, next) => {
    await next();
    // On the response's own headers: c.header() after the answer would copy the response.
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  api.use(
    "*",
    bodyLimit({
      maxSize: MAX_JSON_BODY,
      onError: (c) =>
        c.json({ error: "payload_too_large", message: "Request body is too large" }, 413),
    }),
  );
  api.route("/public/products", publicProductsRouter(services));
  api.route("/shipping", shippingRouter(services));
  api.route("/stock-notifications", stockNotificationsRouter(services));
  api.route("/stripe", stripeRouter(services));
  if (services.sandbox) api.route("/sandbox", sandboxRouter(services.sandbox));
  api.route("/subscription", subscriptionRouter(services));
  api.route("/demo", demoRouter(services));
  api.notFound((c) => c.json({ error: "not_found", message: "No such API endpoint" }, 404));
  api.onError(handleError);
  return api;
}
