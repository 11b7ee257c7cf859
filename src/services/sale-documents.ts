import { hasProForma } from "../domain/document-links.ts";
import { NotFoundError } from "../domain/errors.ts";
import type { Order } from "../domain/order.ts";
import type { SalesQuote } from "../domain/sales-quote.ts";
import type { OrderStore } from "../store/orders.ts";
import type { SalesQuoteStore } from "../store/sales-quotes.ts";
import type { OrderLinks } from "./order-links.ts";
import type { SalePdfSettings } from "./sale-pdf.ts";

export type SaleDocuments = ReturnType<typeof createSaleDocuments>;

/**
 * The quote's and the pro-forma's PDFs, for the buyer behind their signed links and for staff.
 * pdf-lib is loaded with the first one (as the invoice's: most instances never draw a PDF).
 */
export function createSaleDocuments(deps: {
  quotes: SalesQuoteStore;
  orders: OrderStore;
  quoteLinks: OrderLinks;
  orderLinks: OrderLinks;
  settings: () => SalePdfSettings;
}) {
  const quotePdf = async (q: SalesQuote) =>
    (await import("./sale-pdf.ts")).renderQuotePdf(q, deps.settings());
  async function proFormaPdf(o: Order | null) {
    if (!o || !hasProForma(o)) throw new NotFoundError("This order has no pro forma invoice");
    return (await import("./sale-pdf.ts")).renderProFormaPdf(o, deps.settings());
  }

  return {
    /** The quote of a signed link (a wrong token: 404, as an unknown number). */
    async publicQuote(number: string, token: string | null | undefined) {
      const q = token && await deps.quoteLinks.verify(number, token)
        ? await deps.quotes.getByNumber(number)
        : null;
      if (!q) throw new NotFoundError("Quote not found");
      return { number: q.number, bytes: await quotePdf(q) };
    },

    async staffQuote(id: string) {
      const q = await deps.quotes.get(id);
      if (!q) throw new NotFoundError("Quote not found");
      return { number: q.number, bytes: await quotePdf(q) };
    },

    /** The pro-forma of a signed order link; an order paid otherwise has none (404). */
    async publicProForma(orderNumber: string, token: string | null | undefined) {
      if (!token || !await deps.orderLinks.verify(orderNumber, token)) {
        throw new NotFoundError("Order not found");
      }
      const o = await deps.orders.getByNumber(orderNumber);
      return { number: orderNumber, bytes: await proFormaPdf(o) };
    },

    async staffProForma(id: string) {
      const o = await deps.orders.get(id);
      if (!o) throw new NotFoundError("Order not found");
      return { number: o.orderNumber, bytes: await proFormaPdf(o) };
    },
  };
}
