import { Hono } from "hono";
import { CSV_BOM, csvFormatSchema, csvRow } from "../domain/csv.ts";
import { receivableCells, RECEIVABLES_CSV_HEADER } from "../domain/receivables.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";

/** `/api/receivables`: open invoices on terms, their aging and totals (staff). */
export function receivablesRouter(services: Services) {
  return new Hono<ApiEnv>()
    .get("/", async (c) => c.json(await services.receivables.list()))
    .get("/export.csv", async (c) => {
      const { format } = csvFormatSchema.parse(c.req.query());
      const { receivables } = await services.receivables.list();
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header(
        "Content-Disposition",
        `attachment; filename="receivables${format === "standard" ? "" : `-${format}`}.csv"`,
      );
      return c.body(
        CSV_BOM + csvRow(RECEIVABLES_CSV_HEADER, format) +
          receivables.map((r) => csvRow(receivableCells(r), format)).join(""),
      );
    });
}
