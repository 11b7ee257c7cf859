import type { AdminRole } from "../domain/admin.ts";

/**
 * Who may call a route:
 * - `public`: anyone (the shop's own calls);
 * - `staff`: any signed-in admin or superadmin;
 * - `superadmin`: superadmins only;
 * - `self`: a signed-in account acting on its own `:id`, or a superadmin on any.
 */
export type Access = "public" | "staff" | "superadmin" | "self";

/**
 * THE authorization table: every route of the API, as Hono lists it (`METHOD path`), and who
 * may call it. One middleware (middleware/admin-auth.ts) enforces it for every request; the
 * matrix test fails when a route has no row here.
 */
export const ROUTE_ACCESS: Readonly<Record<string, Access>> = {
  // Operations
  "GET /api/health": "public",

  // The shop
  "GET /api/public/products": "public",
  "GET /api/public/products/:idOrSlug": "public",
  // The buyer's order link: its token is checked by the route (a wrong one is a 404)
  "GET /api/public/orders/:orderNumber/documents/:number": "public",
  "GET /api/public/orders/:orderNumber/pro-forma": "public",
  "POST /api/public/orders/:orderNumber/withdrawal": "public",
  "POST /api/public/orders/find": "public",
  "GET /api/shipping/fees": "public",
  "GET /api/shipping/fees/country/:country": "public",
  "GET /api/shipping/countries": "public",
  "POST /api/shipping/fees": "superadmin",
  "PUT /api/shipping/fees/:id": "superadmin",
  "DELETE /api/shipping/fees/:id": "superadmin",
  "POST /api/stock-notifications/subscribe": "public",
  "GET /api/stock-notifications/admin": "superadmin",
  "DELETE /api/stock-notifications/admin/:id": "superadmin",
  "POST /api/stripe/create-payment-intent": "public",
  "POST /api/stripe/confirm-payment": "public",
  "POST /api/stripe/bank-transfer": "public",
  "POST /api/stripe/webhook": "public",
  // The approved platform's events: each checked by its Afnor-Signature
  "POST /api/platform/webhook": "public",
  "POST /api/checkout/quote": "public",
  // Quotes (devis): the cart's request, and the buyer's page behind its signed link (the
  // route checks the token: a wrong one is a 404)
  "POST /api/quote-requests": "public",
  "GET /api/public/quotes/:number": "public",
  "GET /api/public/quotes/:number/pdf": "public",
  "POST /api/public/quotes/:number/accept": "public",
  "POST /api/public/quotes/:number/decline": "public",
  "POST /api/public/quotes/:number/pay": "public",
  "POST /api/public/quotes/:number/confirm-payment": "public",
  "POST /api/sandbox/confirm-card": "public",
  "POST /api/subscription/subscribe": "public",
  "POST /api/demo": "public",

  // Sign-in
  "POST /api/superadmins/login": "public",
  "POST /api/admins/login": "public",
  "GET /api/auth/verify": "staff",
  "POST /api/auth/logout": "staff",
  "POST /api/auth/2fa": "public",
  "GET /api/auth/2fa": "staff",
  "POST /api/auth/2fa/recovery-codes": "staff",
  "POST /api/auth/2fa/setup": "staff",
  "POST /api/auth/2fa/enable": "staff",
  "POST /api/auth/2fa/disable": "staff",
  "POST /api/auth/2fa/reset/:id": "superadmin",
  "GET /api/settings/security": "superadmin",
  "PUT /api/settings/security": "superadmin",

  // Accounts
  "GET /api/admins": "superadmin",
  "GET /api/superadmins": "superadmin",
  "POST /api/admins": "superadmin",
  "POST /api/superadmins": "superadmin",
  "PUT /api/admins/:id": "self",
  "PUT /api/superadmins/:id": "self",
  "PATCH /api/admins/:id/toggle-status": "superadmin",
  "PATCH /api/superadmins/:id/toggle-status": "superadmin",
  "DELETE /api/admins/:id": "superadmin",
  "DELETE /api/superadmins/:id": "superadmin",

  // Quotes (both roles sell: they create, edit, send and cancel quotes)
  "GET /api/quotes": "staff",
  "POST /api/quotes": "staff",
  "GET /api/quotes/:id": "staff",
  "PUT /api/quotes/:id": "staff",
  "POST /api/quotes/:id/send": "staff",
  "POST /api/quotes/:id/cancel": "staff",
  "GET /api/quotes/:id/purchase-order": "staff",
  "GET /api/quotes/:id/pdf": "staff",

  // Orders (both roles run the orders)
  "POST /api/bank-statements": "staff",
  "GET /api/bank-statements/entries": "staff",
  "POST /api/bank-statements/entries/:id/assign": "staff",
  "POST /api/bank-statements/entries/:id/set-aside": "staff",
  "GET /api/receivables": "staff",
  "GET /api/receivables/export.csv": "staff",

  "GET /api/orders": "staff",
  "GET /api/orders/export.csv": "staff",
  "POST /api/orders/admin": "staff",
  "POST /api/orders/bulk": "staff",
  "GET /api/orders/:id": "staff",
  "GET /api/orders/:id/pro-forma": "staff",
  "PUT /api/orders/:id/status": "staff",
  "PUT /api/orders/:id/payment": "staff",
  "PUT /api/orders/:id/date": "staff",
  // As the payment status it records: both roles run the orders.
  "POST /api/orders/:id/refund": "staff",
  "POST /api/orders/:id/credit-note": "staff",
  "POST /api/orders/:id/reinvoice": "staff",
  "POST /api/orders/:id/notes": "staff",
  "DELETE /api/orders/:id": "staff",
  "GET /api/admins/products": "staff",

  // Invoices and credit notes (both roles: they run the orders)
  "GET /api/invoices": "staff",
  "GET /api/invoices/export.csv": "staff",
  "GET /api/invoices/export.zip": "staff",
  "GET /api/invoices/oss.csv": "staff",
  "GET /api/invoices/ec-sales-list.csv": "staff",
  "GET /api/invoices/:number/pdf": "staff",
  "GET /api/invoices/:number/ubl": "staff",
  // E-invoices sent to Chorus Pro or the platform: what became of each (both roles)
  "GET /api/e-invoices": "staff",
  // A period's e-reporting file (Flux 10), downloads audited
  "GET /api/e-reporting/:file": "staff",

  // Products (staff read; superadmins write)
  "GET /api/products": "staff",
  "POST /api/products": "superadmin",
  "PUT /api/products/:id": "superadmin",
  "DELETE /api/products/:id": "superadmin",

  // Newsletter subscribers (both roles)
  "GET /api/subscribers/admin": "staff",
  "DELETE /api/subscribers/admin/:id": "staff",
  "POST /api/subscribers/send-to-all": "staff",
  "GET /api/subscribers/newsletters": "staff",
  "GET /api/subscribers/export.csv": "staff",

  // Uploads and the audit log
  "POST /api/upload/image": "staff",
  "DELETE /api/upload/delete/:filename": "superadmin",
  "GET /api/audit": "superadmin",

  // Figures: the dashboard for both roles, the analytics screen for superadmins
  "GET /api/dashboard/stats": "staff",
  "GET /api/dashboard/sales-over-time": "staff",
  "GET /api/analytics/product-performance": "superadmin",
  "GET /api/analytics/order-analytics": "superadmin",
  "GET /api/analytics/sales-by-gender": "superadmin",
  "GET /api/analytics/geographic-sales": "superadmin",
  "GET /api/analytics/customer-analytics": "superadmin",
  "GET /api/analytics/real-time-metrics": "superadmin",
};

/**
 * What an account may call while it must set up two-factor (required for all staff, off for
 * it): its own session and the set-up, nothing else.
 */
export const ENROLMENT_ROUTES: ReadonlySet<string> = new Set([
  "GET /api/auth/verify",
  "POST /api/auth/logout",
  "GET /api/auth/2fa",
  "POST /api/auth/2fa/setup",
  "POST /api/auth/2fa/enable",
]);

/** Whether an account of `role` (id `adminId`) may call a route of `access` on `targetId`. */
export function allowed(
  access: Access,
  who: { role: AdminRole; id: string },
  targetId?: string,
): boolean {
  switch (access) {
    case "public":
    case "staff":
      return true;
    case "superadmin":
      return who.role === "superadmin";
    case "self":
      return who.role === "superadmin" || targetId === who.id;
  }
}
