import { createAdminStore } from "../store/admins.ts";
import { createBlobStore } from "../store/blobs.ts";
import { createDemoRequestStore } from "../store/demo-requests.ts";
import { createOrderStore } from "../store/orders.ts";
import { createOutboxStore } from "../store/outbox.ts";
import { createProductStore } from "../store/products.ts";
import { createShippingFeeStore } from "../store/shipping-fees.ts";
import { createStockNotificationStore } from "../store/stock-notifications.ts";
import { createSubscriberStore } from "../store/subscribers.ts";
import { createCatalog } from "./catalog.ts";
import { createDemoDesk } from "./demo-desk.ts";
import type { Config } from "./config.ts";
import { createMailer } from "./mail/mailer.ts";
import { createSmtpTransport, type MailTransport } from "./mail/transport.ts";
import { createNewsletter } from "./newsletter.ts";
import { createUnsubscribeTokens } from "./unsubscribe.ts";

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
  const subscribers = createSubscriberStore(kv);
  const demoRequests = createDemoRequestStore(kv);
  const mailer = createMailer(outbox, transport);
  return {
    kv,
    config,
    products,
    catalog: createCatalog(products),
    shippingFees: createShippingFeeStore(kv),
    orders: createOrderStore(kv),
    subscribers,
    stockNotifications: createStockNotificationStore(kv),
    demoRequests,
    admins: createAdminStore(kv),
    blobs: createBlobStore(kv),
    outbox,
    mailer,
    newsletter: createNewsletter(
      subscribers,
      createUnsubscribeTokens(kv, config.jwtSecret),
      config.siteUrl,
    ),
    demoDesk: createDemoDesk(kv, { demoRequests, outbox, mailer, shopEmail: config.shopEmail }),
  };
}

export type Services = ReturnType<typeof createServices>;
