import { assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { loginAs } from "../_lib/admin.ts";
import { withServices } from "../_lib/services.ts";

Deno.test("[api] stock notifications admin: grouped per product, deleted (audited), 404 after", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const [a, b] = (await t.services.products.list()).slice(0, 2);
    await t.services.stockNotifications.subscribe("x@example.com", { id: a.id, name: a.name });
    await t.services.stockNotifications.subscribe("y@example.com", { id: a.id, name: a.name });
    const { notification } = await t.services.stockNotifications.subscribe("z@example.com", {
      id: b.id,
      name: b.name,
    });
    const res = await t.api.request("/api/stock-notifications/admin", { headers: boss.headers });
    const body = await assertJsonResponse(res, 200) as {
      notifications: unknown[];
      groups: { productName: string; pending: number; notified: number }[];
    };
    assertEquals(body.notifications.length, 3);
    assertEquals(
      body.groups.map((g) => [g.productName, g.pending, g.notified]).sort(),
      [[a.name, 2, 0], [b.name, 1, 0]].sort(),
    );
    const del = await t.api.request(`/api/stock-notifications/admin/${notification.id}`, {
      method: "DELETE",
      headers: boss.headers,
    });
    assertEquals(
      (await assertJsonResponse(del, 200) as { message: string }).message,
      "Stock notification deleted successfully",
    );
    const again = await t.api.request(`/api/stock-notifications/admin/${notification.id}`, {
      method: "DELETE",
      headers: boss.headers,
    });
    await assertJsonResponse(again, 404);
    // The same email may ask again once its notification is gone.
    const { created } = await t.services.stockNotifications.subscribe("z@example.com", {
      id: b.id,
      name: b.name,
    });
    assertEquals(created, true);
    assertEquals(
      (await t.services.audit.forRecord("stock_notification", notification.id)).length,
      1,
    );
  }));
