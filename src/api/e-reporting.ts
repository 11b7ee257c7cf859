import { Hono } from "hono";
import { NotFoundError } from "../domain/errors.ts";
import { periodOf } from "../domain/reporting-periods.ts";
import { actorOf } from "../services/admin-accounts.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";

export const UNKNOWN_PERIOD_MESSAGE =
  "No such e-reporting period: a month (2026-11.xml) or a ten-day period (2026-11-D2.xml)";

/** `/api/e-reporting/{period}.xml`: staff download a period's Flux 10 file (audited). */
export function eReportingRouter(services: Services) {
  return new Hono<ApiEnv>()
    .get("/:file", async (c) => {
      const name = c.req.param("file");
      const period = name.endsWith(".xml") ? periodOf(name.slice(0, -4)) : null;
      if (!period) throw new NotFoundError(UNKNOWN_PERIOD_MESSAGE);
      const actor = actorOf(c.get("session").admin);
      const bytes = await services.eReporting.download(actor, period);
      return new Response(bytes as BodyInit, {
        headers: {
          "Content-Type": "application/xml; charset=utf-8",
          "Content-Disposition": `attachment; filename="e-reporting-${period.id}.xml"`,
          "Cache-Control": "no-store",
        },
      });
    });
}
