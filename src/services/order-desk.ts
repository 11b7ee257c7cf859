import type { AuditActor, AuditDraft } from "../domain/audit.ts";
import { auditFields } from "../domain/audit.ts";
import {
  chargeCheckout,
  chargedSale,
  priceCheckout,
  type PricingProduct,
} from "../domain/checkout.ts";
import { resolveCountryCode } from "../domain/country-code.ts";
import { decideTax } from "../domain/tax.ts";
import type { RateOverride } from "../domain/vat-rates.ts";
import type { InvoiceStore } from "../store/invoices.ts";
import {
  ConflictError,
  DomainError,
  NotFoundError,
  rerooted,
  UpstreamError,
  ValidationError,
} from "../domain/errors.ts";
import { formatMoney } from "../domain/money.ts";
import {
  deletionRestocks,
  type ManualOrderBody,
  type StatusBody,
  stockMoveFor,
} from "../domain/order-admin.ts";
import { orderRefundedMail, orderStatusMail } from "../domain/order-mails.ts";
import { mailWords } from "../i18n/mail-words.ts";
import type { OrderLinks } from "./order-links.ts";
import type { PaymentIntentView } from "./payments/provider.ts";
import { EVERY_DATE, type OrderQuery } from "../domain/order-query.ts";
import {
  cancelRefundQuestion,
  PROVIDER_LABELS,
  refundIdempotencyKey,
  refundRefusal,
} from "../domain/order-refund.ts";
import {
  type AdminOrder,
  holdsStock,
  type Order,
  orderLocale,
  type OrderStatus,
  type PaymentStatus,
  toAdminOrder,
} from "../domain/order.ts";
import { dayStart, nextDay, shopDay } from "../domain/shop-time.ts";
import type { OrderAccount } from "../domain/order-account.ts";
import { dueDate } from "../domain/payment-terms.ts";
import { orderDateProblem } from "../domain/staff-dates.ts";
import { nowIso } from "../store/atomic.ts";
import { addAudit } from "../store/audit.ts";
import type { AuditStore } from "../store/audit.ts";
import type { OrderCommitExtra, OrderStore } from "../store/orders.ts";
import type { OutboxStore } from "../store/outbox.ts";
import type { ProductStore } from "../store/products.ts";
import type { ShippingFeeStore } from "../store/shipping-fees.ts";
import type { StockMoves } from "../store/stock.ts";
import { log } from "./log.ts";
import { companyBuyer } from "./company-buyer.ts";
import type { Vies } from "./vies.ts";
import type { Mailer } from "./mail/mailer.ts";
import { type PaymentProvider, ProviderError } from "./payments/provider.ts";

const SHOWN = [
  "status",
  "paymentStatus",
  "createdAt",
  "stockHeld",
  "shipment",
  "needsRefund",
  "refund",
] as const;

export interface OrderDeskDeps {
  orders: OrderStore;
  products: ProductStore;
  shippingFees: ShippingFeeStore;
  stock: StockMoves;
  outbox: OutboxStore;
  mailer: Mailer;
  audit: AuditStore;
  provider: PaymentProvider;
  site: { name: string; url: string };
  /** The buyer's order page link, in every mail about the order. */
  links: OrderLinks;
  timeZone: string;
  /** A manual order is taxed like a web one: VAT_RATES, and the OSS state of its day. */
  vatRates: readonly RateOverride[];
  ossState: InvoiceStore["ossState"];
  /** A company's VAT number is checked with it, as at the checkout. */
  vies: Vies;
}

/** Who records what the payment provider reports (a refund made in its dashboard). */
const PROVIDER_ACTOR: AuditActor = { id: "payment-provider", email: "", role: "system" };

export type OrderDesk = ReturnType<typeof createOrderDesk>;

/**
 * An order on terms is due its terms' days after it ships (its invoice is issued then): the due
 * date is fixed at its first shipping, the shop's day.
 */
function onShipping(
  account: OrderAccount,
  from: OrderStatus,
  to: OrderStatus,
  today: string,
): OrderAccount {
  const ships = (to === "shipped" || to === "delivered") && from !== "shipped" &&
    from !== "delivered";
  if (!ships || account.terms !== "on_terms" || account.dueDate) return account;
  return { ...account, dueDate: dueDate(today, account.termsDays) };
}

/**
 * What staff do with orders. Every change commits once: the order, its indexes and
 * aggregates, the stock it moves, the customer's mail and the audit entry.
 */
export function createOrderDesk(deps: OrderDeskDeps) {
  const { orders } = deps;

  /** The audit entry of an order change, added to the order's own commit. */
  function audited(actor: AuditActor, action: string, summary: (o: Order) => string) {
    return (op: Deno.AtomicOperation, before: Order | null, after: Order | null) => {
      const subject = (after ?? before)!;
      const draft: AuditDraft = {
        actor,
        action,
        entity: "order",
        entityId: subject.id,
        summary: summary(subject),
        before: auditFields(before, SHOWN),
        after: auditFields(after, SHOWN),
      };
      addAudit(op, draft);
    };
  }

  const both = (...extras: OrderCommitExtra[]): OrderCommitExtra => async (op, before, after) => {
    for (const extra of extras) await extra(op, before, after);
  };

  /**
   * The `from`..`to` days of a query as epoch ms, `to` inclusive (shop time zone); an open end
   * reaches every date, so each order the figures count is listed and exported.
   */
  function rangeOf(q: OrderQuery) {
    const from = q.from ? dayStart(q.from, deps.timeZone) : EVERY_DATE.from;
    const to = q.to ? dayStart(nextDay(q.to), deps.timeZone) : EVERY_DATE.to;
    if (from >= to) throw new ValidationError("The end date must not be before the start date");
    return { from, to };
  }

  /** An order date staff sent, as ISO, or a 400 naming the accepted range. */
  function checkedOrderDate(text: string): string {
    const ms = Date.parse(text);
    const problem = orderDateProblem(ms, Date.now(), deps.timeZone);
    if (problem) throw new ValidationError(problem, [{ field: "createdAt", message: problem }]);
    return new Date(ms).toISOString();
  }

  /**
   * The refund once its order is claimed: recorded if made outside the shop, else made;
   * `cancel` cancels the order in the same commit (staff's "refund and cancel").
   */
  async function refundClaimed(
    actor: AuditActor,
    order: Order,
    cancel = false,
  ): Promise<AdminOrder> {
    const id = order.id;
    const via = PROVIDER_LABELS[deps.provider.name] ?? deps.provider.name;
    // Refunded outside the shop already (Stripe's dashboard): recorded, not made again (the
    // provider would refuse it). Unreachable, the refund below says why.
    const intent = await deps.provider.retrieveIntent(order.paymentIntentId!).catch(() => null);
    if (intent && intent.refundedCents >= order.totalCents) {
      const outside = { id: `outside-${intent.id}`, amountCents: intent.refundedCents };
      return toAdminOrder(
        await recordRefund(
          actor,
          id,
          outside,
          `${via}, made outside the shop`,
          refundRefusal,
          cancel,
        ),
      );
    }
    let refund: { id: string; amountCents: number };
    try {
      refund = await deps.provider.refund({
        paymentIntentId: order.paymentIntentId!,
        amountCents: order.totalCents,
        idempotencyKey: refundIdempotencyKey(order.id),
      });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.error("order refund: payment provider refused", {
        orderNumber: order.orderNumber,
        paymentIntentId: order.paymentIntentId,
      }, err);
      throw new UpstreamError("refund_failed", `The refund failed: ${err.message}`);
    }
    return toAdminOrder(await recordRefund(actor, id, refund, via, refundRefusal, cancel));
  }

  /**
   * Records a refund on its order, once (`refusal` is checked again in the commit): paid
   * status to refunded, the buyer's mail, the audit entry; the invoice hook issues the credit
   * note in the same commit. `cancel`: the order is cancelled in that commit too, its units go
   * back, and the buyer's one mail is the cancellation, saying the refund.
   */
  async function recordRefund(
    actor: AuditActor,
    id: string,
    refund: { id: string; amountCents: number },
    via: string,
    refusal: (o: Order) => string | null,
    cancel = false,
  ): Promise<Order> {
    const at = nowIso();
    let mailSubject: string | null = null;
    const updated = await orders.update(
      id,
      (o) => {
        const late = refusal(o);
        if (late) throw new ConflictError(late);
        const { needsRefund: _, ...rest } = o;
        const move = cancel ? stockMoveFor(o, "cancelled") : null;
        return {
          ...rest,
          ...(cancel ? { status: "cancelled" as const } : {}),
          paymentStatus: "refunded",
          refund: { at, amountCents: refund.amountCents, id: refund.id },
          // Said explicitly: without the flag, an older order would seem to hold its stock.
          stockHeld: move === "give" ? false : holdsStock(o),
        };
      },
      both(
        async (op, before, after) => {
          if (cancel && stockMoveFor(before!, "cancelled") === "give") {
            await deps.stock.give(op, before!.items);
          }
          if (!after!.customer.email) return;
          const lang = orderLocale(after!);
          const link = await deps.links.url(after!.orderNumber, lang);
          const mail = cancel
            ? orderStatusMail(after!, deps.site, link, mailWords(lang))!
            : orderRefundedMail(after!, deps.site, link, mailWords(lang));
          deps.outbox.add(op, mail);
          mailSubject = mail.subject;
        },
        audited(
          actor,
          "order.refund",
          (o) =>
            `${cancel ? "Cancelled and refunded" : "Refunded"} ${
              formatMoney(o.refund?.amountCents ?? 0)
            } via ${via}`,
        ),
      ),
    );
    if (mailSubject) deps.mailer.wake([mailSubject]);
    log.info("order refunded", {
      orderNumber: updated.orderNumber,
      refundId: refund.id,
      amountCents: refund.amountCents,
      provider: deps.provider.name,
    });
    return updated;
  }

  return {
    async list(q: OrderQuery): Promise<{ orders: AdminOrder[]; nextCursor: string | null }> {
      const page = await orders.query(q, rangeOf(q));
      return { orders: page.orders.map(toAdminOrder), nextCursor: page.nextCursor };
    },

    /** Every order of the query, newest first, a page at a time (for exports). */
    async *each(q: OrderQuery): AsyncGenerator<Order> {
      let cursor: string | undefined;
      do {
        const page = await orders.query({ ...q, limit: 100, cursor }, rangeOf(q));
        yield* page.orders;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    },

    async detail(id: string) {
      const order = await orders.get(id);
      if (!order) return null;
      return { order: toAdminOrder(order), history: await deps.audit.forRecord("order", id) };
    },

    /**
     * Sets an order's status. Cancelling an order paid online needs `body.refund`: true
     * refunds and cancels in one action (as `refund`, the credit note once), false cancels
     * and keeps the payment (no credit note: no money went back); without it, 422.
     */
    async setStatus(actor: AuditActor, id: string, body: StatusBody): Promise<AdminOrder> {
      if (body.status === "cancelled" && body.refund === true) {
        return await this.refund(actor, id, { cancel: true });
      }
      let mailSubject: string | null = null;
      const updated = await orders.update(
        id,
        (o) => {
          const question = body.status === "cancelled" && body.refund === undefined
            ? cancelRefundQuestion(o)
            : null;
          if (question) {
            throw new DomainError(422, "refund_decision_required", question, [
              { field: "refund", message: question },
            ]);
          }
          const shipment = body.status === "shipped" && (body.carrier || body.trackingNumber)
            ? { carrier: body.carrier ?? "", trackingNumber: body.trackingNumber ?? "" }
            : o.shipment;
          const move = stockMoveFor(o, body.status);
          return {
            ...o,
            status: body.status,
            ...(shipment ? { shipment } : {}),
            ...(o.account
              ? {
                account: onShipping(
                  o.account,
                  o.status,
                  body.status,
                  shopDay(Date.now(), deps.timeZone),
                ),
              }
              : {}),
            stockHeld: move === "give" ? false : move === "take" ? true : holdsStock(o),
          };
        },
        both(async (op, before, after) => {
          const move = stockMoveFor(before!, after!.status);
          if (move === "give") await deps.stock.give(op, before!.items);
          if (move === "take") await deps.stock.take(op, before!.items);
          mailSubject = null;
          const changed = before!.status !== after!.status;
          const notify = after!.status === "shipped" || body.notifyCustomer === true;
          const mail = changed && notify && after!.customer.email
            ? orderStatusMail(
              after!,
              deps.site,
              await deps.links.url(after!.orderNumber, orderLocale(after!)),
              mailWords(orderLocale(after!)),
            )
            : null;
          if (mail) {
            deps.outbox.add(op, mail);
            mailSubject = mail.subject;
          }
        }, audited(actor, "order.status", (o) => `Status set to ${o.status}`)),
      );
      if (mailSubject) deps.mailer.wake([mailSubject]);
      return toAdminOrder(updated);
    },

    /**
     * One change for several orders, each checked, restocked and audited as if alone; answers
     * which ones failed and why.
     */
    async bulk(
      actor: AuditActor,
      ids: string[],
      change: { status?: StatusBody["status"]; paymentStatus?: PaymentStatus },
    ) {
      const results: { id: string; ok: boolean; message?: string }[] = [];
      for (const id of new Set(ids)) {
        try {
          if (change.status) await this.setStatus(actor, id, { status: change.status });
          if (change.paymentStatus) await this.setPayment(actor, id, change.paymentStatus);
          results.push({ id, ok: true });
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          results.push({ id, ok: false, message: err.message });
        }
      }
      return { updated: results.filter((r) => r.ok).length, results };
    },

    async setPayment(actor: AuditActor, id: string, paymentStatus: PaymentStatus) {
      const updated = await orders.update(
        id,
        (o) => {
          // The money went back: no later edit may say otherwise.
          if (o.refund) throw new ConflictError("This order has been refunded");
          return { ...o, paymentStatus };
        },
        audited(actor, "order.payment", (o) => `Payment status set to ${o.paymentStatus}`),
      );
      return toAdminOrder(updated);
    },

    /**
     * Refunds an order paid online, in full, through its payment provider, once: one call at a
     * time holds the order's refund claim (the others answer 409), the provider call carries a
     * key derived from the order (a retry after a crash gets the same refund back), and the
     * commit checks the order was not refunded meanwhile.
     */
    async refund(
      actor: AuditActor,
      id: string,
      options: { cancel?: boolean } = {},
    ): Promise<AdminOrder> {
      const order = await orders.get(id);
      if (!order) throw new NotFoundError("Order not found");
      const refusal = refundRefusal(order);
      if (refusal) throw new ConflictError(refusal);
      if (!(await orders.claimRefund(id))) {
        throw new ConflictError("A refund of this order is already under way");
      }
      try {
        return await refundClaimed(actor, order, options.cancel);
      } finally {
        await orders.releaseRefund(id);
      }
    },

    /**
     * A refund the provider reports (`charge.refunded`, the intent read back from it): made in
     * Stripe's dashboard, it is recorded on its order as the shop's own refunds are (status,
     * credit note, the buyer's mail, audit), once per amount.
     */
    async recordProviderRefund(
      intent: PaymentIntentView,
    ): Promise<"recorded" | "unchanged" | "unknown"> {
      if (intent.refundedCents <= 0) return "unchanged";
      const order = await orders.getByPaymentIntent(intent.id);
      if (!order) return "unknown";
      const newer = (o: Order) =>
        (o.refund?.amountCents ?? 0) >= intent.refundedCents ? "Already recorded" : null;
      if (newer(order)) return "unchanged";
      // Stripe reports staff's own refund too, often before the shop has recorded it: while
      // the claim is held the event is refused (non-2xx), so Stripe delivers it again once the
      // refund is recorded, or, if it never is (a crash), once the claim has lapsed.
      if (await orders.refundUnderWay(order.id)) {
        throw new ConflictError("A refund of this order is under way in the shop");
      }
      const via = `${
        PROVIDER_LABELS[deps.provider.name] ?? deps.provider.name
      }, made outside the shop`;
      const refund = { id: `outside-${intent.id}`, amountCents: intent.refundedCents };
      try {
        await recordRefund(PROVIDER_ACTOR, order.id, refund, via, newer);
      } catch (err) {
        if (err instanceof ConflictError) return "unchanged"; // a redelivery raced this one
        throw err;
      }
      return "recorded";
    },

    async setDate(actor: AuditActor, id: string, createdAt: string) {
      const iso = checkedOrderDate(createdAt);
      const updated = await orders.update(
        id,
        (o) => ({ ...o, createdAt: iso }),
        audited(actor, "order.date", () => `Creation date set to ${iso}`),
      );
      return toAdminOrder(updated);
    },

    async addNote(actor: AuditActor, id: string, text: string) {
      const updated = await orders.update(
        id,
        (o) => ({ ...o, notes: [...(o.notes ?? []), { at: nowIso(), author: actor.email, text }] }),
        audited(actor, "order.note", () => `Note: ${text.slice(0, 120)}`),
      );
      return toAdminOrder(updated);
    },

    /**
     * Deletes an order; units it still holds in the warehouse go back to the stock in the same
     * commit (never those of a shipped or delivered order).
     */
    async remove(actor: AuditActor, id: string) {
      await orders.remove(
        id,
        both(async (op, before) => {
          if (deletionRestocks(before!)) await deps.stock.give(op, before!.items);
        }, audited(actor, "order.delete", (o) => `Deleted ${o.orderNumber}`)),
      );
    },

    /**
     * A manual order: priced on the server from the catalogue and the country's fee (none: 0)
     * and taxed as a sale to a consumer on its day (net of French VAT for an export), its
     * stock taken in the same commit, never below what is available. State and ZIP code stay
     * empty when not given; an order id typed by staff becomes its number if unique.
     */
    async createManual(actor: AuditActor, body: ManualOrderBody): Promise<AdminOrder> {
      const createdAt = body.createdAt ? checkedOrderDate(body.createdAt) : nowIso();
      const products = new Map<string, PricingProduct>();
      for (const { id } of body.items) {
        const p = await deps.products.get(id);
        if (p) products.set(id, { ...p, isActive: true });
      }
      const fee = await deps.shippingFees.getByCountry(body.shippingCountry);
      const shelf = priceCheckout(
        body.items,
        products,
        body.shippingCountry,
        fee && fee.isActive
          ? fee
          : { country: body.shippingCountry, feeCents: 0, currency: "EUR", isActive: true },
      );
      const taxPoint = shopDay(Date.parse(createdAt), deps.timeZone);
      const destination = resolveCountryCode(shelf.shippingCountry) ?? "";
      const oss = (await deps.ossState(taxPoint)).state;
      let taxed;
      try {
        // A company is checked and asked to VIES as at the checkout: taxed alike.
        const { buyer, business } = await companyBuyer(deps.vies, body.business, destination);
        const tax = decideTax({
          destination,
          taxPoint,
          buyer,
          oss,
          shelfCents: shelf.totalCents,
          overrides: deps.vatRates,
        });
        taxed = { tax, business };
      } catch (err) {
        throw rerooted(err, "orderData.", "");
      }
      const { tax, business } = taxed;
      const priced = chargeCheckout(shelf, tax);
      const order = await orders.createWith(
        {
          customer: body.customer,
          shippingAddress: {
            ...body.shippingAddress,
            country: body.shippingAddress.country || priced.shippingCountry,
          },
          ...chargedSale(priced, tax, business, body.billingAddress),
          currency: "EUR",
          paymentMethod: body.paymentMethod,
          paymentStatus: "pending",
          status: "pending",
          stockHeld: true,
          ...(body.gender ? { gender: body.gender } : {}),
          createdAt,
        },
        both(
          (op, _before, after) => deps.stock.take(op, after!.items),
          audited(actor, "order.create", (o) => `Created ${o.orderNumber} by hand`),
        ),
        body.orderId || undefined,
      );
      return toAdminOrder(order);
    },
  };
}
