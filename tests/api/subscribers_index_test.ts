import { newId } from "../../src/domain/ids.ts";
import type { Subscriber } from "../../src/domain/subscriber.ts";
import type { MailTransport } from "../../src/services/mail/transport.ts";
import { createSmtpTransport } from "../../src/services/mail/transport.ts";
import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";
import { smtpSink, waitFor } from "../_lib/smtp.ts";

interface ListBody {
  subscribers: { _id: string; email: string; subscribed: boolean; createdAt: string }[];
  total: number;
  page: number;
  limit: number;
  pages: number;
}

function lister(t: TestContext, who: SignedIn) {
  return async (q: string) =>
    await assertJsonResponse(
      await t.api.request(`/api/subscribers/admin?${q}`, { headers: who.headers }),
      200,
    ) as ListBody;
}

/** Every page of a listing, in order. */
async function allPages(list: (q: string) => Promise<ListBody>, q: string) {
  const first = await list(`${q}&page=1`);
  const emails = first.subscribers.map((s) => s.email);
  for (let p = 2; p <= first.pages; p++) {
    emails.push(...(await list(`${q}&page=${p}`)).subscribers.map((s) => s.email));
  }
  return { total: first.total, emails };
}

Deno.test("[api] subscribers list: every page from the indexes, newest first, per status", () =>
  withServices(async (t) => {
    for (let i = 0; i < 37; i++) {
      await t.services.subscribers.subscribe(`reader${i}@example.com`, "/");
    }
    for (const i of [2, 5, 30, 31]) {
      await t.services.subscribers.unsubscribe(`reader${i}@example.com`);
    }
    const list = lister(t, await loginAs(t, "admin"));
    const newestFirst = Array.from({ length: 37 }, (_, i) => `reader${36 - i}@example.com`);
    const inactive = new Set([2, 5, 30, 31].map((i) => `reader${i}@example.com`));

    // Pages 3 and 4 are read from the oldest end of the index: the order must not change.
    const all = await allPages(list, "limit=10");
    assertEquals([all.total, all.emails], [37, newestFirst]);
    const active = await allPages(list, "limit=10&status=active");
    assertEquals([active.total, active.emails], [33, newestFirst.filter((e) => !inactive.has(e))]);
    const gone = await allPages(list, "limit=10&status=inactive");
    assertEquals([gone.total, gone.emails], [4, newestFirst.filter((e) => inactive.has(e))]);
    const last = await list("limit=25&page=2");
    assertEquals([last.subscribers.length, last.pages], [12, 2]);
    assertEquals((await list("limit=10&page=9")).subscribers, [], "past the end");
  }));

Deno.test("[api] subscribers search: parts of the address, any case, with the status filter", () =>
  withServices(async (t) => {
    for (
      const email of [
        "ane.x@sample.net",
        "jane.doe123@example.com",
        "john_smith@example.org",
        "Mixed.Case@Example.COM",
      ]
    ) await t.services.subscribers.subscribe(email, "/");
    await t.services.subscribers.unsubscribe("john_smith@example.org");
    const list = lister(t, await loginAs(t, "admin"));
    const found = async (q: string) => (await list(q)).subscribers.map((s) => s.email);

    assertEquals(await found("search=doe"), ["jane.doe123@example.com"]);
    assertEquals(await found("search=123"), ["jane.doe123@example.com"], "digits after letters");
    assertEquals(await found("search=EXAMPLE.ORG"), ["john_smith@example.org"]);
    assertEquals(await found("search=smith%40"), ["john_smith@example.org"]);
    assertEquals(await found("search=ane"), ["ane.x@sample.net"], "not from inside a word");
    assertEquals(await found("search=%40example"), [
      "mixed.case@example.com",
      "john_smith@example.org",
      "jane.doe123@example.com",
    ], "newest first");
    assertEquals(await found("search=%40example&status=active"), [
      "mixed.case@example.com",
      "jane.doe123@example.com",
    ]);
    const inactive = await list("search=%40example&status=inactive");
    assertEquals([inactive.total, inactive.subscribers[0].email], [1, "john_smith@example.org"]);
    assertEquals((await list("search=nobody")).total, 0);

    // Resubscribing moves the status in the search entries too.
    await t.services.subscribers.subscribe("john_smith@example.org", "/");
    assertEquals((await list("search=john&status=active")).total, 1);
    assertEquals((await list("search=john&status=inactive")).total, 0);
  }));

Deno.test("[api] subscribers totals follow subscribe, unsubscribe, resubscribe and delete", () =>
  withServices(async (t) => {
    const admin = await loginAs(t, "admin");
    const list = lister(t, admin);
    const totals = async () =>
      await Promise.all(
        ["all", "active", "inactive"].map(async (s) => (await list(`status=${s}`)).total),
      );
    for (const email of ["a@shop.test", "b@shop.test", "c@shop.test"]) {
      await assertJsonResponse(
        await t.api.request("/api/subscription/subscribe", jsonRequest("POST", { email })),
        201,
      );
    }
    await t.services.subscribers.subscribe("a@shop.test", "/"); // already active: no change
    assertEquals(await totals(), [3, 3, 0]);
    await t.services.subscribers.unsubscribe("b@shop.test");
    await t.services.subscribers.unsubscribe("b@shop.test");
    assertEquals(await totals(), [3, 2, 1]);
    await t.services.subscribers.subscribe("b@shop.test", "/");
    assertEquals(await totals(), [3, 3, 0]);
    await t.services.subscribers.unsubscribe("c@shop.test");

    const c = (await list("search=c%40shop")).subscribers[0];
    const del = await t.api.request(`/api/subscribers/admin/${c._id}`, {
      method: "DELETE",
      headers: admin.headers,
    });
    await assertJsonResponse(del, 200);
    assertEquals(await totals(), [2, 2, 0]);
    assertEquals((await list("search=c%40shop")).total, 0, "gone from the search index");
    assertEquals((await list("")).subscribers.map((s) => s.email), ["b@shop.test", "a@shop.test"]);

    // Racing subscriptions and unsubscriptions keep the counts exact.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.services.subscribers.subscribe(`r${i}@x.test`, "/")),
    );
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.services.subscribers.unsubscribe(`r${i % 5}@x.test`)),
    );
    assertEquals(await totals(), [22, 17, 5]);
  }));

Deno.test("[api] subscribers stored before the indexes are indexed once at start", () =>
  withServices(async (t) => {
    // Records as the earlier store wrote them: the record and the email index only.
    for (let i = 0; i < 45; i++) {
      const s: Subscriber = {
        schemaVersion: 1,
        id: newId(),
        email: `old${i}@legacy.test`,
        subscribed: i % 3 !== 0,
        consent: { at: "2024-01-01T00:00:00.000Z", source: "/" },
        createdAt: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
      };
      await t.kv.atomic().set(["subscriber", s.id], s).set(["subscriber_by_email", s.email], s.id)
        .commit();
    }
    await t.services.subscribers.subscribe("new@legacy.test", "/");
    const list = lister(t, await loginAs(t, "admin"));
    assertEquals((await list("")).total, 1, "only the new one is indexed yet");

    assertEquals(await t.services.subscribers.ensureIndexes(), 45);
    // Three months (January, February 2024, now): pages skip whole months by their counts.
    const old = Array.from({ length: 45 }, (_, i) => `old${44 - i}@legacy.test`);
    const all = await allPages(list, "limit=10");
    assertEquals([all.total, all.emails], [46, ["new@legacy.test", ...old]]);
    const inactive = await allPages(list, "limit=10&status=inactive");
    assertEquals([inactive.total, inactive.emails], [15, old.filter((_, i) => (44 - i) % 3 === 0)]);
    assertEquals((await list("status=active")).total, 31);
    assertEquals((await list("limit=25&page=2")).subscribers[0].email, "old20@legacy.test");
    assertEquals((await list("search=legacy")).total, 46);

    assertEquals(await t.services.subscribers.ensureIndexes(), 0, "once per index version");
    // Run again without the marker (a crash before it was written): nothing counted twice.
    await t.kv.delete(["meta", "subscriber_index_version"]);
    assertEquals(await t.services.subscribers.ensureIndexes(), 0);
    assertEquals((await list("")).total, 46);
  }));

Deno.test("[store] a search broader than 2,000 matches answers from the newest and says so", () =>
  withServices(async (t) => {
    for (let i = 0; i < 2010; i += 200) {
      const op = t.kv.atomic();
      for (let k = i; k < Math.min(i + 200, 2010); k++) {
        const s: Subscriber = {
          schemaVersion: 1,
          id: newId(),
          email: `x${k}@big.test`,
          subscribed: true,
          consent: { at: "2025-01-01T00:00:00.000Z", source: "/" },
          createdAt: new Date(Date.UTC(2025, 0, 1) + k * 60_000).toISOString(),
        };
        op.set(["subscriber", s.id], s).set(["subscriber_by_email", s.email], s.id);
      }
      await op.commit();
    }
    await t.services.subscribers.ensureIndexes();
    const q = { page: 1, limit: 10, status: "all" };
    const broad = await t.services.subscribers.page({ ...q, search: "@big" });
    assertEquals([broad.total, broad.capped, broad.items[0].email], [2000, true, "x2009@big.test"]);
    const narrow = await t.services.subscribers.page({ ...q, search: "x200" });
    assertEquals([narrow.total, narrow.capped], [11, false], "x200 and x2000-x2009");
    assertEquals((await t.services.subscribers.page({ ...q, search: "" })).total, 2010);
  }));

Deno.test("[api] newsletters list each one's sent, failed and pending mails", async () => {
  const smtp = await smtpSink();
  const smtpTransport = createSmtpTransport(`${smtp.url}?pool=true`, "Shop <shop@localhost>");
  // One address the relay refuses: its mail stays pending until its last attempt fails.
  const transport: MailTransport = {
    async send(message, id) {
      if (message.to === "reader3@example.com") throw new Error("550 mailbox unavailable");
      await smtpTransport.send(message, id);
    },
    close: () => smtpTransport.close(),
  };
  try {
    await withServices(async (t) => {
      for (let i = 0; i < 12; i++) {
        await t.services.subscribers.subscribe(`reader${i}@example.com`, "/");
      }
      await t.services.subscribers.unsubscribe("reader0@example.com");
      const boss = await loginAs(t, "seeded");
      const res = await t.api.request(
        "/api/subscribers/send-to-all",
        jsonRequest("POST", { subject: "Progress", message: "Counting." }, boss.headers),
      );
      const { newsletter } = await assertJsonResponse(res, 202) as {
        newsletter: { id: string; sent: number; failed: number; pending: number };
      };
      assertEquals([newsletter.sent, newsletter.failed, newsletter.pending], [0, 0, 11]);

      type Listed = { id: string; status: string; sent: number; failed: number; pending: number };
      const listed = async () =>
        (await assertJsonResponse(
          await t.api.request("/api/subscribers/newsletters", { headers: boss.headers }),
          200,
        ) as { newsletters: Listed[] }).newsletters[0];
      await waitFor(async () => (await listed()).sent === 10, "ten mails sent");
      const retrying = await listed();
      assertEquals([retrying.status, retrying.failed, retrying.pending], ["done", 0, 1]);
      // Later passes are refused the same way, up to the last attempt (claims make them minutes
      // apart, so they are recorded here directly).
      const [refused] = await t.services.outbox.pending();
      assertEquals(refused.to, "reader3@example.com");
      while ((await t.services.outbox.get(refused.id))?.status === "pending") {
        await t.services.outbox.recordAttempt(refused.id, "550 mailbox unavailable");
      }
      const done = await listed();
      assertEquals(
        [done.id, done.status, done.sent, done.failed, done.pending],
        [newsletter.id, "done", 10, 1, 0],
      );
      assertEquals(smtp.received.length, 10);
      assert(!smtp.received.some((m) => m.to.includes("reader0@example.com")));
    }, { transport });
  } finally {
    await smtp.close();
  }
});

Deno.test("[api] one wake-up delivers a whole newsletter, not one pass of it", async () => {
  const sent: string[] = [];
  const transport: MailTransport = {
    send: (message) => {
      sent.push(message.to);
      return Promise.resolve();
    },
    close: () => {},
  };
  await withServices(async (t) => {
    const op = t.kv.atomic();
    for (let i = 0; i < 120; i++) {
      t.services.outbox.add(op, { to: `r${i}@x.test`, subject: "News", text: "Hello" });
    }
    await op.commit();
    t.services.mailer.wake();
    await waitFor(() => sent.length === 120, "120 mails from one wake-up");
    assertEquals(new Set(sent).size, 120);
  }, { transport });
});
