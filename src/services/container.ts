import { createAdminStore } from "../store/admins.ts";
import { createAuditStore } from "../store/audit.ts";
import { createBlobStore } from "../store/blobs.ts";
import { createDemoRequestStore } from "../store/demo-requests.ts";
import { createOrderStatsStore } from "../store/order-stats.ts";
import { createOrderStore } from "../store/orders.ts";
import { createInvoiceStore } from "../store/invoices.ts";
import { bankAccountOf, sellerOf } from "./invoicing.ts";
import { createQuoteDesk } from "./quote-desk.ts";
import { createSaleDocuments } from "./sale-documents.ts";
import { createAccountPayments } from "./account-payments.ts";
import { createBankReconciliation } from "./bank-reconciliation.ts";
import { createReceivables } from "./receivables.ts";
import { createBankEntryStore } from "../store/bank-entries.ts";
import { createOpenAccountStore } from "../store/open-accounts.ts";
import { createSalesQuoteStore } from "../store/sales-quotes.ts";
import { createInvoiceDesk } from "./invoice-desk.ts";
import { createEReporting } from "./e-reporting.ts";
import { createOrderLinks, QUOTE_PAGE } from "./order-links.ts";
import { createOrderTracking } from "./order-tracking.ts";
import { createWithdrawals } from "./withdrawals.ts";
import { createOrderLinksRequestStore } from "../store/order-link-requests.ts";
import { createOutboxStore } from "../store/outbox.ts";
import { createEinvoiceTransmissionStore } from "../store/einvoice-transmissions.ts";
import { createChorusProClient, createChorusProDesk, queueForChorusPro } from "./chorus-pro.ts";
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
import { catalogFollowFor, createCatalog } from "./catalog.ts";
import { kvFileChanges } from "../store/kv-changes.ts";
import { createCheckout } from "./checkout.ts";
import { createTransferOrders } from "./transfer-orders.ts";
import type { Config } from "./config.ts";
import { createMailer } from "./mail/mailer.ts";
import { createSmtpTransport, type MailTransport } from "./mail/transport.ts";
import { legalMailFiles } from "./legal-pdfs.ts";
import { legalIdentityOf } from "./legal-identity.ts";
import { companyName } from "../domain/legal-notice.ts";
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
import { listCountries } from "../domain/countries.ts";
import { createUnsubscribeTokens } from "./unsubscribe.ts";
import { createUploads } from "./uploads.ts";
import { createTwoFactor } from "./two-factor.ts";
import { getOrCreateSecret } from "./secrets.ts";
import { createVies } from "./vies.ts";
import { createApprovedPlatform, type EReportingWriter } from "./approved-platform.ts";
import { createPlatformFlowStore } from "../store/platform-flows.ts";
import { renderInvoicePdf } from "./invoice-pdf-lazy.ts";

/** Everything the API and the pages work with, built once per process (or per test). */
export function createServices(
  kv: Deno.Kv,
  config: Config,
  options: {
    transport?: MailTransport;
    /** The e-reporting (Flux 10) file of a period; none: no reports are sent. */
    reports?: EReportingWriter;
  } = {},
) {
  const products = createProductStore(kv);
  const outbox = createOutboxStore(kv);
  // E-invoices sent to Chorus Pro or the platform, one per channel and document.
  const einvoiceTransmissions = createEinvoiceTransmissionStore(kv);
  const transport = options.transport ??
    (config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : null);
  // Every order write moves the sales aggregates in its own commit.
  const orderStats = createOrderStatsStore(kv, config.shopTimeZone);
  // ... and issues its invoice or credit note in that same commit.
  const invoices = createInvoiceStore(kv, {
    seller: () => sellerOf(config),
    sellerEndpoint: () => config.sellerEinvoiceAddress ?? sellerOf(config).siren,
    timeZone: config.shopTimeZone,
    ossRegistered: config.vat.oss,
    bank: () => bankAccountOf(config),
  });
  // What every invoice and credit note prints beside its snapshot (the PDF, CII and UBL alike).
  const documents = { shopName: config.siteName };
  const invoiceDesk = createInvoiceDesk({
    invoices,
    timeZone: config.shopTimeZone,
    documents,
    ossRegistered: config.vat.oss,
  });
  // ... and queues it for the approved platform in that same commit, when it goes there.
  // A period's e-reporting file (Flux 10), which the platform sends once PA_MATRICULE names it.
  const eReporting = createEReporting({
    kv,
    invoices,
    seller: () => sellerOf(config),
    matricule: config.platformMatricule,
  });
  const platform = createApprovedPlatform({
    settings: config.platform,
    store: createPlatformFlowStore(kv),
    transmissions: einvoiceTransmissions,
    invoices,
    render: (doc) => renderInvoicePdf(doc, documents),
    callbackUrl: `${config.siteUrl}/api/platform/webhook`,
    timeZone: config.shopTimeZone,
    regime: config.vat.regime,
    reports: options.reports ?? (config.platformMatricule ? eReporting.file : null),
  });
  // With Chorus Pro on, each public buyer's document the platform does not carry is queued for
  // deposit in the commit that issues it (services/chorus-pro.ts deposits it once).
  const chorusPro = config.chorusPro
    ? createChorusProDesk({
      kv,
      client: createChorusProClient(config.chorusPro),
      transmissions: einvoiceTransmissions,
      pdf: (number) => invoiceDesk.pdf(number),
    })
    : null;
  // ... and moves its entries in the index of orders on account (bank reconciliation).
  const openAccounts = createOpenAccountStore(kv);
  const orders = createOrderStore(kv, [
    // The figures depend on nothing else the commit writes: read beside the invoice's counter.
    [orderStats.hook, invoices.hook],
    openAccounts.hook,
    platform.hook,
    ...(chorusPro ? [queueForChorusPro(invoices, einvoiceTransmissions, platform.carries)] : []),
  ]);
  const vies = createVies({
    kv,
    url: config.vat.viesUrl,
    requester: sellerOf(config).vatNumber,
    timeoutMs: config.vat.viesTimeoutMs,
    timeZone: config.shopTimeZone,
  });
  const reservations = createReservationStore(kv, orders);
  const shippingFees = createShippingFeeStore(kv);
  const mailer = createMailer(
    outbox,
    transport,
    legalMailFiles(
      { siteName: config.siteName, company: companyName(config.siteName) },
      () => legalIdentityOf(config),
    ),
  );
  // Stripe when a secret key is set, else the offline sandbox (see services/payments/).
  const { secretKey, webhookSecret, apiBase } = config.stripe;
  let sandboxSecret: Promise<string> | undefined;
  const sandbox = secretKey ? null : createSandboxProvider(
    createSandboxIntentStore(kv),
    // Generated once per install and kept in KV (like the JWT secret) unless one is set.
    () => sandboxSecret ??= getOrCreateSecret(kv, "sandbox_webhook", webhookSecret),
  );
  const provider = sandbox ??
    createStripeProvider({ secretKey: secretKey ?? "", webhookSecret, apiBase });
  const subscribers = createSubscriberStore(kv);
  const demoRequests = createDemoRequestStore(kv);
  const admins = createAdminStore(kv);
  const rateLimits = createRateLimitStore(kv);
  const blobs = createBlobStore(kv);
  const audit = createAuditStore(kv);
  const twoFactor = createTwoFactor({
    store: createTwoFactorStore(kv),
    serverSecret: () => getOrCreateSecret(kv, "jwt", config.jwtSecret),
    issuer: config.siteName,
  });
  const adminAuth = createAdminAuth({ kv, admins, twoFactor, jwtSecret: config.jwtSecret });
  const stockNotifications = createStockNotificationStore(kv);
  const newsletter = createNewsletter(
    subscribers,
    createUnsubscribeTokens(kv, config.jwtSecret),
    config.siteUrl,
  );
  const uploads = createUploads(blobs);
  const orderLinks = createOrderLinks(kv, config.jwtSecret, config.siteUrl);
  const orderDesk = createOrderDesk({
    orders,
    products,
    shippingFees,
    stock: createStockMoves(kv),
    outbox,
    mailer,
    audit,
    provider,
    site: { name: config.siteName, url: config.siteUrl },
    links: orderLinks,
    timeZone: config.shopTimeZone,
    vatRates: config.vat.rates,
    ossState: invoices.ossState,
    vies,
    documents: invoices,
    publicBodies: chorusPro,
  });
  const checkout = createCheckout({
    config,
    products,
    shippingFees,
    orders,
    reservations,
    outbox,
    mailer,
    provider,
    links: orderLinks,
    vies,
    publicBodies: chorusPro,
    ossState: invoices.ossState,
    // A refund made at the provider (Stripe's dashboard), read back from it: as the shop's own.
    onRefunded: (intent) => orderDesk.recordProviderRefund(intent),
    // A bank transfer's funds, read back from Stripe: recorded on its order.
    onTransfer: (intent) => transferOrders.settle(intent),
    // A quote's card payment: its quote claimed, then accepted by its order.
    quotePayments: {
      claim: (...a) => quoteDesk.cardPayments.claim(...a),
      release: (...a) => quoteDesk.cardPayments.release(...a),
      payable: (...a) => quoteDesk.cardPayments.payable(...a),
      stage: (...a) => quoteDesk.cardPayments.stage(...a),
    },
  });
  const quoteLinks = createOrderLinks(kv, config.jwtSecret, config.siteUrl, QUOTE_PAGE);
  const salesQuotes = createSalesQuoteStore(kv);
  // The quote's and the pro-forma's PDFs: the invoice's page, in the buyer's language.
  const saleDocuments = createSaleDocuments({
    quotes: salesQuotes,
    orders,
    quoteLinks,
    orderLinks,
    settings: () => ({
      shopName: config.siteName,
      seller: sellerOf(config),
      bank: bankAccountOf(config),
      timeZone: config.shopTimeZone,
    }),
  });
  const quoteDesk = createQuoteDesk({
    kv,
    quotes: salesQuotes,
    orders,
    stock: createStockMoves(kv),
    outbox,
    mailer,
    audit,
    blobs,
    price: checkout.priceAndTax,
    card: checkout,
    transfer: { openForQuote: (...a) => transferOrders.openForQuote(...a) },
    quoteLinks,
    orderLinks,
    site: { name: config.siteName, url: config.siteUrl },
    shopEmail: config.shopEmail,
    timeZone: config.shopTimeZone,
    bank: bankAccountOf(config),
    transfersOn: Boolean(config.transfers.iban),
    production: config.shopEnv === "production",
    quoteValidityDays: config.transfers.quoteValidityDays,
    termsDays: config.transfers.termsDays,
  });
  // Every payment of an order on account, whatever its source, goes through this one function.
  const accountPayments = createAccountPayments({
    kv,
    orders,
    outbox,
    mailer,
    links: orderLinks,
    documents: invoices,
    site: { name: config.siteName, url: config.siteUrl },
    bank: bankAccountOf(config),
  });
  const transferOrders = createTransferOrders({
    kv,
    orders,
    stock: createStockMoves(kv),
    outbox,
    mailer,
    provider,
    links: orderLinks,
    payments: accountPayments,
    sale: checkout.checkoutSale,
    site: { name: config.siteName, url: config.siteUrl },
    shopEmail: config.shopEmail,
    timeZone: config.shopTimeZone,
    holdDays: config.transfers.stripeHoldDays,
    termsDays: config.transfers.termsDays,
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
    catalog: createCatalog(
      products,
      catalogFollowFor(config.kvPath, Deno.env.get("DENO_DEPLOYMENT_ID")),
      kvFileChanges(config.kvPath),
    ),
    shippingFees,
    // Fees are for the shop's countries: the list its forms offer.
    shippingDesk: createShippingDesk(
      shippingFees,
      listCountries(config.excludedCountries).map((c) => c.name),
    ),
    orders,
    orderStats,
    openAccounts,
    invoices,
    einvoiceTransmissions,
    platform,
    orderLinks,
    orderTracking: createOrderTracking({
      orders,
      invoices,
      links: orderLinks,
      outbox,
      requests: createOrderLinksRequestStore(kv),
      mailer,
      site: { name: config.siteName, url: config.siteUrl },
      timeZone: config.shopTimeZone,
      documents,
    }),
    withdrawals: createWithdrawals({
      orders,
      links: orderLinks,
      outbox,
      mailer,
      site: { name: config.siteName, url: config.siteUrl },
      timeZone: config.shopTimeZone,
      returnAddress: () => legalIdentityOf(config).address,
    }),
    invoiceDesk,
    chorusPro,
    eReporting,
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
    checkout,
    transferOrders,
    quoteDesk,
    saleDocuments,
    quoteLinks,
    accountPayments,
    receivables: createReceivables({
      kv,
      orders,
      invoices,
      outbox,
      mailer,
      links: orderLinks,
      site: { name: config.siteName, url: config.siteUrl },
      bank: bankAccountOf(config),
      timeZone: config.shopTimeZone,
      reminderDays: config.transfers.reminderDays,
    }),
    bankReconciliation: createBankReconciliation({
      orders,
      accounts: openAccounts,
      entries: createBankEntryStore(kv),
      payments: accountPayments,
    }),
    subscribers,
    stockNotifications,
    restock,
    productDesk: createProductDesk({ products, uploads, restock }),
    demoRequests,
    admins,
    adminAuth,
    twoFactor,
    adminAccounts: createAdminAccounts(admins, adminAuth.confirmPassword),
    audit,
    orderDesk,
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
