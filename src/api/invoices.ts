import { Hono } from "hono";
import { stream } from "hono/streaming";
import { CSV_BOM, type CsvDialect, csvFormatSchema, csvRow } from "../domain/csv.ts";
import { invoiceCsvRows, invoicePeriodSchema, invoicesCsvHeader } from "../domain/invoice.ts";
import {
  EC_SALES_LIST_CSV_COLUMNS,
  ecSalesList,
  OSS_CSV_COLUMNS,
  ossReport,
} from "../domain/tax-reports.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";

/** A file to download (`attachment`) or to show (`inline`), never kept by a cache. */
const file = (body: BodyInit | Uint8Array, type: string, disposition: string, name: string) =>
  new Response(body as BodyInit, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `${disposition}; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });

/** A return as a CSV file in the asked dialect, with the BOM Excel reads UTF-8 by. */
const csvFile = (name: string, format: CsvDialect, columns: string[], rows: string) =>
  file(
    CSV_BOM + csvRow(columns, format) + rows,
    "text/csv; charset=utf-8",
    "attachment",
    `${name}${format === "standard" ? "" : `-${format}`}.csv`,
  );

/** `/api/invoices`: staff's list by period, the accountant's CSV and ZIP, each PDF and UBL. */
export function invoicesRouter(services: Services) {
  const desk = services.invoiceDesk;
  return new Hono<ApiEnv>()
    .get("/", async (c) => c.json(await desk.list(invoicePeriodSchema.parse(c.req.query()))))
    .get("/export.csv", (c) => {
      const q = invoicePeriodSchema.parse(c.req.query());
      const { format } = csvFormatSchema.parse(c.req.query());
      const { from, to } = desk.period(q);
      const suffix = format === "standard" ? "" : `-${format}`;
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header(
        "Content-Disposition",
        `attachment; filename="invoices-${from}-${to}${suffix}.csv"`,
      );
      return stream(c, async (out) => {
        await out.write(CSV_BOM + invoicesCsvHeader(format));
        for await (const doc of desk.each(q)) await out.write(invoiceCsvRows(doc, format));
      });
    })
    // The accountant's returns: read through the period's documents, a few rows kept.
    .get("/oss.csv", async (c) => {
      const q = invoicePeriodSchema.parse(c.req.query());
      const { format } = csvFormatSchema.parse(c.req.query());
      const { from, to } = desk.period(q);
      const report = ossReport();
      for await (const doc of desk.each(q)) report.add(doc, await desk.invoiceIssueDate(doc));
      return csvFile(`oss-${from}-${to}`, format, OSS_CSV_COLUMNS, report.csv(format));
    })
    .get("/ec-sales-list.csv", async (c) => {
      const q = invoicePeriodSchema.parse(c.req.query());
      const { format } = csvFormatSchema.parse(c.req.query());
      const { from, to } = desk.period(q);
      const report = ecSalesList();
      for await (const doc of desk.each(q)) report.add(doc);
      return csvFile(
        `ec-sales-list-${from}-${to}`,
        format,
        EC_SALES_LIST_CSV_COLUMNS,
        report.csv(format),
      );
    })
    .get("/export.zip", (c) => {
      const q = invoicePeriodSchema.parse(c.req.query());
      const { from, to } = desk.period(q);
      return file(desk.zip(q), "application/zip", "attachment", `invoices-${from}-${to}.zip`);
    })
    .get("/:number/ubl", async (c) => {
      const { doc, bytes } = await desk.ubl(c.req.param("number"));
      return file(bytes, "application/xml; charset=utf-8", "attachment", `${doc.number}-ubl.xml`);
    })
    .get("/:number/pdf", async (c) => {
      const { doc, bytes } = await desk.pdf(c.req.param("number"));
      return file(bytes, "application/pdf", "inline", `${doc.number}.pdf`);
    });
}
