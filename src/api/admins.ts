import { Hono } from "hono";
import { type AdminRole, createAdminBodySchema, updateAdminBodySchema } from "../domain/admin.ts";
import { actorOf } from "../services/admin-accounts.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";
import { readJson } from "./validate.ts";

/**
 * `/api/admins` and `/api/superadmins`: the accounts of one role. The list and creation are
 * per role; edit, toggle and delete act on the account named by id (the UI picks the endpoint
 * by the target's role).
 */
export function accountsRouter(services: Services, role: AdminRole) {
  const accounts = services.adminAccounts;
  return new Hono<ApiEnv>()
    .get("/", async (c) => c.json(await accounts.list(role)))
    .post("/", async (c) => {
      const body = await readJson(c, createAdminBodySchema);
      const actor = actorOf(c.get("session").admin);
      const admin = await accounts.create(actor, body, role);
      return c.json({ success: true, message: "Admin registered successfully!", admin }, 201);
    })
    .put("/:id", async (c) => {
      const body = await readJson(c, updateAdminBodySchema);
      const { admin, sessionId } = c.get("session");
      const client = c.env?.clientAddress ?? "unknown";
      return c.json(
        await accounts.update(actorOf(admin), c.req.param("id"), body, { client, sessionId }),
      );
    })
    .patch("/:id/toggle-status", async (c) => {
      const actor = actorOf(c.get("session").admin);
      const admin = await accounts.toggleStatus(actor, c.req.param("id"));
      return c.json({ status: admin.status, admin });
    })
    .delete("/:id", async (c) => {
      const actor = actorOf(c.get("session").admin);
      await accounts.remove(actor, c.req.param("id"));
      return c.json({ success: true, message: "Admin deleted" });
    });
}
