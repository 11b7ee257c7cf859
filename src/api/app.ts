import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Services } from "../services/container.ts";
import { accountsRouter } from "./admins.ts";
import { analyticsRouter } from "./analytics.ts";
import { auditRouter } from "./audit.ts";
import { dashboardRouter } from "./dashboard.ts";
import { authRouter, loginRouter } from "./auth.ts";
import { demoRouter } from "./demo.ts";
import { adminProductsRouter } from "./admin-products.ts";
import { ordersRouter } from "./orders.ts";
import { productsRouter } from "./products-admin.ts";
import { subscribersRouter } from "./subscribers.ts";
import { handleError } from "./errors.ts";
import { healthRouter } from "./health.ts";
import { authorize } from "./middleware/admin-auth.ts";
import { boundInput } from "./middleware/bound-input.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";
import { publicProductsRouter } from "./products.ts";
import { sandboxRouter } from "./sandbox.ts";
import { shippingRouter } from "./shipping.ts";
import { stockNotificationsRouter } from "./stock-notifications.ts";
import { stripeRouter } from "./stripe.ts";
import { platformRouter } from "./platform.ts";
import { checkoutRouter } from "./checkout.ts";
import { publicQuotesRouter, quoteRequestsRouter, quotesRouter } from "./quotes.ts";
import { subscriptionRouter } from "./subscription.ts";
import { uploadsRouter } from "./uploads.ts";
import { securitySettingsRouter, twoFactorRouter } from "./two-factor.ts";
import { invoicesRouter } from "./invoices.ts";
import { eReportingRouter } from "./e-reporting.ts";
import { bankStatementsRouter } from "./bank-statements.ts";
import { receivablesRouter } from "./receivables.ts";
import { einvoicesRouter } from "./einvoices.ts";
import { orderTrackingRouter } from "./order-tracking.ts";

/** JSON bodies larger than this are refused with 413 before they are read. */
export const MAX_JSON_BODY = 64 * 1024;
/** Multipart bodies carry images (5 MB each, two for a product) and their fields. */
export const MAX_MULTIPART_BODY = 11 * 1024 * 1024;

/** The JSON API, answering under /api. */
export function createApiApp(services: Services) {
  const api = new Hono<ApiEnv>().basePath("/api");
  const tooLarge = { error: "payload_too_large", message: "Request body is too large" };
  const jsonLimit = bodyLimit({ maxSize: MAX_JSON_BODY, onError: (c) => c.json(tooLarge, 413) });
  const multipartLimit = bodyLimit({
    maxSize: MAX_MULTIPART_BODY,
    onError: (c) => c.json(tooLarge, 413),
  });
  // One step for what every request passes (bounds, body size, then no-store on the answer):
  // each middleware step costs every request a promise and a dispatch.
  api.use("*", async (c, next) => {
    const refused = boundInput(c);
    const multipart = c.req.header("Content-Type")?.toLowerCase().startsWith("multipart/");
    const length = c.req.header("Content-Length");
    if (refused) c.res = refused;
    else if (!c.req.raw.body) await next();
    else if (length === undefined || c.req.header("Transfer-Encoding") !== undefined) {
      // No length announced: the limit counts the bytes as they come (413: its answer).
      const answer = await (multipart ? multipartLimit : jsonLimit)(c, next);
      if (answer instanceof Response) c.res = answer;
    } else if (parseInt(length, 10) > (multipart ? MAX_MULTIPART_BODY : MAX_JSON_BODY)) {
      c.res = c.json(tooLarge, 413);
    } else await next();
    // On the response's own headers: c.header() after the answer would copy the response.
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  api.use("*", authorize(services));
  api.route("/health", healthRouter(services));
  api.route("/public/products", publicProductsRouter(services));
  api.route("/public/orders", orderTrackingRouter(services));
  api.route("/shipping", shippingRouter(services));
  api.route("/stock-notifications", stockNotificationsRouter(services));
  api.route("/stripe", stripeRouter(services));
  api.route("/platform", platformRouter(services));
  api.route("/checkout", checkoutRouter(services));
  api.route("/quote-requests", quoteRequestsRouter(services));
  api.route("/public/quotes", publicQuotesRouter(services));
  if (services.sandbox) api.route("/sandbox", sandboxRouter(services.sandbox));
  api.route("/subscription", subscriptionRouter(services));
  api.route("/demo", demoRouter(services));
  api.route("/superadmins", loginRouter(services, "superadmin"));
  api.route("/admins", loginRouter(services, "admin"));
  api.route("/auth/2fa", twoFactorRouter(services));
  api.route("/auth", authRouter(services));
  api.route("/settings", securitySettingsRouter(services));
  api.route("/admins/products", adminProductsRouter(services));
  api.route("/orders", ordersRouter(services));
  api.route("/invoices", invoicesRouter(services));
  api.route("/e-reporting", eReportingRouter(services));
  api.route("/e-invoices", einvoicesRouter(services));
  api.route("/quotes", quotesRouter(services));
  api.route("/bank-statements", bankStatementsRouter(services));
  api.route("/receivables", receivablesRouter(services));
  api.route("/products", productsRouter(services));
  api.route("/subscribers", subscribersRouter(services));
  api.route("/superadmins", accountsRouter(services, "superadmin"));
  api.route("/admins", accountsRouter(services, "admin"));
  api.route("/upload", uploadsRouter(services));
  api.route("/audit", auditRouter(services));
  api.route("/dashboard", dashboardRouter(services));
  api.route("/analytics", analyticsRouter(services));
  api.notFound((c) => c.json({ error: "not_found", message: "No such API endpoint" }, 404));
  api.onError(handleError);
  return api;
}
