import { Hono } from "hono";
import { z } from "zod";
import { emailField } from "../domain/email.ts";
import { NotFoundError } from "../domain/errors.ts";
import { ORDER_LOCALES } from "../domain/order.ts";
import { withdrawalRequestSchema } from "../domain/withdrawal.ts";
import type { Services } from "../services/container.ts";
import { type ApiEnv, enforceRateLimit } from "./middleware/rate-limit.ts";
import { pdfResponse } from "./pdf-response.ts";
import { readJson } from "./validate.ts";

export const FIND_ORDERS_MESSAGE =
  "If we have orders for this address, a mail with their links is on its way.";

const findBodySchema = z.object({
  email: emailField({
    required: "Email is required",
    invalid: "Please enter a valid email address",
  }),
  /** The page's language: the mail and its links speak it. */
  lang: z.enum(ORDER_LOCALES, { message: "lang must be en or fr" }).default("en"),
});

/**
 * `/api/public/orders`: a buyer's invoice and credit notes behind their order link, their
 * withdrawal from the order, and "Find my orders".
 */
export function orderTrackingRouter(services: Services) {
  const tracking = services.orderTracking;
  return new Hono<ApiEnv>()
    .post("/find", async (c) => {
      const { email, lang } = await readJson(c, findBodySchema);
      await enforceRateLimit(c, services, "findOrders");
      await tracking.requestLinks(email, lang);
      return c.json({ success: true, message: FIND_ORDERS_MESSAGE }, 202);
    })
    .post("/:orderNumber/withdrawal", async (c) => {
      // Counted before the link is checked: the slow part, and any guessing.
      await enforceRateLimit(c, services, "withdrawal");
      const body = await readJson(c, withdrawalRequestSchema);
      const { withdrawal, repeated } = await services.withdrawals.withdraw(
        c.req.param("orderNumber"),
        body,
      );
      return c.json({ success: true, withdrawal }, repeated ? 200 : 201);
    })
    .get("/:orderNumber/pro-forma", async (c) => {
      // Counted before the link is checked and the PDF made, as the invoices.
      await enforceRateLimit(c, services, "orderDocuments");
      const { number, bytes } = await services.saleDocuments.publicProForma(
        c.req.param("orderNumber"),
        c.req.query("t"),
      );
      return pdfResponse(bytes, `pro-forma-${number}.pdf`);
    })
    .get("/:orderNumber/documents/:number", async (c) => {
      // Counted before the link is checked and the PDF made: the slow part, and any guessing.
      await enforceRateLimit(c, services, "orderDocuments");
      const found = await tracking.documentPdf(
        c.req.param("orderNumber"),
        c.req.query("t"),
        c.req.param("number"),
      );
      // A wrong token, an unknown order or document: one answer.
      if (!found) throw new NotFoundError("Order not found");
      return new Response(found.bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `inline; filename="${found.doc.number}.pdf"`,
          "Cache-Control": "private, no-store",
          "X-Robots-Tag": "noindex",
        },
      });
    });
}
