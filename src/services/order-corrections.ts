import type { AuditActor } from "../domain/audit.ts";
import { ConflictError, NotFoundError, rerooted, UpstreamError } from "../domain/errors.ts";
import type { InvoiceDocument } from "../domain/invoice.ts";
import { formatMoney, toCents } from "../domain/money.ts";
import { orderRefundedMail, orderStatusMail, type RefundNews } from "../domain/order-mails.ts";
import type { ReinvoiceBody } from "../domain/order-admin.ts";
import { stockMoveFor } from "../domain/order-admin.ts";
import {
  balanceCents,
  correctionsOf,
  invoicedCents,
  plannedRefund,
  rechargedSale,
  refundableCents,
  refundedCents,
  refundStatus,
  unitsOut,
} from "../domain/order-correction.ts";
import type { Correction, ReturnedLine } from "../domain/order-correction-schema.ts";
import { PROVIDER_LABELS, refundIdempotencyKey, refundRefusal } from "../domain/order-refund.ts";
import { holdsStock, type Order, orderLocale, orderTax } from "../domain/order.ts";
import { resolveCountryCode } from "../domain/country-code.ts";
import { decideTax } from "../domain/tax.ts";
import type { RateOverride } from "../domain/vat-rates.ts";
import { newId } from "../domain/ids.ts";
import { mailWords } from "../i18n/mail-words.ts";
import { nowIso } from "../store/atomic.ts";
import type { InvoiceStore } from "../store/invoices.ts";
import type { OrderStore } from "../store/orders.ts";
import type { OutboxStore } from "../store/outbox.ts";
import type { StockMoves } from "../store/stock.ts";
import { companyBuyer } from "./company-buyer.ts";
import { log } from "./log.ts";
import type { Mailer } from "./mail/mailer.ts";
import { allOf, orderAudit } from "./order-audit.ts";
import type { OrderLinks } from "./order-links.ts";
import type { PaymentIntentView, PaymentProvider } from "./payments/provider.ts";
import { ProviderError } from "./payments/provider.ts";
import type { Vies } from "./vies.ts";

export interface OrderCorrectionDeps {
  orders: OrderStore;
  stock: StockMoves;
  outbox: OutboxStore;
  mailer: Mailer;
  provider: PaymentProvider;
  site: { name: string; url: string };
  links: OrderLinks;
  /** The documents a commit issued (the mail names the credit note), and an order's. */
  documents: Pick<InvoiceStore, "issuedIn" | "ofOrder" | "ossState">;
  vatRates: readonly RateOverride[];
  vies: Vies;
}

/** What staff ask to give back: everything left, an amount, or returned lines (and shipping). */
export interface RefundRequest {
  /** Euros; with `lines` and `shipping` left out. */
  amount?: number;
  lines?: ReturnedLine[];
  shipping?: boolean;
  /** Returned lines' units go back to the stock (default); false when they are not resaleable. */
  restock?: boolean;
  reason?: string;
  /** Cancel the order in the same commit (staff's "refund and cancel"). */
  cancel?: boolean;
}

/** Who records what the payment provider reports (a refund made in its dashboard). */
const PROVIDER_ACTOR: AuditActor = { id: "payment-provider", email: "", role: "system" };

/** The credit note a commit issued, as the buyer's mail states it. */
function refundNews(amountCents: number, docs: readonly InvoiceDocument[]): RefundNews {
  const note = docs.findLast((d) => d.kind === "credit_note");
  return {
    amountCents,
    creditNote: note
      ? { number: note.number, vatCents: note.vat.reduce((n, v) => n + v.vatCents, 0) }
      : null,
  };
}

const linesText = (o: Order, lines: readonly ReturnedLine[] | undefined, shipping?: boolean) =>
  [
    ...(lines ?? []).map((l) => `${l.quantity} x ${o.items[l.index]?.title ?? "?"}`),
    ...(shipping ? ["shipping"] : []),
  ].join(", ");

export type OrderCorrections = ReturnType<typeof createOrderCorrections>;

/**
 * Corrections of a sale after its invoice, each one atomic commit of the order, its stock, its
 * document (credit note, new invoice: issued by the invoice hook of that commit), the buyer's
 * mail and the audit entry: refunds through the payment provider (an amount, or returned lines
 * whose units go back to the stock), refunds made outside the shop, credit notes without money
 * and re-invoices. Consumer withdrawals reuse `refund`.
 */
export function createOrderCorrections(deps: OrderCorrectionDeps) {
  const { orders } = deps;
  const via = () => PROVIDER_LABELS[deps.provider.name] ?? deps.provider.name;

  /**
   * Records money given back on its order, once (`refusal` is checked again in the commit,
   * `amountOf` worked out from the order as committed): payment status, the refund's total, the
   * correction (its credited part is what the buyer's balance does not cover), returned units
   * back in the stock, the buyer's mail, the audit entry; the invoice hook issues the credit
   * note in the same commit. `cancel` cancels the order in that commit too: its units go back
   * and the buyer's one mail is the cancellation, saying the refund.
   */
  async function record(
    actor: AuditActor,
    id: string,
    made: {
      refundId: string;
      amountOf: (o: Order) => number;
      lines?: ReturnedLine[];
      shipping?: boolean;
      restock?: boolean;
      reason?: string;
    },
    said: string,
    refusal: (o: Order) => string | null,
    cancel = false,
  ): Promise<Order> {
    const at = nowIso();
    let mailSubject: string | null = null;
    let amountCents = 0;
    const updated = await orders.update(
      id,
      (o) => {
        const late = refusal(o);
        if (late) throw new ConflictError(late);
        amountCents = made.amountOf(o);
        if (amountCents <= 0 || amountCents > refundableCents(o)) {
          throw new ConflictError(
            `At most ${formatMoney(refundableCents(o))} can still be refunded`,
          );
        }
        const restocked = Boolean(made.lines && made.restock !== false && holdsStock(o)) &&
          o.status !== "cancelled" && !cancel;
        const correction: Correction = {
          id: newId(),
          at,
          kind: "refund",
          amountCents,
          creditedCents: Math.max(0, amountCents - balanceCents(o)),
          ...(made.lines ? { lines: made.lines } : {}),
          ...(made.shipping ? { shipping: true } : {}),
          ...(restocked ? { restocked: true } : {}),
          ...(made.reason ? { reason: made.reason } : {}),
          refundId: made.refundId,
          ...(actor.email ? { actor: actor.email } : {}),
        };
        const total = refundedCents(o) + amountCents;
        const { needsRefund: _, ...rest } = o;
        const move = cancel ? stockMoveFor(o, "cancelled") : null;
        return {
          ...rest,
          ...(cancel ? { status: "cancelled" as const } : {}),
          paymentStatus: refundStatus(o, total),
          refund: { at, amountCents: total, id: made.refundId },
          corrections: [...correctionsOf(o), correction],
          // Said explicitly: without the flag, an older order would seem to hold its stock.
          stockHeld: move === "give" ? false : holdsStock(o),
        };
      },
      allOf(
        async (op, before, after) => {
          const added = after!.corrections!.at(-1)!;
          if (added.restocked) {
            await deps.stock.give(
              op,
              added.lines!.map((l) => ({ ...before!.items[l.index], quantity: l.quantity })),
            );
          }
          if (cancel && stockMoveFor(before!, "cancelled") === "give") {
            await deps.stock.give(op, unitsOut(before!));
          }
          if (!after!.customer.email) return;
          const lang = orderLocale(after!);
          const link = await deps.links.url(after!.orderNumber, lang);
          const news = refundNews(amountCents, deps.documents.issuedIn(op));
          const mail = cancel
            ? orderStatusMail(after!, deps.site, link, mailWords(lang), news)!
            : orderRefundedMail(after!, deps.site, link, mailWords(lang), news);
          deps.outbox.add(op, mail);
          mailSubject = mail.subject;
        },
        orderAudit(actor, "order.refund", (o) => {
          const what = linesText(o, made.lines, made.shipping);
          return `${cancel ? "Cancelled and refunded" : "Refunded"} ${formatMoney(amountCents)}${
            what ? ` (${what})` : ""
          } via ${said}${made.reason ? `: ${made.reason}` : ""}`;
        }),
      ),
    );
    if (mailSubject) deps.mailer.wake([mailSubject]);
    log.info("order refunded", {
      orderNumber: updated.orderNumber,
      refundId: made.refundId,
      amountCents,
      provider: deps.provider.name,
    });
    return updated;
  }

  /** The refund once its order is claimed: one made outside the shop is recorded, else made. */
  async function refundClaimed(actor: AuditActor, order: Order, req: RefundRequest) {
    const plan = plannedRefund(order, req);
    // Refunded outside the shop meanwhile (Stripe's dashboard, or a refund whose answer a
    // crash lost): recorded as it is, not made again; staff see it and decide anew.
    const intent = await deps.provider.retrieveIntent(order.paymentIntentId!).catch(() => null);
    if (intent && intent.refundedCents > refundedCents(order)) {
      return await recordOutside(actor, order.id, intent, req.cancel ?? false);
    }
    const n = correctionsOf(order).filter((c) => c.kind === "refund").length + 1;
    let refund: { id: string; amountCents: number };
    try {
      refund = await deps.provider.refund({
        paymentIntentId: order.paymentIntentId!,
        amountCents: plan.amountCents,
        idempotencyKey: refundIdempotencyKey(order.id, n),
      });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.error("order refund: payment provider refused", {
        orderNumber: order.orderNumber,
        paymentIntentId: order.paymentIntentId,
      }, err);
      throw new UpstreamError("refund_failed", `The refund failed: ${err.message}`);
    }
    return await record(
      actor,
      order.id,
      {
        refundId: refund.id,
        amountOf: () => refund.amountCents,
        lines: plan.lines,
        shipping: plan.shipping,
        restock: req.restock,
        reason: req.reason,
      },
      via(),
      refundRefusal,
      req.cancel,
    );
  }

  /** What the provider gave back beyond what the order records, recorded as made outside. */
  async function recordOutside(
    actor: AuditActor,
    id: string,
    intent: PaymentIntentView,
    cancel = false,
  ) {
    return await record(
      actor,
      id,
      {
        refundId: `outside-${intent.id}-${intent.refundedCents}`,
        amountOf: (o) => intent.refundedCents - refundedCents(o),
      },
      `${via()}, made outside the shop`,
      (o) => refundedCents(o) >= intent.refundedCents ? "Already recorded" : null,
      cancel,
    );
  }

  return {
    /**
     * Gives money back through the order's payment provider: all that is left, an amount, or
     * returned lines (their units back in the stock) and the shipping. One call at a time holds
     * the order's refund claim (the others answer 409); the provider call carries a key derived
     * from the order and its refund's rank (a retry after a crash gets the same refund back);
     * the commit checks the order was not refunded meanwhile and never beyond what was paid.
     */
    async refund(actor: AuditActor, id: string, req: RefundRequest = {}): Promise<Order> {
      const order = await orders.get(id);
      if (!order) throw new NotFoundError("Order not found");
      const refusal = refundRefusal(order);
      if (refusal) throw new ConflictError(refusal);
      plannedRefund(order, req);
      if (!(await orders.claimRefund(id))) {
        throw new ConflictError("A refund of this order is already under way");
      }
      try {
        return await refundClaimed(actor, order, req);
      } finally {
        await orders.releaseRefund(id);
      }
    },

    /**
     * A refund the provider reports (`charge.refunded`, the intent read back from it): made in
     * Stripe's dashboard, in full or in part, it is recorded as the shop's own refunds are
     * (status, credit note, the buyer's mail, audit), once per amount; a part leaves the order
     * "partially refunded", the rest refundable.
     */
    async recordProviderRefund(
      intent: PaymentIntentView,
    ): Promise<"recorded" | "unchanged" | "unknown"> {
      if (intent.refundedCents <= 0) return "unchanged";
      const order = await orders.getByPaymentIntent(intent.id);
      if (!order) return "unknown";
      if (refundedCents(order) >= intent.refundedCents) return "unchanged";
      // Stripe reports staff's own refund too, often before the shop has recorded it: while
      // the claim is held the event is refused (non-2xx), so Stripe delivers it again once the
      // refund is recorded, or, if it never is (a crash), once the claim has lapsed.
      if (await orders.refundUnderWay(order.id)) {
        throw new ConflictError("A refund of this order is under way in the shop");
      }
      try {
        await recordOutside(PROVIDER_ACTOR, order.id, intent);
      } catch (err) {
        if (err instanceof ConflictError) return "unchanged"; // a redelivery raced this one
        throw err;
      }
      return "recorded";
    },

    /**
     * A credit note without money (a price correction): it takes `amount` euros off what the
     * invoice bills; the buyer is owed it until a refund settles it (no second credit note).
     */
    async credit(
      actor: AuditActor,
      id: string,
      body: { amount: number; reason: string },
    ): Promise<Order> {
      const amountCents = toCents(body.amount);
      return await orders.update(
        id,
        (o) => {
          const open = invoicedCents(o);
          if (o.paymentStatus !== "paid" && o.paymentStatus !== "partially_refunded") {
            throw new ConflictError("Only a paid order's invoice can be corrected");
          }
          if (amountCents > open) {
            const message = `At most ${formatMoney(open)} of the invoice is left to credit`;
            throw new ConflictError(message, [{ field: "amount", message }]);
          }
          const correction: Correction = {
            id: newId(),
            at: nowIso(),
            kind: "credit",
            amountCents,
            creditedCents: amountCents,
            reason: body.reason,
            actor: actor.email,
          };
          return { ...o, corrections: [...correctionsOf(o), correction] };
        },
        allOf(
          (op) => {
            if (!deps.documents.issuedIn(op).length) {
              throw new ConflictError("This order has no invoice to correct");
            }
          },
          orderAudit(
            actor,
            "order.credit",
            () => `Credit note of ${formatMoney(amountCents)} without a refund: ${body.reason}`,
          ),
        ),
      );
    },

    /**
     * Re-invoicing: the invoice credited as it was and the sale invoiced again for a changed
     * buyer (a company whose VAT number VIES confirms later, another billing address) under the
     * tax decision of that buyer on the sale's day, one commit. A lower total (an exempt sale
     * that paid VAT) leaves the difference owed to the buyer: a refund settles it.
     */
    async reinvoice(actor: AuditActor, id: string, body: ReinvoiceBody): Promise<Order> {
      const order = await orders.get(id);
      if (!order) throw new NotFoundError("Order not found");
      const destination = resolveCountryCode(order.shippingCountry) ?? "";
      const was = orderTax(order);
      const taxPoint = was.taxPoint;
      const oss = (await deps.documents.ossState(taxPoint)).state;
      let decided;
      try {
        const { buyer, business } = await companyBuyer(
          deps.vies,
          body.business ?? undefined,
          destination,
        );
        const tax = decideTax({
          destination,
          taxPoint,
          buyer,
          oss,
          shelfCents: order.totalCents,
          overrides: deps.vatRates,
        });
        decided = { tax, business };
      } catch (err) {
        throw rerooted(err, "orderData.", "");
      }
      const { tax, business } = decided;
      return await orders.update(
        id,
        (o) => {
          if (o.paymentStatus !== "paid" || correctionsOf(o).some((c) => c.creditedCents > 0)) {
            throw new ConflictError(
              "Only a paid order without credit notes can be invoiced again",
            );
          }
          const { business: _b, billingAddress: _a, ...rest } = o;
          const correction: Correction = {
            id: newId(),
            at: nowIso(),
            kind: "reinvoice",
            amountCents: 0,
            creditedCents: 0,
            reason: body.reason,
            actor: actor.email,
          };
          return {
            ...rest,
            ...rechargedSale(o, orderTax(o), tax),
            ...(body.customer ? { customer: { ...o.customer, ...body.customer } } : {}),
            ...(business ? { business } : {}),
            ...(body.billingAddress ? { billingAddress: body.billingAddress } : {}),
            tax,
            chargedCents: o.chargedCents ?? o.totalCents,
            invoiceRevision: (o.invoiceRevision ?? 0) + 1,
            corrections: [...correctionsOf(o), correction],
          };
        },
        allOf(
          (op) => {
            if (!deps.documents.issuedIn(op).some((d) => d.kind === "invoice")) {
              throw new ConflictError("This order has no invoice to correct");
            }
          },
          orderAudit(
            actor,
            "order.reinvoice",
            (o) =>
              `Invoiced again (${o.business?.companyName ?? "consumer"}, ${
                o.tax?.category ?? "S"
              } ${(o.tax?.rateBp ?? 0) / 100}%, total ${
                formatMoney(o.totalCents)
              }): ${body.reason}`,
          ),
        ),
      );
    },
  };
}
