import { createAdminStore } from "../store/admins.ts";
import { createAuditStore } from "../store/audit.ts";
import { createBlobStore } from "../store/blobs.ts";
import { createDemoRequestStore } from "../store/demo-requests.ts";
import { createOrderStatsStore } from "../store/order-stats.ts";
import { createOrderStore } from "../store/orders.ts";
import { createOutboxStore } from "../store/outbox.ts";
import { createProductStore } from "../store/products.ts";
import { createRateLimitStore } from "../store/rate-limits.ts";
import { createReservationStore } from "../store/reservations.ts";
import { createSandboxIntentStore } from "../store/sandbox-intents.ts";
import { createShippingFeeStore } from "../store/shipping-fees.ts";
import { createStockMoves } from "../store/stock.ts";
import { createStockNotificationStore } from "../store/stock-notifications.ts";
import { createSubscriberStore } from "../store/subscribers.ts";
import { createTwoFactorStore } from "../store/two-factor.ts";
import { createAdminAccounts } from "./admin-accounts.ts";
import { createAdminAuth } from "./admin-auth.ts";
import { createAnalytics } from "./analytics.ts";
import { createCatalog } from "./catalog.ts";
import { createCheckout } from "./checkout.ts";
import type { Config } from "./config.ts";
import { createMailer } from "./mail/mailer.ts";
import { createSmtpTransport, type MailTransport } from "./mail/transport.ts";
import { createSandboxProvider } from "./payments/sandbox.ts";
import { createStripeProvider } from "./payments/stripe.ts";
import { createDemoDesk } from "./demo-desk.ts";
import { createHealth } from "./health.ts";
import { createNewsletter } from "./newsletter.ts";
import { createNewsletterSender } from "./newsletter-sender.ts";
import { createOrderDesk } from "./order-desk.ts";
import { createProductDesk } from "./product-desk.ts";
import { createRestockNotices } from "./restock-notices.ts";
import { createShippingDesk } from "./shipping-desk.ts";
import { createUnsubscribeTokens } from "./unsubscribe.ts";
import { createUploads } from "./uploads.ts";
import { getOrCreateSecret } from "./secrets.ts";
import { createTwoFactor } from "./two-factor.ts";

/** Everything the API and the pages work with, built once per process (or per test). */
export function createServices(
  kv: Deno.Kv,
  config: Config,
  options: { transport?: MailTransport } = {},
) {
  const products = createProductStore(kv);
  const outbox = createOutboxStore(kv);
  const transport = options.transport ??
    (config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : null);
  // Every order write moves the sales aggregates in its own commit.
  const orderStats = createOrderStatsStore(kv, config.shopTimeZone);
  const orders = createOrderStore(kv, [orderStats.hook]);
  const reservations = createReservationStore(kv, orders);
  const shippingFees = createShippingFeeStore(kv);
  const mailer = createMailer(outbox, transport);
  // Stripe when a secret key is set, else the offline sandbox (see services/payments/).
  const { secretKey, webhookSecret, apiBase } = config.stripe;
  const sandbox = secretKey
    ? null
    : createSandboxProvider(createSandboxIntentStore(kv), webhookSecret);
  const provider = sandbox ??
    createStripeProvider({ secretKey: secretKey ?? "", webhookSecret, apiBase });
  const subscribers = createSubscriberStore(kv);
  const demoRequests = createDemoRequestStore(kv);
  const admins = createAdminStore(kv);
  const rateLimits = createRateLimitStore(kv);
  const blobs = createBlobStore(kv);
  const audit = createAuditStore(kv);
  const stockNotifications = createStockNotificationStore(kv);
  const newsletter = createNewsletter(
    subscribers,
    createUnsubscribeTokens(kv, config.jwtSecret),
    config.siteUrl,
  );
  const uploads = createUploads(blobs);
  const twoFactor = createTwoFactor({
    store: createTwoFactorStore(kv),
    serverSecret: () => getOrCreateSecret(kv, "jwt", config.jwtSecret),
    issuer: config.siteName,
  });
  const restock = createRestockNotices({
    kv,
    products,
    stockNotifications,
    outbox,
    mailer,
    site: { name: config.siteName, url: config.siteUrl },
  });
  return {
    kv,
    config,
    products,
    catalog: createCatalog(products, reservations),
    shippingFees,
    shippingDesk: createShippingDesk(shippingFees),
    orders,
    orderStats,
    analytics: createAnalytics({
      stats: orderStats,
      orders,
      products,
      subscribers,
      stockNotifications,
      timeZone: config.shopTimeZone,
    }),
    reservations,
    sandbox,
    checkout: createCheckout({
      config,
      products,
      shippingFees,
      orders,
      reservations,
      outbox,
      mailer,
      provider,
    }),
    subscribers,
    stockNotifications,
    restock,
    productDesk: createProductDesk({ products, uploads, restock }),
    demoRequests,
    admins,
    adminAuth: createAdminAuth({
      kv,
      admins,
      rateLimits,
      twoFactor,
      jwtSecret: config.jwtSecret,
    }),
    twoFactor,
    adminAccounts: createAdminAccounts(admins),
    audit,
    orderDesk: createOrderDesk({
      orders,
      products,
      shippingFees,
      stock: createStockMoves(kv),
      outbox,
      mailer,
      audit,
      provider,
      site: { name: config.siteName, url: config.siteUrl },
      timeZone: config.shopTimeZone,
    }),
    rateLimits,
    blobs,
    uploads,
    outbox,
    mailer,
    newsletter,
    newsletterSender: createNewsletterSender({ kv, subscribers, newsletter, outbox, mailer }),
    health: createHealth(kv),
    demoDesk: createDemoDesk(kv, { demoRequests, outbox, mailer, shopEmail: config.shopEmail }),
  };
}

export type Services = ReturnType<typeof createServices>;
