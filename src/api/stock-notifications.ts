import { Hono } from "hono";
import { z } from "zod";
import { NotFoundError, ValidationError } from "../domain/errors.ts";
import { NOTIFY_MESSAGES, notifyEmailProblem } from "../domain/stock-notification-request.ts";
import { groupByProduct, toPublicStockNotification } from "../domain/stock-notification.ts";
import { actorOf } from "../services/admin-accounts.ts";
import type { Services } from "../services/container.ts";
import { type ApiEnv, enforceRateLimit } from "./middleware/rate-limit.ts";
import { readJson } from "./validate.ts";

const subscribeBody = z.object({
  // A missing email gets the spec's "empty" message below, not zod's type message.
  email: z.string().max(1000).default(""),
  productId: z.string().trim().min(1, "Product is required").max(100),
  /** The page's language: the back-in-stock mail speaks it. Anything else is English. */
  lang: z.enum(["en", "fr"]).optional().catch(undefined),
});

/**
 * `POST /api/stock-notifications/subscribe`: one pending notification per email and product;
 * a repeat stores nothing new and is answered exactly as a new one (201, same body), so the
 * answer tells no one which addresses wait for which product.
 */
export function stockNotificationsRouter(services: Services) {
  return new Hono<ApiEnv>().post(
    "/subscribe",
    async (c) => {
      const body = await readJson(c, subscribeBody);
      const problem = notifyEmailProblem(body.email);
      if (problem) throw new ValidationError(problem, [{ field: "email", message: problem }]);
      const product = (await services.catalog.list()).find((p) => p._id === body.productId);
      if (!product) throw new NotFoundError("Product not found");
      await enforceRateLimit(c, services, "stockNotification");
      await services.stockNotifications.subscribe(body.email, {
        id: product._id,
        name: (body.lang === "fr" && product.fr?.name) || product.name,
      }, body.lang);
      return c.json({ success: true, message: NOTIFY_MESSAGES.success }, 201);
    },
  )
    .get("/admin", async (c) => {
      const all = (await services.stockNotifications.list()).map(toPublicStockNotification);
      return c.json({ notifications: all, groups: groupByProduct(all) });
    })
    .delete("/admin/:id", async (c) => {
      const actor = actorOf(c.get("session").admin);
      await services.stockNotifications.remove(c.req.param("id"), (n) => ({
        actor,
        action: "stock_notification.delete",
        entity: "stock_notification",
        entityId: n.id,
        summary: `Deleted the notification of ${n.email} for ${n.productName}`,
      }));
      return c.json({ success: true, message: "Stock notification deleted successfully" });
    });
}
