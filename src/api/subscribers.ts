import { type Context, Hono } from "hono";
import { stream } from "hono/streaming";
import { z } from "zod";
import { sendToAllSchema } from "../domain/campaign.ts";
import { csvRow } from "../domain/csv.ts";
import { toPublicSubscriber } from "../domain/subscriber.ts";
import { actorOf } from "../services/admin-accounts.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";
import { readJson } from "./validate.ts";

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().refine((n) => [10, 25, 50].includes(n)).catch(10),
  status: z.enum(["all", "active", "inactive"]).catch("all"),
  search: z.string().trim().max(254).catch(""),
});

/** `/api/subscribers`: Newsletter Subscribers (both staff roles). */
export function subscribersRouter(services: Services) {
  const actor = (c: Context<ApiEnv>) => actorOf(c.get("session").admin);
  return new Hono<ApiEnv>()
    .get("/admin", async (c) => {
      const q = listQuery.parse({ search: "", ...c.req.query() });
      const { items, total } = await services.subscribers.page(q);
      return c.json({
        subscribers: items.map(toPublicSubscriber),
        total,
        page: q.page,
        limit: q.limit,
        pages: Math.max(1, Math.ceil(total / q.limit)),
      });
    })
    .delete("/admin/:id", async (c) => {
      const who = actor(c);
      await services.subscribers.remove(c.req.param("id"), (s) => ({
        actor: who,
        action: "subscriber.delete",
        entity: "subscriber",
        entityId: s.id,
        summary: `Deleted subscriber ${s.email}`,
      }));
      return c.json({ success: true, message: "Subscriber deleted successfully!" });
    })
    .post("/send-to-all", async (c) => {
      const input = await readJson(c, sendToAllSchema);
      const newsletter = await services.newsletterSender.create(actor(c), input);
      return c.json({ success: true, message: "Newsletter sent successfully!", newsletter }, 202);
    })
    .get(
      "/newsletters",
      async (c) => c.json({ newsletters: await services.newsletterSender.list() }),
    )
    .get("/export.csv", (c) => {
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", 'attachment; filename="subscribers.csv"');
      return stream(c, async (out) => {
        await out.write(csvRow(["Email", "Status", "Subscribed at"]));
        for await (const s of services.subscribers.each()) {
          await out.write(csvRow([s.email, s.subscribed ? "active" : "inactive", s.createdAt]));
        }
      });
    });
}
