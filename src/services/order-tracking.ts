import { normalizeEmail } from "../domain/email.ts";
import type { InvoiceDocument } from "../domain/invoice.ts";
import type { MailMessage } from "../domain/mail.ts";
import type { Order, OrderLocale } from "../domain/order.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { fill } from "../i18n/fill.ts";
import { formatDate } from "../i18n/format.ts";
import type { InvoiceStore } from "../store/invoices.ts";
import type { OrderStore } from "../store/orders.ts";
import type { OutboxStore } from "../store/outbox.ts";
import { type DocumentSettings, renderInvoicePdf } from "./invoice-pdf-lazy.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { OrderLinks } from "./order-links.ts";

/** The most orders one "Find my orders" mail lists (the newest). */
const MAX_LINKS = 20;

export type OrderTracking = ReturnType<typeof createOrderTracking>;

/**
 * The buyer's side after the sale: the order page behind a signed link, its invoice and
 * credit notes, and "Find my orders", which mails an address its links.
 */
export function createOrderTracking(deps: {
  kv: Deno.Kv;
  orders: OrderStore;
  invoices: InvoiceStore;
  links: OrderLinks;
  outbox: OutboxStore;
  mailer: Mailer;
  site: { name: string; url: string };
  documents: DocumentSettings;
}) {
  const { orders, invoices, links } = deps;

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
     * Mails `email` the links of its orders, when it has any; the caller answers the same
     * either way, so nobody learns who bought here.
     */
    async mailLinks(email: string, lang: OrderLocale = "en"): Promise<void> {
      const address = normalizeEmail(email);
      const found: Order[] = [];
      for await (
        const e of deps.kv.list<string>({ prefix: ["order_search", address] }, {
          reverse: true,
          limit: MAX_LINKS * 2,
        })
      ) {
        const order = await orders.get(e.value);
        if (order && normalizeEmail(order.customer.email) === address) found.push(order);
        if (found.length >= MAX_LINKS) break;
      }
      if (!found.length) return;
      const t = messagesFor(lang).mail;
      // English keeps its ISO dates; French says the day ("25 novembre 2026").
      const day = (iso: string) => lang === "en" ? iso.slice(0, 10) : formatDate(iso, lang);
      const lines = await Promise.all(
        found.map(async (o) =>
          fill(t.findLine, {
            n: o.orderNumber,
            date: day(o.createdAt),
            url: await links.url(o.orderNumber, lang),
          })
        ),
      );
      const mail: MailMessage = {
        to: found[0].customer.email,
        subject: fill(t.findSubject, { site: deps.site.name }),
        text: [
          t.findHello,
          "",
          t.findText,
          "",
          ...lines,
          "",
          t.findIgnore,
          "",
          deps.site.name,
          deps.site.url,
        ].join("\n"),
      };
      const op = deps.kv.atomic();
      deps.outbox.add(op, mail);
      if (!(await op.commit()).ok) throw new Error("Could not queue the order links mail");
      deps.mailer.wake([mail.subject]);
    },
  };
}
