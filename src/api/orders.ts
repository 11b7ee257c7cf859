import { type Context, Hono } from "hono";
import { stream } from "hono/streaming";
import { NotFoundError } from "../domain/errors.ts";
import {
  bulkBodySchema,
  creditBodySchema,
  dateBodySchema,
  manualOrderBodySchema,
  noteBodySchema,
  paymentBodySchema,
  refundBodySchema,
  reinvoiceBodySchema,
  statusBodySchema,
} from "../domain/order-admin.ts";
import { toDocumentSummary } from "../domain/invoice.ts";
import { CSV_BOM, csvFormatSchema } from "../domain/csv.ts";
import { orderCsvRow, ordersCsvHeader } from "../domain/order-csv.ts";
import { orderQuerySchema } from "../domain/order-query.ts";
import { actorOf } from "../services/admin-accounts.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";
import { pdfResponse } from "./pdf-response.ts";
import { readJson } from "./validate.ts";

/** `/api/orders`: the back office's order calls (both staff roles). */
export function ordersRouter(services: Services) {
  const desk = services.orderDesk;
  const actor = (c: Context<ApiEnv>) => actorOf(c.get("session").admin);
  return new Hono<ApiEnv>()
    .get("/", async (c) => c.json(await desk.list(orderQuerySchema.parse(c.req.query()))))
    .get("/export.csv", (c) => {
      const q = orderQuerySchema.parse(c.req.query());
      const { format } = csvFormatSchema.parse(c.req.query());
      const timeZone = services.config.shopTimeZone;
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header(
        "Content-Disposition",
        `attachment; filename="orders${format === "standard" ? "" : `-${format}`}.csv"`,
      );
      return stream(c, async (out) => {
        await out.write(CSV_BOM + ordersCsvHeader(format));
        for await (const order of desk.each(q)) {
          await out.write(orderCsvRow(order, timeZone, format));
        }
      });
    })
    .post("/admin", async (c) => {
      const body = await readJson(c, manualOrderBodySchema);
      const order = await desk.createManual(actor(c), body);
      return c.json({ success: true, orderId: order._id, _id: order._id, order }, 201);
    })
    .post("/bulk", async (c) => {
      const { ids, ...change } = await readJson(c, bulkBodySchema);
      return c.json(await desk.bulk(actor(c), ids, change));
    })
    .get("/:id", async (c) => {
      const found = await desk.detail(c.req.param("id"));
      if (!found) throw new NotFoundError("Order not found");
      const documents = await services.invoices.ofOrder(found.order._id);
      return c.json({ ...found, documents: documents.map(toDocumentSummary) });
    })
    .get("/:id/pro-forma", async (c) => {
      const { number, bytes } = await services.saleDocuments.staffProForma(c.req.param("id"));
      return pdfResponse(bytes, `pro-forma-${number}.pdf`);
    })
    .put("/:id/status", async (c) => {
      const body = await readJson(c, statusBodySchema);
      return c.json(await desk.setStatus(actor(c), c.req.param("id"), body));
    })
    .put("/:id/payment", async (c) => {
      const { paymentStatus } = await readJson(c, paymentBodySchema);
      return c.json(await desk.setPayment(actor(c), c.req.param("id"), paymentStatus));
    })
    .put("/:id/date", async (c) => {
      const { createdAt } = await readJson(c, dateBodySchema);
      return c.json(await desk.setDate(actor(c), c.req.param("id"), createdAt));
    })
    .post("/:id/refund", async (c) => {
      // No body: everything left is refunded (the spec's Refund button).
      const body = c.req.header("Content-Length") === "0" || !c.req.header("Content-Type")
        ? {}
        : await readJson(c, refundBodySchema);
      return c.json(await desk.refund(actor(c), c.req.param("id"), body));
    })
    .post("/:id/credit-note", async (c) => {
      const body = await readJson(c, creditBodySchema);
      return c.json(await desk.credit(actor(c), c.req.param("id"), body));
    })
    .post("/:id/reinvoice", async (c) => {
      const body = await readJson(c, reinvoiceBodySchema);
      return c.json(await desk.reinvoice(actor(c), c.req.param("id"), body));
    })
    .post("/:id/notes", async (c) => {
      const { text } = await readJson(c, noteBodySchema);
      return c.json(await desk.addNote(actor(c), c.req.param("id"), text), 201);
    })
    .delete("/:id", async (c) => {
      await desk.remove(actor(c), c.req.param("id"));
      return c.json({ success: true, message: "Order Deleted" });
    });
}
