import { type Context, Hono } from "hono";
import { actorOf } from "../services/admin-accounts.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";
import { readMultipart } from "./validate.ts";

/** `/api/products`: Product Management (reading: staff; writes: superadmins, by the table). */
export function productsRouter(services: Services) {
  const desk = services.productDesk;
  const actor = (c: Context<ApiEnv>) => actorOf(c.get("session").admin);
  return new Hono<ApiEnv>()
    .get("/", async (c) => c.json(await desk.list()))
    .post("/", async (c) => {
      const product = await desk.create(actor(c), await readMultipart(c));
      return c.json({ success: true, message: "Product created successfully!", product }, 201);
    })
    .put("/:id", async (c) => {
      const product = await desk.update(actor(c), c.req.param("id"), await readMultipart(c));
      return c.json({ success: true, message: "Product updated successfully!", product });
    })
    .delete("/:id", async (c) => {
      await desk.remove(actor(c), c.req.param("id"));
      return c.json({ success: true, message: "Product deleted successfully!" });
    });
}
