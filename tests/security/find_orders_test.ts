import { FIND_ORDERS_MESSAGE } from "../../src/api/order-tracking.ts";
import { assert, assertEquals, assertJsonResponse, assertMatch } from "../_lib/assert.ts";
import { atInstant } from "../_lib/clock.ts";
import { sketchOrder } from "../_lib/orders.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";

const ask = (t: TestContext, email: string, client: string) =>
  t.api.request("/api/public/orders/find", jsonRequest("POST", { email }), {
    clientAddress: client,
  });

const linkMails = async (t: TestContext) =>
  (await t.services.outbox.list()).filter((m) => m.subject.startsWith("Your orders"));

const order = (email: string, at: string, name = "Ada") => ({
  ...sketchOrder({
    at,
    email,
    country: "France",
    lines: [{ id: "p1", priceCents: 1_000, quantity: 1 }],
    feeCents: 0,
  }),
  customer: { firstName: name, lastName: "Buyer", email, phone: "" },
});

Deno.test("[security] Find my orders answers before any look-up: a known and an unknown address get their 202 while the look-up is held; the mail follows from the queue", () =>
  withServices(async (t) => {
    await t.services.orders.create(order("ada@example.com", "2026-11-01T10:00:00.000Z"));
    // The look-up is held until the test lets it go (or 10 s pass, which fails the test).
    const lookUp = t.services.orders.newestOfEmail.bind(t.services.orders);
    const gate = Promise.withResolvers<void>();
    let heldUntilTimeout = false;
    const timeout = setTimeout(() => {
      heldUntilTimeout = true;
      gate.resolve();
    }, 10_000);
    let lookUps = 0;
    t.services.orders.newestOfEmail = async (email, limit) => {
      lookUps++;
      await gate.promise;
      return lookUp(email, limit);
    };
    try {
      const known = await assertJsonResponse(await ask(t, "ada@example.com", "198.51.100.1"), 202);
      const unknown = await assertJsonResponse(
        await ask(t, "nobody@example.com", "198.51.100.2"),
        202,
      );
      assertEquals(known, unknown);
      assertEquals((known as { message: string }).message, FIND_ORDERS_MESSAGE);
      assertEquals(await linkMails(t), [], "nothing looked up or mailed yet");
    } finally {
      gate.resolve();
      clearTimeout(timeout);
    }
    assert(!heldUntilTimeout, "the answers did not wait for the look-up");
    await t.services.orderTracking.stop(); // the pass the answers woke, now let go
    await t.services.orderTracking.settle(); // what it left, as the minute's sweep would
    assert(lookUps >= 2, "both requests were looked up after their answers");
    assertEquals((await linkMails(t)).map((m) => m.to), ["ada@example.com"]);
  }));

Deno.test("[security] Find my orders mails one address at most once per 10 minutes and 3 times a day, whatever the client: 30 parallel requests from 30 addresses send one mail", () =>
  withServices(async (t) => {
    await t.services.orders.create(order("ada@example.com", "2026-11-01T10:00:00.000Z"));
    const start = Date.now();
    const burst = () =>
      Promise.all(
        Array.from({ length: 30 }, (_, i) => ask(t, "Ada@Example.com", `203.0.113.${i + 1}`)),
      );
    const answers = await burst();
    for (const r of answers) await assertJsonResponse(r, 202);
    await t.services.orderTracking.settle();
    assertEquals((await linkMails(t)).length, 1, "one mail for 30 requests");

    // 11, 22 and 33 minutes later: the second and third mails of the day, then no more.
    for (const minutes of [11, 22, 33]) {
      await atInstant(start + minutes * 60_000, async () => {
        for (const r of await burst()) await assertJsonResponse(r, 202);
      });
    }
    await t.services.orderTracking.settle();
    assertEquals((await linkMails(t)).length, 3, "three a day");
  }));

Deno.test("[security] Find my orders reads the email index only: orders named after someone's address do not push theirs out", () =>
  withServices(async (t) => {
    const mine = await t.services.orders.create(
      order("ada@example.com", "2026-10-01T10:00:00.000Z"),
    );
    // 60 newer orders by someone else, whose first name is Ada's address.
    for (let i = 0; i < 60; i++) {
      await t.services.orders.create(
        order(`spam${i}@example.net`, `2026-11-0${1 + (i % 9)}T10:00:00.000Z`, "ada@example.com"),
      );
    }
    await t.services.orderTracking.requestLinks("ada@example.com");
    await t.services.orderTracking.settle();
    const [mail] = await linkMails(t);
    assertEquals(mail?.to, "ada@example.com");
    assertMatch(mail.text, new RegExp(`${mine.orderNumber} \\(2026-10-01\\)`));
    assert(!mail.text.includes("ORD-000002"), "no one else's order");
    assertMatch(mail.html ?? "", /<a href="[^"]+\/orders\/ORD-000001\?t=/);
  }));
