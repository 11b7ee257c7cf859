import { type Context, Hono } from "hono";
import { NotFoundError, ValidationError } from "../domain/errors.ts";
import { orderLocale } from "../domain/order.ts";
import {
  acceptQuoteBodySchema,
  confirmQuotePaymentBodySchema,
  declineQuoteBodySchema,
  MAX_PURCHASE_ORDER_BYTES,
  payQuoteBodySchema,
  quoteListQuerySchema,
  quoteRequestBodySchema,
  type SalesQuote,
  staffQuoteBodySchema,
} from "../domain/sales-quote.ts";
import { actorOf } from "../services/admin-accounts.ts";
import type { Services } from "../services/container.ts";
import { buyerLanguage } from "./middleware/buyer-language.ts";
import { type ApiEnv, enforceRateLimit } from "./middleware/rate-limit.ts";
import { pdfResponse } from "./pdf-response.ts";
import { readJson, readMultipart } from "./validate.ts";

/** What the buyer's page shows of a quote: all but staff's bookkeeping. */
function publicQuote(q: SalesQuote) {
  const {
    schemaVersion: _v,
    id: _id,
    source: _s,
    acceptance,
    orderId: _o,
    cardPayment,
    ...shown
  } = q;
  return {
    ...shown,
    acceptance: acceptance ? { purchaseOrder: acceptance.purchaseOrder } : null,
    paying: Boolean(cardPayment),
  };
}

/** `/api/quotes`: staff's quotes (both roles sell). */
export function quotesRouter(services: Services) {
  const desk = services.quoteDesk;
  const actor = (c: Context<ApiEnv>) => actorOf(c.get("session").admin);
  return new Hono<ApiEnv>()
    .get("/", async (c) => c.json(await desk.list(quoteListQuerySchema.parse(c.req.query()))))
    .post("/", async (c) => {
      const body = await readJson(c, staffQuoteBodySchema);
      return c.json(await desk.create(actor(c), body), 201);
    })
    .get("/:id", async (c) => {
      const found = await desk.detail(c.req.param("id"));
      if (!found) throw new NotFoundError("Quote not found");
      return c.json(found);
    })
    .put("/:id", async (c) => {
      const body = await readJson(c, staffQuoteBodySchema);
      return c.json(await desk.edit(actor(c), c.req.param("id"), body));
    })
    .get("/:id/pdf", async (c) => {
      const { number, bytes } = await services.saleDocuments.staffQuote(c.req.param("id"));
      return pdfResponse(bytes, `${number}.pdf`);
    })
    .post("/:id/send", async (c) => c.json(await desk.send(actor(c), c.req.param("id"))))
    .post("/:id/cancel", async (c) => c.json(await desk.cancel(actor(c), c.req.param("id"))))
    .get("/:id/purchase-order", async (c) => {
      const file = await desk.attachment(c.req.param("id"));
      return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": 'attachment; filename="purchase-order.pdf"',
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "sandbox; default-src 'none'",
        },
      });
    });
}

/**
 * `/api/quote-requests`: the cart's "Request a quote" (rate-limited: each one mails); its
 * refusals in the page's language (`locale`).
 */
export function quoteRequestsRouter(services: Services) {
  return new Hono<ApiEnv>()
    .use("*", buyerLanguage)
    .post("/", async (c) => {
      const body = await readJson(c, quoteRequestBodySchema);
      // Counted before VIES is asked and the quote is priced: the slow part.
      await enforceRateLimit(c, services, "quoteRequest");
      const q = await services.quoteDesk.request(body);
      return c.json({ success: true, number: q.number, validUntil: q.validUntil }, 201);
    });
}

/** `/api/public/quotes`: the buyer's quote page behind its signed link (`?t=`). */
export function publicQuotesRouter(services: Services) {
  const desk = services.quoteDesk;
  return new Hono<ApiEnv>()
    .get("/:number", async (c) => {
      const q = await desk.view(c.req.param("number"), c.req.query("t"));
      return c.json(publicQuote(q));
    })
    .get("/:number/pdf", async (c) => {
      // Counted before the link is checked and the PDF made: the slow part, and any guessing.
      await enforceRateLimit(c, services, "orderDocuments");
      const { number, bytes } = await services.saleDocuments.publicQuote(
        c.req.param("number"),
        c.req.query("t"),
      );
      return pdfResponse(bytes, `${number}.pdf`);
    })
    .post("/:number/accept", async (c) => {
      await enforceRateLimit(c, services, "quoteAnswer");
      const multipart = c.req.header("Content-Type")?.toLowerCase().startsWith("multipart/");
      let purchaseOrder: string;
      let pdf: { name: string; bytes: Uint8Array } | undefined;
      if (multipart) {
        const form = await readMultipart(c);
        ({ purchaseOrder } = acceptQuoteBodySchema.parse({
          purchaseOrder: form.get("purchaseOrder") ?? undefined,
        }));
        const file = form.get("file");
        if (file instanceof File && file.size > 0) {
          if (file.size > MAX_PURCHASE_ORDER_BYTES) {
            throw new ValidationError("The purchase order must be a PDF of at most 5 MB", [
              { field: "file", message: "A PDF of at most 5 MB" },
            ]);
          }
          pdf = {
            name: file.name || "purchase-order.pdf",
            bytes: new Uint8Array(await file.arrayBuffer()),
          };
        }
      } else {
        ({ purchaseOrder } = await readJson(c, acceptQuoteBodySchema));
      }
      const { quote, order } = await desk.accept(
        c.req.param("number"),
        c.req.query("t"),
        purchaseOrder,
        pdf,
      );
      return c.json({
        success: true,
        quote: publicQuote(quote),
        orderNumber: order.orderNumber,
        orderUrl: await services.orderLinks.path(order.orderNumber, quote.locale),
      }, 201);
    })
    .post("/:number/pay", async (c) => {
      // "Pay now": by card, the checkout's intent for the quote's total (the page then confirms
      // the card and calls confirm-payment); by Stripe's bank transfer, the order at once.
      const { method } = await readJson(c, payQuoteBodySchema);
      await enforceRateLimit(c, services, "paymentIntent");
      const number = c.req.param("number");
      if (method === "card") {
        return c.json({ success: true, ...(await desk.payByCard(number, c.req.query("t"))) });
      }
      const { quote, order } = await desk.payByTransfer(number, c.req.query("t"));
      return c.json({
        success: true,
        quote: publicQuote(quote),
        orderNumber: order.orderNumber,
        orderUrl: await services.orderLinks.path(order.orderNumber, orderLocale(order)),
      }, 201);
    })
    .post("/:number/confirm-payment", async (c) => {
      const { paymentIntentId } = await readJson(c, confirmQuotePaymentBodySchema);
      await enforceRateLimit(c, services, "quoteAnswer");
      const order = await desk.confirmCard(
        c.req.param("number"),
        c.req.query("t"),
        paymentIntentId,
      );
      return c.json({
        success: true,
        orderNumber: order.orderNumber,
        orderUrl: await services.orderLinks.path(order.orderNumber, orderLocale(order)),
      });
    })
    .post("/:number/decline", async (c) => {
      const { reason } = await readJson(c, declineQuoteBodySchema);
      await enforceRateLimit(c, services, "quoteAnswer");
      const q = await desk.decline(c.req.param("number"), c.req.query("t"), reason);
      return c.json({ success: true, quote: publicQuote(q) });
    });
}
