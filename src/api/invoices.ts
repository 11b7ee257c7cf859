import { Hono } from "hono";
import { stream } from "hono/streaming";
import { invoiceCsvRows, invoicePeriodSchema, INVOICES_CSV_HEADER } from "../domain/invoice.ts";
import {
  EC_SALES_LIST_CSV_HEADER,
  ecSalesList,
  OSS_CSV_HEADER,
  ossReport,
} from "../domain/tax-reports.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";

const csvFile = (name: string, body: string) =>
  new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });

/** `/api/invoices`: staff's list by period, the accountant's CSV and ZIP, each PDF and UBL. */
export function invoicesRouter(services: Services) {
  const desk = services.invoiceDesk;
  return new Hono<ApiEnv>()
    .get("/", async (c) => c.json(await desk.list(invoicePeriodSchema.parse(c.req.query()))))
    .get("/export.csv", (c) => {
      const q = invoicePeriodSchema.parse(c.req.query());
      const { from, to } = desk.period(q);
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="invoices-${from}-${to}.csv"`);
      return stream(c, async (out) => {
        await out.write(INVOICES_CSV_HEADER);
        for await (const doc of desk.each(q)) await out.write(invoiceCsvRows(doc));
      });
    })
    // The accountant's returns: read through the period's documents, a few rows kept.
    .get("/oss.csv", async (c) => {
      const q = invoicePeriodSchema.parse(c.req.query());
      const { from, to } = desk.period(q);
      const report = ossReport();
      for await (const doc of desk.each(q)) report.add(doc);
      return csvFile(`oss-${from}-${to}.csv`, OSS_CSV_HEADER + report.csv());
    })
    .get("/ec-sales-list.csv", async (c) => {
      const q = invoicePeriodSchema.parse(c.req.query());
      const { from, to } = desk.period(q);
      const report = ecSalesList(services.config.shopTimeZone);
      for await (const doc of desk.each(q)) report.add(doc);
      return csvFile(`ec-sales-list-${from}-${to}.csv`, EC_SALES_LIST_CSV_HEADER + report.csv());
    })
    .get("/export.zip", (c) => {
      const q = invoicePeriodSchema.parse(c.req.query());
      const { from, to } = desk.period(q);
      return new Response(desk.zip(q), {
        headers: {
          "Content-Type": "application/zip",
          "Content-Disposition": `attachment; filename="invoices-${from}-${to}.zip"`,
          "Cache-Control": "no-store",
        },
      });
    })
    .get("/:number/ubl", async (c) => {
      const { doc, bytes } = await desk.ubl(c.req.param("number"));
      return new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          "Content-Type": "application/xml; charset=utf-8",
          "Content-Disposition": `attachment; filename="${doc.number}-ubl.xml"`,
          "Cache-Control": "no-store",
        },
      });
    })
    .get("/:number/pdf", async (c) => {
      const { doc, bytes } = await desk.pdf(c.req.param("number"));
      return new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `inline; filename="${doc.number}.pdf"`,
          "Cache-Control": "no-store",
        },
      });
    });
}
