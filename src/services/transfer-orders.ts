import type { AuditActor } from "../domain/audit.ts";
import type { CreateIntentBody } from "../domain/checkout.ts";
import {
  ConflictError,
  StockShortError,
  UnprocessableError,
  UpstreamError,
} from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { formatIban } from "../domain/bank-account.ts";
import { hasPayment, orderReference } from "../domain/order-account.ts";
import { unitsOut } from "../domain/order-correction.ts";
import { buyerMail, confirmationMail, newOrderNotice } from "../domain/order-mails.ts";
import { holdsStock, type NewOrder, type Order, orderLocale } from "../domain/order.ts";
import { shopDay } from "../domain/shop-time.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { fill } from "../i18n/fill.ts";
import { formatDate } from "../i18n/format.ts";
import { mailWords } from "../i18n/mail-words.ts";
import { nowIso } from "../store/atomic.ts";
import type { OrderStore } from "../store/orders.ts";
import type { OutboxStore } from "../store/outbox.ts";
import type { StockMoves } from "../store/stock.ts";
import { backgroundJob } from "./background-job.ts";
import type { Checkout, Sale } from "./checkout.ts";
import { log } from "./log.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { OrderLinks } from "./order-links.ts";
import { allOf, orderAudit } from "./order-audit.ts";
import type { AccountPayments, NewAccountPayment } from "./account-payments.ts";
import {
  type PaymentIntentView,
  type PaymentProvider,
  ProviderError,
  TRANSFER_KIND,
} from "./payments/provider.ts";

const DAY_MS = 24 * 3600_000;

/** Stripe, reporting a transfer's funds (read back from it). */
const STRIPE: AuditActor = { id: "stripe", email: "", role: "system" };
/** The system, cancelling an order whose transfer did not come in time. */
const CLOCK: AuditActor = { id: "clock", email: "", role: "system" };

/**
 * An unpaid transfer order's hold, `[.., until ms, order id]`: the expiry reads the ones due as
 * one range, never a scan of the orders. An entry outliving its hold's reason (the order paid or
 * cancelled) is dropped when its time comes.
 */
const holdKey = (untilMs: number, orderId: string) => ["transfer_hold", untilMs, orderId] as const;

export interface TransferOrderDeps {
  kv: Deno.Kv;
  orders: OrderStore;
  stock: StockMoves;
  outbox: OutboxStore;
  mailer: Mailer;
  provider: PaymentProvider;
  links: OrderLinks;
  /** The one way a payment reaches an order on account. */
  payments: Pick<AccountPayments, "record">;
  /** The checkout's own sale of a cart: its pricing and tax decision. */
  sale: Checkout["checkoutSale"];
  site: { name: string; url: string };
  shopEmail: string;
  timeZone: string;
  /** How long an unpaid transfer order holds its stock (STRIPE_TRANSFER_HOLD_DAYS). */
  holdDays: number;
  /** An order's terms days (before shipping, they are not used, but the account has them). */
  termsDays: number;
}

export type TransferOrders = ReturnType<typeof createTransferOrders>;

/** An order the expiry must leave alone now (paid meanwhile, cancelled by staff). */
class NoLongerUnpaid extends Error {}

/** What Stripe says was transferred to an intent so far. */
function fundedCents(intent: PaymentIntentView): number {
  if (intent.status === "succeeded") return intent.amountCents;
  return intent.transfer ? intent.amountCents - intent.transfer.amountRemainingCents : 0;
}

/** Unpaid and nothing received: the expiry may cancel it. */
const unpaid = (o: Order) =>
  o.status !== "cancelled" && o.paymentStatus === "pending" && !o.account?.payments.length;

/**
 * Stripe's bank transfer ("Bank transfer" at the checkout, where STRIPE_SECRET_KEY is set): the
 * order is made at once, payment pending, its stock held, with the buyer's virtual IBAN and
 * Stripe's reference; Stripe's `partially_funded` and `succeeded` events (the intent read back
 * from Stripe) record the payments on it; unpaid after `holdDays`, it is cancelled, its stock
 * released, its intent cancelled at Stripe and the buyer mailed.
 */
export function createTransferOrders(deps: TransferOrderDeps) {
  const { provider, orders } = deps;

  function providerDown(err: unknown): never {
    if (err instanceof ProviderError) {
      log.error("transfer: payment provider failed", {}, err);
      throw new UpstreamError(
        "payment_provider_error",
        "The payment service is unavailable; please try again.",
      );
    }
    throw err;
  }

  async function cancelAtStripe(paymentIntentId: string) {
    try {
      await provider.cancelIntent(paymentIntentId);
    } catch (err) {
      log.warn("transfer: cancelling a payment intent failed", { paymentIntentId }, err);
    }
  }

  /** The confirmation, saying where and by when to pay. */
  function confirmation(order: Order, link: string) {
    const lang = orderLocale(order);
    const t = messagesFor(lang).quotes.transfer;
    const w = mailWords(lang);
    const st = order.account!.stripeTransfer!;
    return confirmationMail(order, deps.site, link, w, {
      text: fill(t.stripeText, {
        n: order.orderNumber,
        amount: w.money(order.totalCents),
        date: formatDate(st.holdUntil, lang, deps.timeZone),
        reference: st.reference,
      }),
      facts: [
        [t.due, w.money(order.totalCents)],
        [t.payBy, formatDate(st.holdUntil, lang, deps.timeZone)],
        [t.holder, st.holder],
        [t.iban, formatIban(st.iban)],
        [t.bic, st.bic],
        [t.reference, st.reference],
      ],
    });
  }

  /**
   * Records each transfer Stripe applied to the intent and not recorded yet, through the one
   * function that records payments on orders on account (its audit entry and buyer's mail in
   * the same commit; paid in full, the order is paid and invoiced as a card payment's). Each
   * payment's id is Stripe's cash balance transaction's, so a replayed, late or concurrent event
   * records nothing twice. What Stripe holds beyond the intent once it succeeded (the buyer
   * transferred too much) is recorded as its own payment: the order reads overpaid, for staff to
   * return the excess.
   */
  async function record(order: Order, intent: PaymentIntentView) {
    const customer = intent.customerId;
    if (!customer || !provider.appliedTransfers) return "duplicate" as const;
    const applied = (await provider.appliedTransfers(customer))
      .filter((t) => t.paymentIntentId === intent.id);
    const excess = intent.status === "succeeded" && provider.cashBalanceCents
      ? await provider.cashBalanceCents(customer)
      : 0;
    const payments: NewAccountPayment[] = applied.map((t) => ({
      id: t.id,
      valueDate: shopDay(t.at, deps.timeZone),
      amountCents: t.amountCents,
      source: "stripe",
      note: "Stripe bank transfer",
    }));
    if (excess > 0) {
      payments.push({
        id: `${intent.id}:excess`,
        valueDate: shopDay(Date.now(), deps.timeZone),
        amountCents: excess,
        source: "stripe",
        note: "Transferred too much: the excess is in the buyer's Stripe cash balance, to return",
      });
    }
    let recorded = false;
    for (const payment of payments) {
      if (hasPayment(order.account!, payment.id)) continue;
      recorded = (await deps.payments.record(STRIPE, order.id, payment)).recorded || recorded;
    }
    return recorded ? "recorded" as const : "duplicate" as const;
  }

  /**
   * Cancels an unpaid transfer order whose hold is over: its intent at Stripe first (funds
   * arriving later go back to the buyer's cash balance, never to a cancelled order), then the
   * order, its stock, its hold and the buyer's mail in one commit. Of two instances at it, one
   * commit wins; the other finds the order cancelled and does nothing.
   */
  async function expire(key: Deno.KvKey, order: Order): Promise<boolean> {
    const piId = order.paymentIntentId!;
    const intent = await provider.retrieveIntent(piId);
    if (intent && fundedCents(intent) > 0) {
      // Paid (or partly) and its event not here yet: recorded now; staff decide on a part.
      await record(order, intent);
      return false;
    }
    await provider.cancelIntent(piId);
    const after = await provider.retrieveIntent(piId);
    if (after && after.status !== "canceled") return false; // funded meanwhile: the next run sees it
    let subject: string | null = null;
    try {
      await orders.update(
        order.id,
        (o) => {
          if (!unpaid(o)) throw new NoLongerUnpaid();
          return { ...o, status: "cancelled", stockHeld: false };
        },
        allOf(async (op, before, cancelled) => {
          if (holdsStock(before!)) await deps.stock.give(op, unitsOut(before!));
          op.delete(key);
          const lang = orderLocale(cancelled!);
          const t = messagesFor(lang).quotes.transfer;
          const w = mailWords(lang);
          const vars = {
            n: cancelled!.orderNumber,
            date: formatDate(cancelled!.account!.stripeTransfer!.holdUntil, lang, deps.timeZone),
          };
          const mail = buyerMail(
            cancelled!,
            deps.site,
            await deps.links.url(cancelled!.orderNumber, lang),
            w,
            {
              subject: fill(t.expiredSubject, vars),
              heading: fill(t.expiredSubject, vars),
              paragraphs: [fill(t.expiredText, vars)],
            },
          );
          deps.outbox.add(op, mail);
          subject = mail.subject;
        }, orderAudit(CLOCK, "order.status", () => "Cancelled: no bank transfer in time")),
      );
    } catch (err) {
      if (err instanceof NoLongerUnpaid) return false;
      throw err;
    }
    if (subject) deps.mailer.wake([subject]);
    return true;
  }

  /** The holds due by now: each unpaid order cancelled, the others' entries dropped. */
  async function expireHolds(): Promise<{ expired: number }> {
    let expired = 0;
    const now = Date.now();
    const due = deps.kv.list<string>({ start: ["transfer_hold"], end: ["transfer_hold", now + 1] });
    for await (const e of due) {
      if (holds.stopping()) break;
      const order = await orders.get(e.value);
      if (!order || !unpaid(order) || !order.paymentIntentId) {
        await deps.kv.delete(e.key);
        continue;
      }
      try {
        if (await expire(e.key, order)) expired++;
      } catch (err) {
        // Stripe is down: the next run tries again.
        log.warn("transfer holds: expiring an order failed", { orderId: order.id }, err);
      }
    }
    return { expired };
  }

  const holds = backgroundJob("transfer-holds", expireHolds, (counts, durationMs) => {
    log.info("job done", { job: "transfer-holds", ...counts, durationMs });
  });

  function assertAvailable() {
    if (!provider.createTransferIntent) {
      throw new UnprocessableError(
        "transfers_unavailable",
        "Bank transfer is not available here: please pay by card.",
      );
    }
  }

  /**
   * A Stripe Customer and its `customer_balance` intent for the sale, then the order, payment
   * pending, with its stock taken, its hold, the buyer's confirmation (where and by when to pay),
   * the staff's notice and what `quote.accept` adds, in one commit. Stock gone meanwhile: 409,
   * the intent cancelled, nothing made; a refusal of `accept` likewise.
   */
  async function openSale(
    sale: Sale,
    quote?: {
      quoteNumber: string;
      accept: (op: Deno.AtomicOperation, order: Order) => Promise<string[]>;
    },
  ): Promise<Order> {
    const id = newId();
    let intent: PaymentIntentView;
    try {
      intent = await provider.createTransferIntent!({
        amountCents: sale.totalCents,
        idempotencyKey: `transfer-${id}`,
        metadata: { kind: TRANSFER_KIND, checkoutId: id },
        description: quote
          ? `${deps.site.name} quote ${quote.quoteNumber}`
          : `${deps.site.name} order`,
        customer: {
          email: sale.customer.email,
          name: sale.business?.companyName ??
            `${sale.customer.firstName} ${sale.customer.lastName}`,
        },
      });
    } catch (err) {
      providerDown(err);
    }
    const shown = intent.transfer;
    if (!shown) {
      log.error("transfer: Stripe gave no bank transfer instructions", { id: intent.id });
      await cancelAtStripe(intent.id);
      throw new UpstreamError(
        "payment_provider_error",
        "The payment service is unavailable; please try again.",
      );
    }
    const holdUntilMs = Date.now() + deps.holdDays * DAY_MS;
    const newOrder = (orderNumber: string): NewOrder => ({
      ...sale,
      currency: "EUR",
      paymentMethod: "transfer",
      paymentStatus: "pending",
      status: "pending",
      paymentIntentId: intent.id,
      stockHeld: true,
      account: {
        terms: "before_shipping",
        termsDays: deps.termsDays,
        reference: orderReference(orderNumber),
        ...(quote ? { quoteNumber: quote.quoteNumber } : {}),
        payments: [],
        stripeTransfer: {
          paymentIntentId: intent.id,
          iban: shown.iban,
          bic: shown.bic,
          holder: shown.holder,
          reference: shown.reference,
          holdUntil: new Date(holdUntilMs).toISOString(),
        },
      },
      createdAt: nowIso(),
    });
    const subjects: string[] = [];
    try {
      const order = await orders.createWith(newOrder, async (op, _before, order) => {
        subjects.length = 0;
        if (quote) subjects.push(...await quote.accept(op, order!));
        await deps.stock.take(op, order!.items);
        op.set(holdKey(holdUntilMs, order!.id), order!.id);
        const link = await deps.links.url(order!.orderNumber, orderLocale(order!));
        for (
          const mail of [
            confirmation(order!, link),
            newOrderNotice(order!, deps.shopEmail, mailWords("en"), deps.timeZone),
          ]
        ) {
          deps.outbox.add(op, mail);
          subjects.push(mail.subject);
        }
      });
      deps.mailer.wake(subjects);
      return order;
    } catch (err) {
      await cancelAtStripe(intent.id);
      if (err instanceof ConflictError) throw new StockShortError(err.message);
      throw err;
    }
  }

  return {
    /** Whether the buyer may choose a bank transfer (Stripe is configured). */
    available: () => Boolean(provider.createTransferIntent),

    /** "Bank transfer" at the checkout: priced and taxed as a card payment would be. */
    async open(body: CreateIntentBody): Promise<Order> {
      assertAvailable();
      return await openSale(await deps.sale(body));
    },

    /**
     * "Bank transfer" on a quote's page: the quote's sale as it priced it, made as the checkout's
     * transfer order; `accept` adds the quote's acceptance to the order's commit (it may refuse:
     * nothing is made) and answers its mails' subjects.
     */
    async openForQuote(
      sale: Sale,
      quoteNumber: string,
      accept: (op: Deno.AtomicOperation, order: Order) => Promise<string[]>,
    ): Promise<Order> {
      assertAvailable();
      return await openSale(sale, { quoteNumber, accept });
    },

    /**
     * A transfer intent's webhook (`payment_intent.partially_funded`, `.succeeded`, read back
     * from Stripe by the caller): its payments recorded on its one order.
     */
    async settle(
      intent: PaymentIntentView,
    ): Promise<"recorded" | "duplicate" | "unknown" | "cancelled"> {
      const order = await orders.getByPaymentIntent(intent.id);
      if (!order?.account?.stripeTransfer) return "unknown";
      if (order.status === "cancelled") {
        // Its intent was cancelled first: Stripe keeps what came after in the buyer's balance.
        if (fundedCents(intent) > 0) {
          log.error("transfer: funds for a cancelled order: return them from Stripe", {
            orderNumber: order.orderNumber,
            paymentIntentId: intent.id,
          });
        }
        return "cancelled";
      }
      return await record(order, intent);
    },

    expireHolds,

    /** Expires holds now (what a restart missed), then every `intervalMs`; one run at a time. */
    start(intervalMs = 60_000) {
      holds.start(intervalMs);
    },

    stop: holds.stop,
  };
}
