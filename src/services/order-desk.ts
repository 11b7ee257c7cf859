import type { AuditActor } from "../domain/audit.ts";
import { type AdminOrder, toAdminOrder } from "../domain/admin-order.ts";
import {
  chargeCheckout,
  chargedSale,
  priceCheckout,
  type PricingProduct,
} from "../domain/checkout.ts";
import { checkedCountries } from "../domain/manual-order-countries.ts";
import { decideTax } from "../domain/tax.ts";
import type { RateOverride } from "../domain/vat-rates.ts";
import type { InvoiceStore } from "../store/invoices.ts";
import { ConflictError, DomainError, rerooted, ValidationError } from "../domain/errors.ts";
import {
  deletionRestocks,
  type ManualOrderBody,
  type ReinvoiceBody,
  type StatusBody,
  stockMoveFor,
} from "../domain/order-admin.ts";
import { unitsOut } from "../domain/order-correction.ts";
import { orderConfirmationMail, orderPaidMail, orderStatusMail } from "../domain/order-mails.ts";
import { mailWords } from "../i18n/mail-words.ts";
import type { OrderLinks } from "./order-links.ts";
import { EVERY_DATE, type OrderQuery } from "../domain/order-query.ts";
import { cancelRefundQuestion } from "../domain/order-refund.ts";
import {
  holdsStock,
  type Order,
  orderLocale,
  type OrderStatus,
  type PaymentStatus,
} from "../domain/order.ts";
import { dayStart, nextDay, shopDay } from "../domain/shop-time.ts";
import { type OrderAccount, shippingRefusal } from "../domain/order-account.ts";
import { dueDate } from "../domain/payment-terms.ts";
import { orderDateProblem } from "../domain/staff-dates.ts";
import { nowIso } from "../store/atomic.ts";
import type { AuditStore } from "../store/audit.ts";
import type { OrderStore } from "../store/orders.ts";
import type { OutboxStore } from "../store/outbox.ts";
import type { ProductStore } from "../store/products.ts";
import type { ShippingFeeStore } from "../store/shipping-fees.ts";
import type { StockMoves } from "../store/stock.ts";
import { allOf, orderAudit } from "./order-audit.ts";
import {
  createOrderCorrections,
  type OrderCorrectionDeps,
  type RefundRequest,
} from "./order-corrections.ts";
import { companyBuyer, type PublicBodyCheck } from "./company-buyer.ts";
import type { Vies } from "./vies.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { PaymentProvider } from "./payments/provider.ts";

export interface OrderDeskDeps {
  /** Chorus Pro's directory, when configured: a public body's structure is checked. */
  publicBodies?: PublicBodyCheck | null;
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
  /** The documents a commit issued, and an order's (corrections check and mail them). */
  documents: OrderCorrectionDeps["documents"];
}

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

  const audited = orderAudit;
  const both = allOf;
  const corrections = createOrderCorrections(deps);

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
          const unpaid = shippingRefusal(o, body.status);
          if (unpaid) throw new DomainError(409, "unpaid_before_shipping", unpaid);
          const shipment = body.status === "shipped" && (body.carrier || body.trackingNumber)
            ? { carrier: body.carrier ?? "", trackingNumber: body.trackingNumber ?? "" }
            : o.shipment;
          const move = stockMoveFor(o, body.status);
          return {
            ...o,
            status: body.status,
            ...(shipment ? { shipment } : {}),
            ...(body.status === "delivered" && o.status !== "delivered"
              ? { deliveredAt: nowIso() }
              : {}),
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
          // Units a return put back already are not the order's to move again.
          if (move === "give") await deps.stock.give(op, unitsOut(before!));
          if (move === "take") await deps.stock.take(op, unitsOut(before!));
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

    /**
     * Sets the payment status; a payment received now (a staff order paid by transfer or on
     * delivery) mails the buyer its invoice's number, issued in the same commit.
     */
    async setPayment(actor: AuditActor, id: string, paymentStatus: PaymentStatus) {
      let mailSubject: string | null = null;
      const updated = await orders.update(
        id,
        (o) => {
          // The money went back: no later edit may say otherwise.
          if (o.refund) throw new ConflictError("This order has been refunded");
          return { ...o, paymentStatus };
        },
        both(async (op, _before, after) => {
          mailSubject = null;
          const invoice = deps.documents.issuedIn(op).find((d) => d.kind === "invoice");
          if (!invoice || !after!.customer.email) return;
          const lang = orderLocale(after!);
          const mail = orderPaidMail(
            after!,
            deps.site,
            await deps.links.url(after!.orderNumber, lang),
            mailWords(lang),
            invoice.number,
          );
          deps.outbox.add(op, mail);
          mailSubject = mail.subject;
        }, audited(actor, "order.payment", (o) => `Payment status set to ${o.paymentStatus}`)),
      );
      if (mailSubject) deps.mailer.wake([mailSubject]);
      return toAdminOrder(updated);
    },

    /** Corrections after the invoice: refunds, credit notes, re-invoices (one commit each). */
    corrections,

    /** Refunds an order paid online (src/services/order-corrections.ts), as staff see it. */
    async refund(actor: AuditActor, id: string, req: RefundRequest = {}): Promise<AdminOrder> {
      return toAdminOrder(await corrections.refund(actor, id, req));
    },

    async credit(actor: AuditActor, id: string, body: { amount: number; reason: string }) {
      return toAdminOrder(await corrections.credit(actor, id, body));
    },

    async reinvoice(actor: AuditActor, id: string, body: ReinvoiceBody) {
      return toAdminOrder(await corrections.reinvoice(actor, id, body));
    },

    recordProviderRefund: corrections.recordProviderRefund,

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
          if (deletionRestocks(before!)) await deps.stock.give(op, unitsOut(before!));
        }, audited(actor, "order.delete", (o) => `Deleted ${o.orderNumber}`)),
      );
    },

    /**
     * A manual order: priced on the server from the catalogue and the country's fee (none: 0)
     * and taxed as a sale to a consumer on its day (net of French VAT for an export), its
     * stock taken in the same commit, never below what is available. State and ZIP code stay
     * empty when not given; an order id typed by staff becomes its number if unique.
     */
    async createManual(actor: AuditActor, input: ManualOrderBody): Promise<AdminOrder> {
      const { body, destination } = checkedCountries(input);
      const createdAt = body.createdAt ? checkedOrderDate(body.createdAt) : nowIso();
      let mailSubject: string | null = null;
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
      const oss = (await deps.ossState(taxPoint)).state;
      let taxed;
      try {
        // A company is checked and asked to VIES as at the checkout: taxed alike.
        const { buyer, business } = await companyBuyer(
          deps.vies,
          body.business,
          destination,
          body.billingAddress ?? body.shippingAddress,
          deps.publicBodies ?? undefined,
        );
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
          // The buyer hears of it as of a shop order: the confirmation with its page's link.
          async (op, _before, after) => {
            mailSubject = null;
            if (!after!.customer.email) return;
            const lang = orderLocale(after!);
            const mail = orderConfirmationMail(
              after!,
              deps.site,
              await deps.links.url(after!.orderNumber, lang),
              mailWords(lang),
            );
            deps.outbox.add(op, mail);
            mailSubject = mail.subject;
          },
          audited(actor, "order.create", (o) => `Created ${o.orderNumber} by hand`),
        ),
        body.orderId || undefined,
      );
      if (mailSubject) deps.mailer.wake([mailSubject]);
      return toAdminOrder(order);
    },
  };
}
