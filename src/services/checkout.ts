import {
  assertAvailable,
  assertClientAmounts,
  assertCountryCode,
  type BusinessInput,
  chargeCheckout,
  chargedSale,
  type CreateIntentBody,
  mergeLines,
  priceCheckout,
  type PricedCheckout,
  type PricingProduct,
  type QuoteBody,
  RESERVATION_TTL_MS,
} from "../domain/checkout.ts";
import { createAdmission } from "./admission.ts";
import { CURRENT_TERMS_VERSION } from "../domain/terms.ts";
import { resolveCountryCode } from "../domain/country-code.ts";
import {
  DomainError,
  NotFoundError,
  UnprocessableError,
  UpstreamError,
  ValidationError,
} from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import {
  type NewOrder,
  type Order,
  type OrderLocale,
  orderLocale,
  orderTax,
  orderVatCents,
} from "../domain/order.ts";
import { fromCents } from "../domain/money.ts";
import { shopDay } from "../domain/shop-time.ts";
import {
  countsForOss,
  decideTax,
  onTaxPoint,
  ossMatters,
  publicTax,
  type TaxDecision,
  vatGroup,
} from "../domain/tax.ts";
import { newOrderNotice, orderConfirmationMail } from "../domain/order-mails.ts";
import { mailWords } from "../i18n/mail-words.ts";
import { SOLD_OUT } from "../domain/payment-errors.ts";
import type { Reservation } from "../domain/reservation.ts";
import { countryKey } from "../domain/shipping-fee.ts";
import { nowIso } from "../store/atomic.ts";
import type { OrderLinks } from "./order-links.ts";
import type { OrderStore } from "../store/orders.ts";
import type { OutboxStore } from "../store/outbox.ts";
import type { ProductStore } from "../store/products.ts";
import type { CompleteResult, ReservationStore } from "../store/reservations.ts";
import type { ShippingFeeStore } from "../store/shipping-fees.ts";
import type { InvoiceStore } from "../store/invoices.ts";
import type { Config } from "./config.ts";
import type { Mailer } from "./mail/mailer.ts";
import {
  InvalidSignatureError,
  type PaymentIntentView,
  type PaymentProvider,
  ProviderError,
  TRANSFER_KIND,
} from "./payments/provider.ts";
import { backgroundJob } from "./background-job.ts";
import { log } from "./log.ts";
import type { Vies } from "./vies.ts";
import { type CompanyAddress, companyBuyer, type PublicBodyCheck } from "./company-buyer.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { taxWords } from "../i18n/tax-words.ts";
import { vatStatement } from "../domain/vat-statement.ts";

/** How VAT is stated to a buyer of `locale`: the statement the cart, checkout and dialog show. */
function statementFor(
  tax: Parameters<typeof vatStatement>[0],
  vatCents: number,
  locale: OrderLocale,
) {
  const words = messagesFor(locale).tax;
  const s = vatStatement(tax, vatCents, taxWords(words, locale));
  return { ...s, excluded: words.excluded };
}

/** How a quote is priced unlike a checkout (see `priceAndTax`). */
export interface PricingOptions {
  /** false: the stock is not checked (a quote holds none). */
  checkStock?: boolean;
  /** Staff's terms applied to the shelf prices before the tax decision. */
  adjust?: (shelf: PricedCheckout) => PricedCheckout;
  /** An order's company address: VIES is asked with the company's name and address. */
  companyAddress?: CompanyAddress;
}

/** A refusal to charge a quote's payment: the 409 its page shows. */
export interface QuoteRefusal {
  code: string;
  message: string;
}

/** The quote this checkout pays (its page's "Pay by card"). */
export type QuoteRef = NonNullable<Reservation["quote"]>;

/**
 * The quote side of a quote's card payment (quote-desk.ts): once the card is authorized, the
 * quote is claimed for the payment before its stock is taken, so no acceptance, other payment
 * or staff edit gets in between; the payment's order then accepts it in the order's own commit.
 */
export interface QuotePayments {
  /** Claims the quote for the payment (again: nothing), or says why it cannot be paid now. */
  claim(quote: QuoteRef, paymentIntentId: string): Promise<QuoteRefusal | null>;
  /** Lets the quote go: its payment was not charged. */
  release(quote: QuoteRef, paymentIntentId: string): Promise<void>;
  /** Whether the payment's order accepts the quote (else it is recorded for a refund). */
  payable(quote: QuoteRef, paymentIntentId: string): Promise<boolean>;
  /** Adds the quote's acceptance by `order` to the order's commit; answers its mails' subjects. */
  stage(
    op: Deno.AtomicOperation,
    quote: QuoteRef,
    paymentIntentId: string,
    order: Order,
  ): Promise<string[]>;
}

/** A sale as charged, with its buyer: a cart's, priced by the checkout, or a quote's. */
export type Sale = Omit<
  Reservation,
  | "schemaVersion"
  | "id"
  | "status"
  | "paymentIntentId"
  | "expiresAt"
  | "createdAt"
  | "orderId"
  | "lastPaymentError"
  | "quote"
>;

export interface CheckoutDeps {
  /** Chorus Pro's directory, when configured: a public body's structure is checked. */
  publicBodies?: PublicBodyCheck | null;
  config: Config;
  products: ProductStore;
  shippingFees: ShippingFeeStore;
  orders: OrderStore;
  reservations: ReservationStore;
  outbox: OutboxStore;
  mailer: Mailer;
  provider: PaymentProvider;
  /** The buyer's order page link, in the confirmation mail. */
  links: OrderLinks;
  /** Business buyers' VAT numbers are checked with it. */
  vies: Vies;
  /** The seller's OSS state on a day (from the invoices). */
  ossState: InvoiceStore["ossState"];
  /** Records a refund the provider reports (`charge.refunded`); answers what it did. */
  onRefunded: (intent: PaymentIntentView) => Promise<"recorded" | "unchanged" | "unknown">;
  /** Records a bank transfer's funds (its intent's events); answers what it did. */
  onTransfer: (intent: PaymentIntentView) => Promise<string>;
  /** A quote's card payment: its quote claimed, then accepted by its order. */
  quotePayments: QuotePayments;
}

export type Checkout = ReturnType<typeof createCheckout>;

/**
 * How long a finished checkout and a never-paid sandbox intent are kept: past Stripe's 7 days
 * of an authorization and any late webhook, then deleted.
 */
export const KEPT_FOR_MS = 30 * 24 * 3600_000;
/** The most of each one sweep looks at for deletion: the sweep's work stays bounded. */
const PURGE_BATCH = 200;

/**
 * New checkouts (priced, their intent and record made) at once per instance; the others wait
 * their turn. A launch's 1,000 buyers all at once kept 1,000 requests in flight: every turn of
 * the event loop ran hundreds of them, so the steps that finish a paying buyer (stock, capture,
 * order, each a few turns) waited behind the new ones, and the garbage collector went through
 * all that was alive. With 32 at a time the launch ended in 1.6-1.8 s instead of 2.2-2.3 s, at
 * 1.9-2.0 ms of server CPU a buyer instead of 2.6 (docs/performance.md).
 */
const NEW_CHECKOUTS_AT_ONCE = 32;

/** What settling an authorized or paid intent came to. */
export type Settlement =
  | CompleteResult
  /**
   * The authorization was canceled: nothing charged (the stock was gone, too late, or the quote
   * it pays was answered, cancelled or expired meanwhile: `refusal`).
   */
  | {
    kind: "not_charged";
    reason: "no_stock" | "closed" | "quote";
    productName?: string;
    refusal?: QuoteRefusal;
  }
  /** Not authorized (yet), or already canceled: nothing to do. */
  | { kind: "not_paid"; status: string };

/**
 * The checkout: prices on the server and checks the stock (holding none), creates the payment
 * intent (authorize only), and when the card is authorized takes the stock, captures and turns
 * the payment into an order, through one idempotent step, keyed by the PaymentIntent id, that
 * the confirm call, the webhook and the sweep reach. If the stock is gone by then, the
 * authorization is canceled: the buyer is not charged.
 */
export function createCheckout(deps: CheckoutDeps) {
  const { config, reservations, provider } = deps;
  const newCheckouts = createAdmission(NEW_CHECKOUTS_AT_ONCE);

  /**
   * The cart priced from the shop's records, its stock checked now, and taxed: a company's
   * details checked (422 on a bad VAT number or SIREN), its VAT number asked to VIES when it
   * can make the sale exempt, the decision taken on today's rates and OSS state, and the
   * amounts as charged under it. A quote (`options`) holds no stock, so it is not checked, and
   * staff's terms (discounts, their shipping fee) change the shelf prices before the decision.
   */
  async function priceAndTax(
    items: { id: string; quantity: number }[],
    shippingCountry: string,
    business: BusinessInput | undefined,
    locale: "en" | "fr" = "en",
    options: PricingOptions = {},
  ) {
    const ids = mergeLines(items).map((l) => l.id);
    // Both at once: a crowd's every checkout waited for one read after the other.
    const [found, fee] = await Promise.all([
      deps.products.getMany(ids),
      deps.shippingFees.getByCountry(shippingCountry),
    ]);
    const products = new Map<string, PricingProduct>();
    for (const p of found) if (p) products.set(p.id, p);
    const catalogue = priceCheckout(items, products, shippingCountry, fee);
    if (options.checkStock !== false) assertAvailable(catalogue.lines, products);
    const shelf = options.adjust ? options.adjust(catalogue) : catalogue;
    const destination = assertCountryCode(
      shelf.shippingCountry,
      resolveCountryCode(shelf.shippingCountry),
    );
    const { buyer, business: stored } = await companyBuyer(
      deps.vies,
      business,
      destination,
      options.companyAddress,
      deps.publicBodies ?? undefined,
    );
    const taxPoint = shopDay(Date.now(), config.shopTimeZone);
    const tax = decideTax({
      destination,
      taxPoint,
      buyer,
      oss: ossMatters(destination) ? (await deps.ossState(taxPoint)).state : null,
      shelfCents: shelf.totalCents,
      overrides: config.vat.rates,
    });
    const priced = chargeCheckout(shelf, tax);
    if (locale === "en") return { priced, tax, business: stored };
    // The lines named in the buyer's language: their mails, order page and invoice say so.
    const names = new Map(found.map((p) => [p?.id, p?.fr?.name]));
    return {
      priced: {
        ...priced,
        lines: priced.lines.map((l) => ({ ...l, title: names.get(l.id) || l.title })),
      },
      tax,
      business: stored,
    };
  }

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
    if (data.billingAddress) {
      assertCountryCode(
        data.billingAddress.country,
        resolveCountryCode(data.billingAddress.country),
        "orderData.billingAddress.country",
      );
    }
    const taxed = await priceAndTax(
      data.items,
      data.shippingCountry,
      data.business,
      data.locale,
      { companyAddress: data.billingAddress ?? data.shippingAddress },
    );
    assertClientAmounts(taxed.priced, body);
    return taxed;
  }

  /** The buyer's sale as a checkout makes it: the cart priced and taxed, with the buyer's data. */
  async function sale(body: CreateIntentBody) {
    const { priced, tax, business } = await price(body);
    const data = body.orderData;
    return {
      customer: data.customer,
      shippingAddress: data.shippingAddress,
      ...chargedSale(priced, tax, business, data.billingAddress),
      locale: data.locale,
      termsVersion: CURRENT_TERMS_VERSION,
    };
  }

  /**
   * The sale's decision on its tax point (now, as the order is recorded) from the checkout's,
   * and the OSS entries it read (through `op`, the order's operation): the order's commit checks
   * them, so a sale that crossed the threshold meanwhile makes this one decide again.
   */
  async function finalTax(r: Reservation, op: Deno.AtomicOperation) {
    // A quote's payment is charged under the quote's own decision, as its acceptance would be.
    if (r.quote) return { tax: r.tax, entries: [] };
    const taxPoint = shopDay(Date.now(), config.shopTimeZone);
    // Only a distance sale's decision moves with the OSS state: no other reads it.
    const { state, entries } = r.tax && countsForOss(r.tax)
      ? await deps.ossState(taxPoint, op)
      : { state: null, entries: [] };
    const tax = r.tax
      ? onTaxPoint(r.tax, taxPoint, state, r.totalCents, config.vat.rates)
      : undefined;
    return { tax, entries };
  }

  function buildOrder(
    r: Reservation,
    pi: PaymentIntentView,
    noStock: boolean,
    tax: TaxDecision | undefined,
  ): NewOrder {
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
      ...(r.business ? { business: r.business } : {}),
      ...(r.billingAddress ? { billingAddress: r.billingAddress } : {}),
      ...(tax ? { tax } : {}),
      ...(r.locale ? { locale: r.locale } : {}),
      ...(r.termsVersion ? { termsVersion: r.termsVersion } : {}),
      paymentIntentId: pi.id,
      ...(noStock || amountWrong ? { needsRefund: true } : {}),
      createdAt: nowIso(),
    };
  }

  /** The order step for a captured payment: idempotent, keyed by the payment intent id. */
  async function complete(
    pi: PaymentIntentView,
    eventId?: string,
    committed?: Deno.KvEntry<Reservation>,
  ) {
    const subjects: string[] = [];
    let ossRead: Deno.KvEntryMaybe<unknown>[] = [];
    /** The quote the payment accepts, when it pays one that can still take it. */
    let accepts: QuoteRef | null = null;
    const result = await reservations.complete({
      paymentIntentId: pi.id,
      reservationId: pi.metadata.reservationId,
      eventId,
      committed,
      async buildOrder(r, noStock, op) {
        const { tax, entries } = await finalTax(r, op);
        ossRead = entries;
        accepts = r.quote && await deps.quotePayments.payable(r.quote, pi.id) ? r.quote : null;
        // Charged for a quote answered otherwise meanwhile: the order is made, to be refunded.
        return buildOrder(r, pi, noStock || (Boolean(r.quote) && !accepts), tax);
      },
      async addToCommit(op, order) {
        for (const entry of ossRead) op.check(entry);
        subjects.length = 0;
        if (accepts) subjects.push(...await deps.quotePayments.stage(op, accepts, pi.id, order));
        const link = await deps.links.url(order.orderNumber, orderLocale(order));
        for (
          const mail of [
            orderConfirmationMail(
              order,
              { name: config.siteName, url: config.siteUrl },
              link,
              mailWords(orderLocale(order)),
            ),
            newOrderNotice(order, config.shopEmail, mailWords("en"), config.shopTimeZone),
          ]
        ) {
          deps.outbox.addBuilt(op, mail);
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

  /** Cancels a payment intent that must not be charged; a provider failure is only logged. */
  async function cancelIntent(paymentIntentId: string) {
    try {
      await provider.cancelIntent(paymentIntentId);
      return true;
    } catch (err) {
      log.warn("checkout: cancelling a payment intent failed", { paymentIntentId }, err);
      return false;
    }
  }

  /**
   * The one step every path reaches (confirm-payment, the webhook, the sweep) with the intent
   * as its provider reports it, never as a client or an event body says:
   * - authorized (`requires_capture`): take the stock (batched per product), then capture and
   *   record the order; if the stock is gone (or the checkout is long over), cancel the
   *   authorization: the buyer is not charged;
   * - captured (`succeeded`): record the order (a crash after the capture, or a capture made
   *   elsewhere: takes free stock, else the order is flagged for refund);
   * - anything else: nothing to do.
   * A crash between the stock commit and the capture leaves a `committed` checkout, which the
   * next sweep captures (or, if its authorization is gone, gives its stock back).
   * Throws ProviderError when the provider cannot be reached (the caller may try again).
   * `known`: the checkout as the caller has just read it (it is read again as its stock is
   * taken).
   */
  async function settle(
    pi: PaymentIntentView,
    eventId?: string,
    known?: Reservation | null,
  ): Promise<Settlement> {
    if (pi.status === "succeeded") return await complete(pi, eventId);
    if (pi.status !== "requires_capture") {
      if (pi.status === "canceled") {
        // An authorization canceled outside this flow (or expired) on a committed checkout:
        // its units go back.
        const r = await reservations.byPaymentIntent(pi.id);
        if (r?.status === "committed") await uncommit(r);
      }
      return { kind: "not_paid", status: pi.status };
    }
    // A quote's payment claims its quote first: answered, cancelled or expired meanwhile, the
    // authorization is canceled and nothing is charged.
    const quote = pi.metadata.quoteId
      ? (known ?? await reservations.byPaymentIntent(pi.id))?.quote
      : undefined;
    const refusal = quote ? await deps.quotePayments.claim(quote, pi.id) : null;
    if (refusal) {
      if (await cancelIntent(pi.id)) {
        const r = known ?? await reservations.byPaymentIntent(pi.id);
        if (r) await reservations.releaseReservation(r.id);
      }
      return { kind: "not_charged", reason: "quote", refusal };
    }
    const outcome = await reservations.commit(pi.id, pi.metadata.reservationId, known);
    if (outcome.kind === "unknown") return { kind: "unknown" };
    if (outcome.kind === "no_stock" || outcome.kind === "closed") {
      if (quote) await deps.quotePayments.release(quote, pi.id);
      // Once the authorization is canceled the checkout is over; if canceling failed, it
      // stays open and the sweep tries again. Marking it released is tidying only (a canceled
      // intent cannot be paid): a busy store then must not turn "not charged" into an error.
      if (await cancelIntent(pi.id)) {
        const known = outcome.kind === "no_stock" ? outcome.entry : undefined;
        await reservations.releaseReservation(outcome.reservation.id, known).catch((err) =>
          log.warn("checkout: releasing a canceled checkout failed", {
            paymentIntentId: pi.id,
          }, err)
        );
      }
      if (outcome.kind === "no_stock") {
        log.info("checkout: stock gone at authorization, not charged", {
          paymentIntentId: pi.id,
        });
        return { kind: "not_charged", reason: "no_stock", productName: outcome.productName };
      }
      return { kind: "not_charged", reason: "closed" };
    }
    const captured = await provider.captureIntent(pi.id);
    if (captured.status === "succeeded") {
      return await complete(captured, eventId, outcome.entry);
    }
    if (captured.status === "canceled") {
      await uncommit(outcome.reservation);
      return { kind: "not_charged", reason: "closed" };
    }
    return { kind: "not_paid", status: captured.status };
  }

  /** Gives a committed checkout's units back; a quote it was paying is let go. */
  async function uncommit(r: Reservation) {
    await reservations.uncommit(r.id);
    if (r.quote && r.paymentIntentId) {
      await deps.quotePayments.release(r.quote, r.paymentIntentId);
    }
  }

  /** Marks an open checkout released and cancels its intent; false when it was not open. */
  async function release(id: string): Promise<boolean> {
    const r = await reservations.releaseReservation(id);
    if (r?.paymentIntentId) {
      await cancelIntent(r.paymentIntentId);
      // Authorized and claimed before a crash: the quote is free again.
      if (r.quote) await deps.quotePayments.release(r.quote, r.paymentIntentId);
    }
    return r !== null;
  }

  /**
   * Creates the intent (authorize only) for a priced sale and records the checkout, holding no
   * stock; answers the client secret. A quote's intent names it (its settlement claims it).
   */
  async function openIntent(sale: Sale, quote?: QuoteRef) {
    const id = newId();
    let intent: { id: string; clientSecret: string };
    try {
      intent = await provider.createIntent({
        amountCents: sale.totalCents,
        currency: "eur",
        idempotencyKey: `checkout-${id}`,
        metadata: { reservationId: id, ...(quote ? { quoteId: quote.id } : {}) },
        description: quote
          ? `${config.siteName} quote ${quote.number}`
          : `${config.siteName} order`,
        receiptEmail: sale.customer.email,
      });
    } catch (err) {
      providerDown(err);
    }
    const reservation = await reservations.open({
      schemaVersion: 1,
      id,
      status: "active",
      paymentIntentId: intent.id,
      ...sale,
      ...(quote ? { quote } : {}),
      expiresAt: Date.now() + RESERVATION_TTL_MS,
      createdAt: nowIso(),
    });
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      amount: sale.totalCents / 100,
      expiresAt: new Date(reservation.expiresAt).toISOString(),
    };
  }

  /**
   * Finishes what no confirm call finished: every open or committed checkout is looked up at
   * its provider and settled (an authorized one committed, captured and ordered, or canceled
   * when its stock is gone or it was authorized longer than COMMIT_GRACE_MS after its
   * checkout ended; a captured one ordered); an unpaid one past its time is released and its
   * intent canceled. Checks whether the sweeps are stopping between checkouts: each is settled in its own commits,
   * so stopping there is safe and the next sweep resumes.
   */
  async function sweep(): Promise<{ completed: number; released: number; purged: number }> {
    let completed = 0;
    let released = 0;
    const now = Date.now();
    for await (const r of reservations.pending()) {
      if (sweeps.stopping()) break;
      let intent: PaymentIntentView | null = null;
      try {
        if (r.paymentIntentId) intent = await provider.retrieveIntent(r.paymentIntentId);
        if (
          intent && (intent.status === "requires_capture" || r.status === "committed" ||
            intent.status === "succeeded")
        ) {
          const settled = await settle(intent);
          if (settled.kind === "created") completed++;
          if (settled.kind === "not_charged") released++;
          continue;
        }
      } catch (err) {
        // The provider is down: the next sweep asks again.
        log.warn("checkout sweep: payment provider failed", {
          paymentIntentId: r.paymentIntentId,
        }, err);
        continue;
      }
      if (r.status === "active" && r.expiresAt <= now && await release(r.id)) released++;
    }
    if (sweeps.stopping()) return { completed, released, purged: 0 };
    // Finished checkouts and never-paid sandbox intents are kept for a while (a late webhook,
    // staff's questions), then deleted, a bounded batch per sweep, after the sweep has closed
    // what it could.
    const purged = await reservations.purgeFinished(now - KEPT_FOR_MS, PURGE_BATCH) +
      (await provider.purgeAbandoned?.(now - KEPT_FOR_MS, PURGE_BATCH) ?? 0);
    return { completed, released, purged };
  }

  /** The sweep on this process's own timer, one at a time, each logged with what it did. */
  const sweeps = backgroundJob("checkout-sweep", sweep, (counts, durationMs) => {
    log.info("job done", { job: "checkout-sweep", ...counts, durationMs });
  });

  function providerDown(err: unknown, paymentIntentId?: string): never {
    if (err instanceof ProviderError) {
      log.error("checkout: payment provider failed", { paymentIntentId }, err);
      throw new UpstreamError(
        "payment_provider_error",
        "The payment service is unavailable; please try again.",
      );
    }
    throw err;
  }

  return {
    provider,
    release,
    /** The one pricing and tax decision, for quotes to charge exactly as the checkout. */
    priceAndTax,
    /** A checkout's sale: the cart priced, checked against the client's amounts, and taxed. */
    checkoutSale: sale,

    /**
     * Prices the cart and checks that its stock is there now (holding none), creates the
     * intent (authorize only) and records the checkout; answers the client secret.
     */
    createPaymentIntent(body: CreateIntentBody) {
      return newCheckouts.run(async () => await openIntent(await sale(body)));
    },

    /** A quote's "Pay by card": its sale as the quote prices it (quote-desk.ts builds it). */
    openIntent,

    /** The quote a payment was made for, from its checkout (null: none, or not a quote's). */
    async quoteOfPayment(paymentIntentId: string): Promise<QuoteRef | null> {
      return (await reservations.byPaymentIntent(paymentIntentId))?.quote ?? null;
    },

    /**
     * The cart as it would be charged (catalogue prices, the country's fee, the tax decision
     * with VIES's answer for a VAT number): what the cart and the checkout show before paying.
     */
    async quote(body: QuoteBody) {
      const { priced, tax } = await priceAndTax(
        body.items,
        body.shippingCountry,
        body.business?.vatNumber
          ? { companyName: "-", vatNumber: body.business.vatNumber }
          : undefined,
      );
      return {
        items: priced.lines.map((l) => ({
          id: l.id,
          title: l.title,
          price: fromCents(l.priceCents),
          quantity: l.quantity,
          total: fromCents(l.priceCents * l.quantity),
        })),
        subtotal: fromCents(priced.subtotalCents),
        shippingFee: fromCents(priced.shippingFeeCents),
        total: fromCents(priced.totalCents),
        vat: fromCents(vatGroup(priced.totalCents, tax).vatCents),
        tax: publicTax(tax),
        statement: statementFor(tax, vatGroup(priced.totalCents, tax).vatCents, body.locale),
      };
    },

    /**
     * Called by the shop once the card is authorized; never trusts it: asks the provider, then
     * settles (stock, capture, order). `email` must be the checkout's customer email (else: no
     * such payment). Stock gone meanwhile: 409 SOLD_OUT, the authorization canceled.
     */
    async confirmPayment(paymentIntentId: string, email: string): Promise<Order> {
      const sameEmail = (o: { customer: { email: string } }) =>
        o.customer.email.toLowerCase() === email.trim().toLowerCase();
      const { order: existing, reservation } = await reservations.paymentRecords(paymentIntentId);
      if (existing) {
        if (!sameEmail(existing)) throw new NotFoundError("No such payment");
        return existing; // completed before: nothing to ask the provider
      }
      if (reservation && !sameEmail(reservation)) throw new NotFoundError("No such payment");
      let settled: Settlement;
      try {
        const intent = await provider.retrieveIntent(paymentIntentId);
        if (!intent) throw new NotFoundError("No such payment");
        if (intent.status === "canceled") {
          throw new UnprocessableError(
            "payment_intent_canceled",
            "This payment was cancelled and your card was not charged. Please start the checkout again.",
          );
        }
        if (intent.status !== "requires_capture" && intent.status !== "succeeded") {
          throw new UnprocessableError(
            "payment_not_completed",
            intent.lastError ?? `The payment has not succeeded (status: ${intent.status})`,
          );
        }
        settled = await settle(intent, undefined, reservation);
      } catch (err) {
        providerDown(err, paymentIntentId);
      }
      if (settled.kind === "not_charged" && settled.refusal) {
        throw new DomainError(
          409,
          settled.refusal.code,
          `${settled.refusal.message} The payment was cancelled: your card was not charged.`,
        );
      }
      if (settled.kind === "not_charged") {
        throw new DomainError(
          409,
          SOLD_OUT,
          settled.productName
            ? `Not enough stock for ${settled.productName}: it sold out while you were paying. The payment was cancelled: your card was not charged.`
            : "This checkout ended before the payment was confirmed. The payment was cancelled: your card was not charged.",
        );
      }
      if (settled.kind === "not_paid") {
        throw new UnprocessableError(
          "payment_not_completed",
          `The payment has not succeeded (status: ${settled.status})`,
        );
      }
      if (settled.kind === "unknown") throw new NotFoundError("No checkout found for this payment");
      if (!settled.order || !sameEmail(settled.order)) throw new NotFoundError("No such payment");
      return settled.order;
    },

    /**
     * `POST /api/stripe/webhook`: a verified event names a payment intent; the intent is read
     * back from its provider and settled as it really is (a forged or stale body changes
     * nothing). A failed payment is recorded once per event id.
     */
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
      const id = event.paymentIntentId;
      const refunded = event.type === "charge.refunded";
      if (!id || !(event.type.startsWith("payment_intent.") || refunded)) {
        return { received: true, result: "ignored" };
      }
      let intent: PaymentIntentView | null;
      try {
        intent = await provider.retrieveIntent(id);
      } catch (err) {
        providerDown(err, id); // 502: the provider delivers the event again later
      }
      if (!intent) {
        log.warn("webhook: no such payment intent at the provider", { paymentIntentId: id });
        return { received: true, result: "unknown" };
      }
      if (refunded) return { received: true, result: await deps.onRefunded(intent) };
      if (intent.metadata.kind === TRANSFER_KIND) {
        try {
          return { received: true, result: await deps.onTransfer(intent) };
        } catch (err) {
          providerDown(err, id); // 502: Stripe delivers the event again later
        }
      }
      if (event.type === "payment_intent.payment_failed") {
        const fresh = await reservations.recordFailure(
          id,
          event.id,
          intent.lastError ?? "Payment failed",
        );
        return { received: true, result: fresh ? "recorded" : "duplicate" };
      }
      let settled: Settlement;
      try {
        settled = await settle(intent, event.id);
      } catch (err) {
        providerDown(err, id);
      }
      if (settled.kind === "unknown") {
        log.warn("webhook: not one of our checkouts", { paymentIntentId: id });
      }
      return { received: true, result: settled.kind };
    },

    sweep,

    /** An order's VAT as its buyer reads it (the success dialog), in the order's language. */
    statement: (order: Order) =>
      statementFor(orderTax(order), orderVatCents(order), orderLocale(order)),

    /** Sweeps now (what a restart missed), then every `intervalMs`; one sweep at a time. */
    startSweeps(intervalMs = 60_000) {
      sweeps.start(intervalMs);
    },

    /** Stops the sweeps: a running one ends after the checkout it is on. */
    stop: sweeps.stop,
  };
}
