import type { AuditActor, AuditDraft } from "../domain/audit.ts";
import { auditFields } from "../domain/audit.ts";
import type { BankAccount } from "../domain/bank-account.ts";
import type { BusinessInput } from "../domain/checkout.ts";
import { proFormaPath, quotePdfPath } from "../domain/document-links.ts";
import {
  ConflictError,
  DomainError,
  NotFoundError,
  rerooted,
  StockShortError,
} from "../domain/errors.ts";
import { CURRENT_TERMS_VERSION } from "../domain/terms.ts";
import type { NewOrder, Order } from "../domain/order.ts";
import { orderReference } from "../domain/order-account.ts";
import { newOrderNotice } from "../domain/order-mails.ts";
import { addDays } from "../domain/payment-terms.ts";
import { isPdf, MAX_PDF_BYTES } from "../domain/pdf-file.ts";
import {
  quoteAcceptedMail,
  quoteAnswerNotice,
  quoteRequestNotice,
  quoteSentMail,
  stockShortNotice,
} from "../domain/quote-mails.ts";
import {
  answerRefusal,
  applyQuoteTerms,
  defaultTerms,
  type QuoteListQuery,
  type QuoteRequestBody,
  quoteStatus,
  refusalCode,
  type SalesQuote,
  type StaffQuoteBody,
  staffRefusal,
  termsOf,
} from "../domain/sales-quote.ts";
import { shopDay } from "../domain/shop-time.ts";
import { toCents } from "../domain/money.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { formatDate, formatMoney } from "../i18n/format.ts";
import { mailWords } from "../i18n/mail-words.ts";
import { nowIso } from "../store/atomic.ts";
import type { AuditStore } from "../store/audit.ts";
import type { BlobStore } from "../store/blobs.ts";
import type { OrderStore } from "../store/orders.ts";
import type { OutboxStore } from "../store/outbox.ts";
import type { SalesQuoteStore } from "../store/sales-quotes.ts";
import type { StockMoves } from "../store/stock.ts";
import type { Checkout, QuotePayments, QuoteRef, QuoteRefusal, Sale } from "./checkout.ts";
import type { TransferOrders } from "./transfer-orders.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { OrderLinks } from "./order-links.ts";
import { log } from "./log.ts";

export interface QuoteDeskDeps {
  kv: Deno.Kv;
  quotes: SalesQuoteStore;
  orders: OrderStore;
  stock: StockMoves;
  outbox: OutboxStore;
  mailer: Mailer;
  audit: AuditStore;
  blobs: BlobStore;
  /** The checkout's own pricing and tax decision: a quote charges exactly what it would. */
  price: Checkout["priceAndTax"];
  /** The checkout's card payment, for "Pay by card" on the quote page at the quote's prices. */
  card: Pick<Checkout, "openIntent" | "confirmPayment" | "quoteOfPayment">;
  /** Stripe's bank transfer, for "Bank transfer" on the quote page (where Stripe is set up). */
  transfer: Pick<TransferOrders, "openForQuote">;
  /** The quote page's signed links, and the order page's. */
  quoteLinks: OrderLinks;
  orderLinks: OrderLinks;
  site: { name: string; url: string };
  shopEmail: string;
  timeZone: string;
  bank: BankAccount;
  /** Whether bank transfers are set up (SELLER_IBAN); production refuses quotes without. */
  transfersOn: boolean;
  production: boolean;
  quoteValidityDays: number;
  termsDays: number;
}

/** The quote's fields an audit entry shows before and after. */
const SHOWN = ["status", "totalCents", "validUntil", "orderNumber", "declineReason"] as const;

/** The buyer, acting through their signed quote link. */
const buyer = (q: SalesQuote): AuditActor => ({
  id: "buyer",
  email: q.customer.email,
  role: "system",
});

/** The system, recording what time did (a quote past its validity). */
const CLOCK: AuditActor = { id: "clock", email: "", role: "system" };

/** A stock too short for an acceptance: nothing is created. */
class StockShort extends Error {}

export type QuoteDesk = ReturnType<typeof createQuoteDesk>;

/**
 * Quotes from the cart and from staff, their page, and their answer: accepting one makes its
 * order on account (bank transfer, payment pending) and takes its stock in the same commit as
 * the quote's acceptance, once, whatever the number of clicks.
 */
export function createQuoteDesk(deps: QuoteDeskDeps) {
  const { quotes } = deps;
  const today = () => shopDay(Date.now(), deps.timeZone);
  const adminUrl = (q: SalesQuote) => `${deps.site.url}/admin/quotes/${q.id}`;
  const english = () => messagesFor("en").quotes;

  /**
   * Stock too short to answer `q`: staff are mailed and the buyer gets a 409 in its language;
   * nothing else was made.
   */
  async function stockShort(q: SalesQuote, reason: string): Promise<DomainError> {
    log.warn("quote: not enough stock to accept", { quoteNumber: q.number, reason });
    const notice = stockShortNotice(q, reason, deps.shopEmail, adminUrl(q), english());
    const op = deps.kv.atomic();
    deps.outbox.add(op, notice);
    await op.commit();
    deps.mailer.wake([notice.subject]);
    const w = messagesFor(q.locale).quotes;
    return new DomainError(409, "not_enough_stock", w.stockShort.replace("{reason}", reason));
  }

  function audit(
    actor: AuditActor,
    action: string,
    summary: string,
  ): (before: SalesQuote | null, after: SalesQuote) => AuditDraft {
    return (before, after) => ({
      actor,
      action: `quote.${action}`,
      entity: "quote",
      entityId: after.id,
      summary: `${summary} ${after.number}`,
      before: auditFields(before, SHOWN),
      after: auditFields(after, SHOWN),
    });
  }

  function assertTransfers() {
    if (deps.production && !deps.transfersOn) {
      throw new DomainError(
        503,
        "transfers_off",
        "Quotes are not available yet: bank transfers are not set up (SELLER_IBAN, SELLER_BIC).",
      );
    }
  }

  /** The sale priced and taxed by the checkout's own decision, with staff's terms. */
  async function priced(
    body: {
      items: { id: string; quantity: number; discountPercent?: number }[];
      shippingCountry: string;
      business: BusinessInput;
      locale: "en" | "fr";
    },
    feeOverrideCents?: number,
  ) {
    const discounts = new Map(
      body.items.map((i) => [i.id, Math.round((i.discountPercent ?? 0) * 100)]),
    );
    // The checkout's rules name the company's fields under `orderData.`; a quote's body holds
    // them at its top (`business.publicBody.serviceCode`), as its forms name them.
    const taxed = await deps.price(body.items, body.shippingCountry, body.business, body.locale, {
      checkStock: false,
      adjust: (shelf) => applyQuoteTerms(shelf, discounts, feeOverrideCents),
    }).catch((err) => {
      throw rerooted(err, "orderData.", "");
    });
    return {
      lines: taxed.priced.lines.map(({ shelfCents, ...l }) => {
        const discountBp = discounts.get(l.id) ?? 0;
        return {
          ...l,
          // The catalogue's price before the discount, printed beside it.
          shelfCents: discountBp && discountBp < 10_000
            ? Math.round(shelfCents * 10_000 / (10_000 - discountBp))
            : shelfCents,
          discountBp,
        };
      }),
      subtotalCents: taxed.priced.subtotalCents,
      shippingFeeCents: taxed.priced.shippingFeeCents,
      totalCents: taxed.priced.totalCents,
      shippingCountry: taxed.priced.shippingCountry,
      shippingFeeDetails: taxed.priced.shippingFeeDetails,
      tax: taxed.tax,
      business: taxed.business ?? { companyName: body.business.companyName },
    };
  }

  /** What a quote stores of its buyer and of its pricing, a request's or staff's alike. */
  function pricedFields(
    body: Pick<
      StaffQuoteBody,
      "locale" | "customer" | "business" | "shippingAddress" | "billingAddress"
    >,
    p: Awaited<ReturnType<typeof priced>>,
  ) {
    return {
      locale: body.locale,
      customer: body.customer,
      business: {
        ...p.business,
        ...(body.business.purchaseOrder ? { purchaseOrder: body.business.purchaseOrder } : {}),
      },
      shippingAddress: body.shippingAddress,
      ...(body.billingAddress ? { billingAddress: body.billingAddress } : {}),
      shippingCountry: p.shippingCountry,
      lines: p.lines,
      subtotalCents: p.subtotalCents,
      shippingFeeCents: p.shippingFeeCents,
      totalCents: p.totalCents,
      shippingFeeDetails: p.shippingFeeDetails,
      tax: p.tax,
    };
  }

  async function mailSent(q: SalesQuote, op: Deno.AtomicOperation, subjects: string[]) {
    const link = await deps.quoteLinks.url(q.number, q.locale);
    const pdf = deps.site.url + quotePdfPath(q.number, await deps.quoteLinks.token(q.number));
    const mail = quoteSentMail(
      q,
      link,
      pdf,
      deps.site,
      messagesFor(q.locale).quotes,
      (c) => formatMoney(c, q.locale),
      (d) => formatDate(`${d}T12:00:00Z`, q.locale),
    );
    deps.outbox.add(op, mail);
    subjects.push(mail.subject);
  }

  /** Records that a quote is past its validity (its own commit, audited), once. */
  async function recordExpiry(q: SalesQuote) {
    if (q.status === "expired" || quoteStatus(q, today()) !== "expired") return q;
    const { quote } = await quotes.update(
      q.id,
      (cur) =>
        // A card payment claimed it while it held: its order accepts it whatever the day.
        quoteStatus(cur, today()) === "expired" && cur.status !== "expired" && !cur.cardPayment
          ? { ...cur, status: "expired", expiredAt: nowIso() }
          : null,
      audit(CLOCK, "expire", "Expired"),
    );
    return quote;
  }

  /** The quote of a signed link, or 404 (a wrong token says nothing about the number). */
  async function linked(number: string, token: string | null | undefined) {
    if (!(await deps.quoteLinks.verify(number, token))) throw new NotFoundError("Quote not found");
    const q = await quotes.getByNumber(number);
    if (!q) throw new NotFoundError("Quote not found");
    return q;
  }

  /** Why the buyer cannot answer: 409 with the reason (an expired one is recorded so). */
  async function assertAnswerable(q: SalesQuote) {
    const refusal = answerRefusal(q, today());
    if (!refusal) return;
    await recordExpiry(q);
    throw new DomainError(409, refusalCode(q, today()), refusal);
  }

  /** Why the quote cannot be paid as it was when its payment began, or null. */
  function payRefusal(q: SalesQuote, ref: QuoteRef): QuoteRefusal | null {
    const refusal = answerRefusal(q, today());
    if (refusal) return { code: refusalCode(q, today()), message: refusal };
    if (q.sentAt !== ref.sentAt) {
      return {
        code: "quote_changed",
        message: "This quote was changed since you opened it: please read it again.",
      };
    }
    return null;
  }

  /**
   * Whether the card payment `pi` may accept the quote: it claimed it, or nothing did and the
   * quote is still as the buyer paid it (a payment captured outside the page's flow).
   */
  const payableBy = (q: SalesQuote, ref: QuoteRef, pi: string) =>
    q.cardPayment ? q.cardPayment.paymentIntentId === pi : payRefusal(q, ref) === null;

  /** The quote's sale at its prices, discounts, shipping fee and tax decision. */
  function saleOf(q: SalesQuote): Sale {
    return {
      customer: q.customer,
      shippingAddress: q.shippingAddress,
      items: q.lines.map(({ shelfCents: _s, discountBp: _d, ...l }) => l),
      subtotalCents: q.subtotalCents,
      shippingFeeCents: q.shippingFeeCents,
      totalCents: q.totalCents,
      business: q.business,
      ...(q.billingAddress ? { billingAddress: q.billingAddress } : {}),
      tax: q.tax,
      locale: q.locale,
      // Paying on the page accepts the general terms it shows, as the checkout's does.
      termsVersion: CURRENT_TERMS_VERSION,
      shippingCountry: q.shippingCountry,
      shippingFeeDetails: q.shippingFeeDetails,
    };
  }

  /** Staff's notice of the quote's answer, added to `op`; answers its subject. */
  function tellStaff(op: Deno.AtomicOperation, q: SalesQuote): string {
    const notice = quoteAnswerNotice(q, deps.shopEmail, adminUrl(q), english());
    deps.outbox.add(op, notice);
    return notice.subject;
  }

  /** The quote side of its card payment, for the checkout's settlement. */
  const cardPayments: QuotePayments = {
    async claim(ref, pi) {
      let refused: QuoteRefusal | null = null;
      await quotes.update(
        ref.id,
        (cur) => {
          refused = null;
          if (cur.cardPayment?.paymentIntentId === pi) return null;
          refused = payRefusal(cur, ref);
          return refused ? null : { ...cur, cardPayment: { paymentIntentId: pi, at: nowIso() } };
        },
        null,
      );
      return refused;
    },

    async release(ref, pi) {
      await quotes.update(
        ref.id,
        (cur) => {
          if (cur.cardPayment?.paymentIntentId !== pi) return null;
          const { cardPayment: _c, ...rest } = cur;
          return rest;
        },
        null,
      ).catch((err) =>
        log.warn("quote: releasing a card payment's claim failed", { quoteId: ref.id }, err)
      );
    },

    async payable(ref, pi) {
      const q = await quotes.get(ref.id);
      return q !== null && payableBy(q, ref, pi);
    },

    async stage(op, ref, pi, order) {
      const accepted = await quotes.stage(
        op,
        ref.id,
        (cur) => {
          // Read between the order's decision and now: its commit is retried, then decides again.
          if (!payableBy(cur, ref, pi)) throw new ConflictError("The quote changed meanwhile");
          const { cardPayment: _c, ...rest } = cur;
          return {
            ...rest,
            status: "accepted",
            acceptedAt: nowIso(),
            paidWith: "card",
            orderId: order.id,
            orderNumber: order.orderNumber,
          };
        },
        (before, after) =>
          audit(buyer(after), "accept", "Paid by card and accepted")(before, after),
      );
      return [tellStaff(op, accepted)];
    },
  };

  function newOrder(q: SalesQuote, purchaseOrder: string, orderNumber: string): NewOrder {
    return {
      ...saleOf(q),
      business: { ...q.business, purchaseOrder },
      currency: "EUR",
      paymentMethod: "transfer",
      paymentStatus: "pending",
      status: "pending",
      shippingCountry: q.shippingCountry,
      shippingFeeDetails: q.shippingFeeDetails,
      stockHeld: true,
      account: {
        terms: q.terms.kind,
        termsDays: q.terms.days,
        reference: orderReference(orderNumber),
        quoteNumber: q.number,
        payments: [],
      },
      createdAt: nowIso(),
    };
  }

  return {
    cardPayments,

    /**
     * "Pay by card" on the quote page: the checkout's intent (authorize only) for the quote's
     * total, at its prices and tax decision, never the shelf's; the checkout then settles it as
     * any card payment, and its order accepts the quote.
     */
    async payByCard(number: string, token: string | null | undefined) {
      const q = await linked(number, token);
      await assertAnswerable(q);
      return await deps.card.openIntent(saleOf(q), {
        id: q.id,
        number: q.number,
        sentAt: q.sentAt ?? "",
      });
    },

    /**
     * Once the card is authorized: the checkout settles the quote's payment (the quote claimed,
     * the stock taken, the capture, the order accepting the quote). A payment that is not this
     * quote's is a 404.
     */
    async confirmCard(
      number: string,
      token: string | null | undefined,
      paymentIntentId: string,
    ): Promise<Order> {
      const q = await linked(number, token);
      if ((await deps.card.quoteOfPayment(paymentIntentId))?.id !== q.id) {
        throw new NotFoundError("No such payment");
      }
      return await deps.card.confirmPayment(paymentIntentId, q.customer.email);
    },

    /**
     * "Bank transfer" on the quote page (Stripe): the checkout's transfer order at the quote's
     * prices, the quote accepted in its commit; two answers at once make one order.
     */
    async payByTransfer(
      number: string,
      token: string | null | undefined,
    ): Promise<{ quote: SalesQuote; order: Order }> {
      const q = await linked(number, token);
      await assertAnswerable(q);
      let accepted: SalesQuote | null = null;
      const order = await deps.transfer.openForQuote(saleOf(q), q.number, async (op, order) => {
        accepted = await quotes.stage(
          op,
          q.id,
          (cur) => {
            const refused = payRefusal(cur, { id: q.id, number: q.number, sentAt: q.sentAt ?? "" });
            if (refused) throw new DomainError(409, refused.code, refused.message);
            return {
              ...cur,
              status: "accepted",
              acceptedAt: nowIso(),
              paidWith: "transfer",
              orderId: order.id,
              orderNumber: order.orderNumber,
            };
          },
          audit(buyer(q), "accept", "Accepted, to pay by bank transfer"),
        );
        return [tellStaff(op, accepted)];
      }).catch(async (err) => {
        throw err instanceof StockShortError ? await stockShort(q, err.reason) : err;
      });
      return { quote: accepted!, order };
    },

    /**
     * "Request a quote" from the cart: priced and taxed as the checkout would charge it (VIES
     * asked for a VAT number), numbered, and sent to the buyer at once with its link; staff are
     * told. Holds no stock.
     */
    async request(body: QuoteRequestBody): Promise<SalesQuote> {
      assertTransfers();
      const p = await priced(body);
      const subjects: string[] = [];
      const created = nowIso();
      const quote = await quotes.create(
        created.slice(0, 4),
        (number, id) => ({
          schemaVersion: 1,
          id,
          number,
          status: "sent",
          source: "request",
          ...pricedFields(body, p),
          ...(body.message ? { message: body.message } : {}),
          validUntil: addDays(today(), deps.quoteValidityDays),
          terms: defaultTerms(deps.termsDays),
          sentAt: created,
          createdAt: created,
        }),
        (q) => audit(buyer(q), "request", "Requested and sent")(null, q),
        async (op, _before, q) => {
          subjects.length = 0;
          await mailSent(q, op, subjects);
          const notice = quoteRequestNotice(q, deps.shopEmail, adminUrl(q), english());
          deps.outbox.add(op, notice);
          subjects.push(notice.subject);
        },
      );
      deps.mailer.wake(subjects);
      return quote;
    },

    /** Staff's new quote, a draft until sent. */
    async create(actor: AuditActor, body: StaffQuoteBody): Promise<SalesQuote> {
      const fee = body.shippingFee === undefined ? undefined : toCents(body.shippingFee);
      const p = await priced(body, fee);
      const created = nowIso();
      return await quotes.create(
        created.slice(0, 4),
        (number, id) => ({
          schemaVersion: 1,
          id,
          number,
          status: "draft",
          source: "staff",
          ...this.fields(body, p, fee),
          createdAt: created,
        }),
        (q) => audit(actor, "create", "Created")(null, q),
      );
    },

    /** The stored fields of staff's body, priced. */
    fields(body: StaffQuoteBody, p: Awaited<ReturnType<typeof priced>>, fee?: number) {
      return {
        ...pricedFields(body, p),
        ...(fee === undefined ? {} : { shippingFeeOverrideCents: fee }),
        ...(body.note ? { note: body.note } : {}),
        validUntil: body.validUntil ?? addDays(today(), deps.quoteValidityDays),
        terms: termsOf(body.terms, deps.termsDays),
      };
    },

    /** Staff's edit: priced again; a sent quote goes back to draft (to be sent again). */
    async edit(actor: AuditActor, id: string, body: StaffQuoteBody): Promise<SalesQuote> {
      const fee = body.shippingFee === undefined ? undefined : toCents(body.shippingFee);
      const p = await priced(body, fee);
      const { quote } = await quotes.update(
        id,
        (q) => {
          const refusal = staffRefusal(q, today(), "edit");
          if (refusal) throw new ConflictError(refusal);
          const {
            shippingFeeOverrideCents: _f,
            note: _n,
            billingAddress: _b,
            sentAt: _s,
            viewedAt: _v,
            expiredAt: _e,
            ...rest
          } = q;
          return { ...rest, status: "draft", ...this.fields(body, p, fee) };
        },
        audit(actor, "update", "Updated"),
      );
      return quote;
    },

    /** Sends a draft (or sends a sent one again): the buyer's mail with the quote's link. */
    async send(actor: AuditActor, id: string): Promise<SalesQuote> {
      assertTransfers();
      const subjects: string[] = [];
      const { quote } = await quotes.update(
        id,
        (q) => {
          const refusal = staffRefusal(q, today(), "send");
          if (refusal) throw new ConflictError(refusal);
          return { ...q, status: "sent", sentAt: nowIso() };
        },
        audit(actor, "send", "Sent"),
        async (op, _before, q) => {
          subjects.length = 0;
          await mailSent(q, op, subjects);
        },
      );
      deps.mailer.wake(subjects);
      return quote;
    },

    async cancel(actor: AuditActor, id: string): Promise<SalesQuote> {
      const { quote } = await quotes.update(
        id,
        (q) => {
          const refusal = staffRefusal(q, today(), "cancel");
          if (refusal) throw new ConflictError(refusal);
          return { ...q, status: "cancelled", cancelledAt: nowIso() };
        },
        audit(actor, "cancel", "Cancelled"),
      );
      return quote;
    },

    async list(q: QuoteListQuery) {
      const page = await quotes.list(q);
      const day = today();
      return {
        quotes: page.quotes.map((x) => ({ ...x, status: quoteStatus(x, day) })),
        nextCursor: page.nextCursor,
      };
    },

    async detail(id: string) {
      const q = await quotes.get(id);
      if (!q) return null;
      return {
        quote: { ...q, status: quoteStatus(q, today()) },
        link: await deps.quoteLinks.url(q.number, q.locale),
        history: await deps.audit.forRecord("quote", id),
      };
    },

    /** The buyer's purchase order PDF, for staff. */
    async attachment(id: string) {
      const q = await quotes.get(id);
      const a = q?.acceptance?.attachment;
      const bytes = a ? await deps.blobs.read(a.blobId) : null;
      if (!a || !bytes) throw new NotFoundError("No purchase order file");
      return { name: a.name, bytes };
    },

    /**
     * The quote page: the quote of a signed link, its status today. The first view after it
     * was sent is recorded (its own commit, audited) for staff to see.
     */
    async view(number: string, token: string | null | undefined) {
      let q = await linked(number, token);
      q = await recordExpiry(q);
      if (q.status === "sent" && !q.viewedAt) {
        ({ quote: q } = await quotes.update(
          q.id,
          (cur) => (cur.viewedAt || cur.status !== "sent" ? null : { ...cur, viewedAt: nowIso() }),
          audit(buyer(q), "view", "Viewed"),
        ));
      }
      return { ...q, status: quoteStatus(q, today()) };
    },

    /** Declines with the buyer's reason; staff are told. */
    async decline(number: string, token: string | null | undefined, reason: string) {
      const q = await linked(number, token);
      await assertAnswerable(q);
      const subjects: string[] = [];
      const { quote } = await quotes.update(
        q.id,
        (cur) => {
          const refusal = answerRefusal(cur, today());
          if (refusal) throw new ConflictError(refusal);
          return { ...cur, status: "declined", declinedAt: nowIso(), declineReason: reason };
        },
        audit(buyer(q), "decline", "Declined"),
        (op, _b, after) => {
          const notice = quoteAnswerNotice(after, deps.shopEmail, adminUrl(after), english());
          subjects.length = 0;
          deps.outbox.add(op, notice);
          subjects.push(notice.subject);
        },
      );
      deps.mailer.wake(subjects);
      return quote;
    },

    /**
     * Accepts with the buyer's purchase order number (and its PDF): one order on account,
     * bank transfer, payment pending, its stock taken in the same commit as the quote's
     * acceptance and its audit entry. A second acceptance (a double click, two buyers) finds
     * the quote accepted: 409. Stock short: nothing is created, the buyer is told (409) and
     * staff are mailed.
     */
    async accept(
      number: string,
      token: string | null | undefined,
      purchaseOrder: string,
      pdf?: { name: string; bytes: Uint8Array },
    ): Promise<{ quote: SalesQuote; order: Order }> {
      const q = await linked(number, token);
      await assertAnswerable(q);
      if (pdf && (pdf.bytes.length > MAX_PDF_BYTES || !isPdf(pdf.bytes))) {
        throw new DomainError(
          pdf.bytes.length > MAX_PDF_BYTES ? 413 : 415,
          "invalid_purchase_order_file",
          "The purchase order must be a PDF of at most 5 MB",
          [{ field: "file", message: "A PDF of at most 5 MB" }],
        );
      }
      const stored = pdf
        ? await deps.blobs.put(pdf.bytes, "application/pdf", pdf.name.slice(0, 200))
        : null;
      const subjects: string[] = [];
      let accepted: SalesQuote | null = null;
      try {
        const order = await deps.orders.createWith(
          (orderNumber) => newOrder(q, purchaseOrder, orderNumber),
          async (op, _before, order) => {
            accepted = await quotes.stage(
              op,
              q.id,
              (cur) => {
                const refusal = answerRefusal(cur, today());
                if (refusal) throw new DomainError(409, "quote_answered", refusal);
                return {
                  ...cur,
                  status: "accepted",
                  acceptedAt: nowIso(),
                  acceptance: {
                    purchaseOrder,
                    ...(stored
                      ? {
                        attachment: { blobId: stored.id, name: stored.filename, size: stored.size },
                      }
                      : {}),
                  },
                  orderId: order!.id,
                  orderNumber: order!.orderNumber,
                };
              },
              audit(buyer(q), "accept", "Accepted"),
            );
            try {
              await deps.stock.take(op, order!.items);
            } catch (err) {
              if (err instanceof ConflictError) throw new StockShort(err.message);
              throw err;
            }
            subjects.length = 0;
            const lang = q.locale;
            const link = await deps.orderLinks.url(order!.orderNumber, lang);
            for (
              const mail of [
                quoteAcceptedMail(
                  order!,
                  q,
                  deps.bank,
                  link,
                  deps.site,
                  messagesFor(lang).quotes,
                  mailWords(lang),
                  deps.site.url +
                    proFormaPath(
                      order!.orderNumber,
                      await deps.orderLinks.token(order!.orderNumber),
                    ),
                ),
                newOrderNotice(order!, deps.shopEmail, mailWords("en"), deps.timeZone),
                quoteAnswerNotice(accepted, deps.shopEmail, adminUrl(accepted), english()),
              ]
            ) {
              deps.outbox.add(op, mail);
              subjects.push(mail.subject);
            }
          },
        );
        deps.mailer.wake(subjects);
        return { quote: accepted!, order };
      } catch (err) {
        if (stored) await deps.blobs.remove(stored.id).catch(() => false);
        if (!(err instanceof StockShort)) throw err;
        throw await stockShort(q, err.message);
      }
    },
  };
}
