import { type Context, Hono } from "hono";
import { ValidationError } from "../domain/errors.ts";
import { assignBodySchema, setAsideBodySchema } from "../domain/reconciliation.ts";
import { actorOf } from "../services/admin-accounts.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";
import { readJson, readMultipart } from "./validate.ts";

/** `/api/bank-statements`: staff import camt.053 statements and deal with unmatched credits. */
export function bankStatementsRouter(services: Services) {
  const desk = services.bankReconciliation;
  const actor = (c: Context<ApiEnv>) => actorOf(c.get("session").admin);
  return new Hono<ApiEnv>()
    .post("/", async (c) => {
      // The body's size is bounded before it is read (app.ts); the file's again before parsing.
      const form = await readMultipart(c);
      const file = form.get("file");
      if (!(file instanceof File)) {
        throw new ValidationError("Choose the statement file (camt.053 XML)", [
          { field: "file", message: "Choose the statement file (camt.053 XML)" },
        ]);
      }
      const report = await desk.import(actor(c), new Uint8Array(await file.arrayBuffer()));
      return c.json(report);
    })
    .get("/entries", async (c) => c.json({ entries: await desk.entries() }))
    .post("/entries/:id/assign", async (c) => {
      const { orderNumber } = await readJson(c, assignBodySchema);
      return c.json(await desk.assign(actor(c), c.req.param("id"), orderNumber));
    })
    .post("/entries/:id/set-aside", async (c) => {
      const { note } = await readJson(c, setAsideBodySchema);
      return c.json({ entry: await desk.setAside(actor(c), c.req.param("id"), note) });
    });
}
