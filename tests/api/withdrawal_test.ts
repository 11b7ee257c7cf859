import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { loginAs } from "../_lib/admin.ts";
import { sketchOrder } from "../_lib/orders.ts";
import { type TestContext, withServices } from "../_lib/services.ts";
import type { Order } from "../../src/domain/order.ts";

const BOARD = { id: "board", title: "Vectra DSP Board", priceCents: 60_000, quantity: 2 };
const CABLE = { id: "cable", title: "USB cable", priceCents: 900, quantity: 1 };

async function placed(
  t: TestContext,
  extra: Partial<Order> = {},
): Promise<{ order: Order; token: string }> {
  const order = await t.services.orders.createWith({
    ...sketchOrder({
      at: new Date().toISOString(),
      email: "ada@example.com",
      country: "France",
      lines: [BOARD, CABLE],
      feeCents: 990,
    }),
    termsVersion: "2026-11-27",
    ...extra,
  });
  return { order, token: await t.services.orderLinks.token(order.orderNumber) };
}

const withdraw = async (t: TestContext, n: string, body: unknown, ip = "198.51.100.1") =>
  await t.api.request(`/api/public/orders/${n}/withdrawal`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }, { clientAddress: ip });

Deno.test("[api] withdrawal: a consumer withdraws items from the order link; recorded once, audited, acknowledged by one mail; a repeat answers the same", () =>
  withServices(async (t) => {
    const { order, token } = await placed(t);
    const first = await withdraw(t, order.orderNumber, {
      t: token,
      items: [{ id: "board", quantity: 1 }],
    });
    assertEquals(first.status, 201);
    const body = await first.json();
    assertEquals(body.withdrawal.items, [{ id: "board", title: BOARD.title, quantity: 1 }]);

    const again = await withdraw(t, order.orderNumber, {
      t: token,
      items: [{ id: "board", quantity: 1 }],
    });
    assertEquals(again.status, 200, "the same request again: the same answer");
    assertEquals((await again.json()).withdrawal.at, body.withdrawal.at);
    const other = await withdraw(t, order.orderNumber, { t: token, items: [{ id: "cable" }] });
    assertEquals(other.status, 409);
    assertEquals((await other.json()).error, "already_withdrawn");

    const mails = (await t.services.outbox.list()).filter((m) => m.to === "ada@example.com");
    assertEquals(mails.length, 1, "one acknowledgement");
    assertStringIncludes(mails[0].subject, order.orderNumber);
    assertStringIncludes(mails[0].text, "1 × Vectra DSP Board");
    const audit = await t.services.audit.forRecord("order", order.id);
    assertEquals(audit.filter((a) => a.action === "order.withdrawal").length, 1);

    // Staff see it on the order.
    const clerk = await loginAs(t, "admin");
    const res = await t.api.request(`/api/orders/${order.id}`, { headers: clerk.headers });
    const admin = await res.json();
    assertEquals(admin.order.withdrawal.items[0].quantity, 1);
    assertEquals(admin.order.termsVersion, "2026-11-27");
    assert(
      admin.history.some((h: { summary: string }) => h.summary.includes("Withdrawal received")),
    );
  }));

Deno.test("[api] withdrawal: refused for a business, after 14 days from delivery, for a wrong link or items; bad input is a 400 that changes nothing", () =>
  withServices(async (t) => {
    const business = await placed(t, { business: { companyName: "ACME SAS" } });
    const late = await placed(t, {
      status: "delivered",
      deliveredAt: new Date(Date.now() - 15 * 86_400_000).toISOString(),
    });
    const recent = await placed(t, {
      status: "delivered",
      deliveredAt: new Date(Date.now() - 13 * 86_400_000).toISOString(),
    });
    const items = [{ id: "cable" }];
    const answer = async (n: string, body: unknown) => {
      const res = await withdraw(t, n, body);
      const json = await res.json();
      return [res.status, json.error];
    };
    assertEquals(
      await answer(business.order.orderNumber, { t: business.token, items }),
      [409, "withdrawal_closed"],
    );
    assertEquals(
      await answer(late.order.orderNumber, { t: late.token, items }),
      [409, "withdrawal_closed"],
    );
    assertEquals(await answer(recent.order.orderNumber, { t: late.token, items }), [
      404,
      "not_found",
    ]);
    assertEquals(
      (await answer(recent.order.orderNumber, { t: recent.token, items: [] }))[0],
      400,
    );
    assertEquals(
      (await answer(recent.order.orderNumber, {
        t: recent.token,
        items: [{ id: "board", quantity: 3 }],
      }))[0],
      400,
    );
    assertEquals((await answer(recent.order.orderNumber, { t: recent.token, items: "x" }))[0], 400);
    assertEquals((await t.services.orders.get(recent.order.id))?.withdrawal, undefined);
    assertEquals(
      await answer(recent.order.orderNumber, { t: recent.token, items }),
      [201, undefined],
    );
  }));

Deno.test("[api] withdrawal: a crowd sending the same withdrawal at once gets one record and one mail, no 5xx", () =>
  withServices(async (t) => {
    const { order, token } = await placed(t);
    const answers = await Promise.all(
      Array.from(
        { length: 200 },
        (_, i) =>
          withdraw(t, order.orderNumber, { t: token, items: [{ id: "board" }] }, `203.0.113.${i}`)
            .then(async (r) => (await r.body?.cancel(), r.status)),
      ),
    );
    assertEquals(answers.filter((s) => s === 201).length, 1);
    assertEquals(answers.filter((s) => s !== 201 && s !== 200), []);
    const mails = (await t.services.outbox.list()).filter((m) => m.to === "ada@example.com");
    assertEquals(mails.length, 1);
  }));
