import { openKv } from "../../src/store/kv.ts";
import { assertEquals, assertRejects } from "../_lib/assert.ts";
import { ConflictError } from "../../src/domain/errors.ts";
import { createAdminStore } from "../../src/store/admins.ts";
import { createShippingFeeStore } from "../../src/store/shipping-fees.ts";
import { createStockNotificationStore } from "../../src/store/stock-notifications.ts";
import { createSubscriberStore } from "../../src/store/subscribers.ts";

async function withKv(fn: (kv: Deno.Kv) => Promise<void>) {
  const kv = await openKv(":memory:");
  try {
    await fn(kv);
  } finally {
    kv.close();
  }
}

Deno.test("[store] shipping fees: one fee per country, whatever the case", () =>
  withKv(async (kv) => {
    const fees = createShippingFeeStore(kv);
    const fr = await fees.create({ country: "France", shippingFee: 9.9 });
    assertEquals(fr.feeCents, 990);
    await assertRejects(() => fees.create({ country: "france", shippingFee: 5 }), ConflictError);
    assertEquals((await fees.list()).length, 1);
    assertEquals((await fees.getByCountry("FRANCE"))?.id, fr.id);
  }));

Deno.test("[store] shipping fees: concurrent creates for one country keep one", () =>
  withKv(async (kv) => {
    const fees = createShippingFeeStore(kv);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => fees.create({ country: "Spain", shippingFee: 14 })),
    );
    assertEquals(results.filter((r) => r.status === "fulfilled").length, 1);
    assertEquals((await fees.list()).length, 1);
  }));

Deno.test("[store] shipping fees: renaming to a taken country is refused", () =>
  withKv(async (kv) => {
    const fees = createShippingFeeStore(kv);
    await fees.create({ country: "Italy", shippingFee: 14 });
    const es = await fees.create({ country: "Spain", shippingFee: 14 });
    await assertRejects(() => fees.update(es.id, { country: "Italy" }), ConflictError);
    assertEquals((await fees.get(es.id))?.country, "Spain");
  }));

Deno.test("[store] subscribers: one subscriber per email, consent kept", () =>
  withKv(async (kv) => {
    const subscribers = createSubscriberStore(kv);
    const first = await subscribers.subscribe("Ada@Example.com", "/home");
    const again = await subscribers.subscribe(" ada@example.com ", "/shop");
    assertEquals(first.created, true);
    assertEquals(again.created, false);
    assertEquals(again.subscriber.id, first.subscriber.id);
    assertEquals(again.subscriber.consent.source, "/home");
    assertEquals((await subscribers.list()).length, 1);
  }));

Deno.test("[store] subscribers: concurrent subscriptions of one email keep one", () =>
  withKv(async (kv) => {
    const subscribers = createSubscriberStore(kv);
    await Promise.all(Array.from({ length: 10 }, () => subscribers.subscribe("x@y.io", "/")));
    assertEquals((await subscribers.list()).length, 1);
  }));

Deno.test("[store] subscribers: unsubscribe then subscribe again records new consent", () =>
  withKv(async (kv) => {
    const subscribers = createSubscriberStore(kv);
    await subscribers.subscribe("x@y.io", "/home");
    assertEquals((await subscribers.unsubscribe("x@y.io"))?.subscribed, false);
    const back = await subscribers.subscribe("x@y.io", "/features");
    assertEquals(back.subscriber.subscribed, true);
    assertEquals(back.subscriber.consent.source, "/features");
  }));

Deno.test("[store] admins: one account per email", () =>
  withKv(async (kv) => {
    const admins = createAdminStore(kv);
    const base = { username: "A", passwordHash: "h", role: "admin" as const };
    await admins.create({ ...base, email: "a@x.io" });
    await assertRejects(() => admins.create({ ...base, email: "A@X.IO" }), ConflictError);
    const b = await admins.create({ ...base, email: "b@x.io" });
    await assertRejects(() => admins.update(b.id, { email: "a@x.io" }), ConflictError);
    assertEquals(await admins.count(), 2);
  }));

Deno.test("[store] stock notifications: one pending per email and product", () =>
  withKv(async (kv) => {
    const notifications = createStockNotificationStore(kv);
    const product = { id: "p1", name: "Kit" };
    const a = await notifications.subscribe("a@x.io", product);
    const b = await notifications.subscribe("A@x.io", product);
    assertEquals(b.created, false);
    assertEquals(b.notification.id, a.notification.id);
    await notifications.subscribe("a@x.io", { id: "p2", name: "Other" });
    assertEquals((await notifications.list()).length, 2);
  }));
