import { normalizeEmail } from "../domain/email.ts";
import type { InvoiceDocument } from "../domain/invoice.ts";
import type { MailMessage } from "../domain/mail.ts";
import { orderLinksMail } from "../domain/order-mails.ts";
import type { Order, OrderLocale } from "../domain/order.ts";
import { shopDay } from "../domain/shop-time.ts";
import { formatDate } from "../i18n/format.ts";
import { findMailWords } from "../i18n/mail-words.ts";
import type { InvoiceStore } from "../store/invoices.ts";
import type { OrderStore } from "../store/orders.ts";
import type { OrderLinksRequestStore } from "../store/order-link-requests.ts";
import type { OutboxStore } from "../store/outbox.ts";
import { backgroundJob } from "./background-job.ts";
import { type DocumentSettings, renderInvoicePdf } from "./invoice-pdf-lazy.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { OrderLinks } from "./order-links.ts";

/** The most orders one "Find my orders" mail lists (the newest). */
const MAX_LINKS = 20;
/** Requests one background pass settles. */
const PASS = 50;

export type OrderTracking = ReturnType<typeof createOrderTracking>;

/**
 * The buyer's side after the sale: the order page behind a signed link, its invoice and
 * credit notes, and "Find my orders", which mails an address its links.
 */
export function createOrderTracking(deps: {
  orders: OrderStore;
  invoices: InvoiceStore;
  links: OrderLinks;
  outbox: OutboxStore;
  requests: OrderLinksRequestStore;
  mailer: Mailer;
  site: { name: string; url: string };
  /** The shop's (SHOP_TIMEZONE): the order dates the mail gives. */
  timeZone: string;
  documents: DocumentSettings;
}) {
  const { orders, invoices, links } = deps;

  /**
   * One request's look-up: the links mail of the address's newest orders, if it has any, in
   * the language it was asked in; each order's day is the shop's (ISO in English, "25 novembre
   * 2026" in French).
   */
  async function linksMail(email: string, lang: OrderLocale): Promise<MailMessage | null> {
    const found = await orders.newestOfEmail(email, MAX_LINKS);
    if (!found.length) return null;
    const date = (iso: string) =>
      lang === "en"
        ? shopDay(Date.parse(iso), deps.timeZone)
        : formatDate(iso, lang, deps.timeZone);
    return orderLinksMail(
      found[0].customer.email,
      await Promise.all(found.map(async (o) => ({
        orderNumber: o.orderNumber,
        date: date(o.createdAt),
        url: await links.url(o.orderNumber, lang),
      }))),
      deps.site,
      findMailWords(lang),
    );
  }

  /** Looks up and mails what is queued (each request once); answers how many were settled. */
  async function settle(): Promise<number> {
    let settled = 0;
    for (const entry of await deps.requests.pending(PASS)) {
      const mail = await linksMail(entry.value.email, entry.value.lang ?? "en");
      const queued = await deps.requests.settle(entry, (op) => {
        if (mail) deps.outbox.add(op, mail);
      });
      if (!queued) continue;
      settled++;
      if (mail) deps.mailer.wake([mail.subject]);
    }
    return settled;
  }

  /** Runs `settle` in the background; what a pass leaves waits for the next wake or sweep. */
  const job = backgroundJob("order-links", settle);
  const { wake } = job;

  /**
   * The order and its documents when the token is the order's own; null otherwise. The token
   * is checked first, so an unknown order and a wrong token take the same path and answer.
   */
  async function find(
    orderNumber: string,
    token: string | null | undefined,
  ): Promise<{ order: Order; documents: InvoiceDocument[]; token: string } | null> {
    if (!token || !await links.verify(orderNumber, token)) return null;
    const order = await orders.getByNumber(orderNumber);
    if (!order) return null;
    return { order, documents: await invoices.ofOrder(order.id), token };
  }

  return {
    find,

    /** One document of an order as a PDF, behind the order's link. */
    async documentPdf(orderNumber: string, token: string | null | undefined, number: string) {
      const found = await find(orderNumber, token);
      const doc = found?.documents.find((d) => d.number === number);
      return doc ? { doc, bytes: await renderInvoicePdf(doc, deps.documents) } : null;
    },

    /**
     * "Find my orders": queues the request and returns at once, before any look-up, so a known
     * and an unknown address take the same path and time; the mail goes out from `settle`.
     * The caps per address are counted here (a capped request is dropped, answered the same).
     */
    async requestLinks(email: string, lang: OrderLocale = "en"): Promise<void> {
      if (await deps.requests.queue(normalizeEmail(email), lang)) wake();
    },

    settle,
    wake,
    start: (intervalMs = 60_000) => job.start(intervalMs),
    stop: job.stop,
  };
}
