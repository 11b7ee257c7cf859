import { createNewsletterSender } from "../../src/services/newsletter-sender.ts";
import { createSmtpTransport } from "../../src/services/mail/transport.ts";
import { assert, assertEquals, assertJsonResponse, assertMatch } from "../_lib/assert.ts";
import { loginAs } from "../_lib/admin.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";
import { smtpSink, waitFor } from "../_lib/smtp.ts";

async function seedSubscribers(t: TestContext, n: number, unsubscribed: number[] = []) {
  for (let i = 0; i < n; i++) {
    await t.services.subscribers.subscribe(`reader${i}@example.com`, "/home");
  }
  for (const i of unsubscribed) await t.services.subscribers.unsubscribe(`reader${i}@example.com`);
}

Deno.test("[api] subscribers admin: pages, status filter, email search, delete, CSV", () =>
  withServices(async (t) => {
    await seedSubscribers(t, 30, [3, 4]);
    const clerk = await loginAs(t, "admin");
    const list = async (q: string) =>
      await assertJsonResponse(
        await t.api.request(`/api/subscribers/admin?${q}`, { headers: clerk.headers }),
        200,
      ) as { subscribers: { _id: string; email: string; subscribed: boolean }[]; total: number };
    const first = await list("page=1&limit=10");
    assertEquals([first.subscribers.length, first.total], [10, 30]);
    assertEquals(first.subscribers[0].email, "reader29@example.com", "newest first");
    assertEquals((await list("page=3&limit=25")).subscribers.length, 0);
    assertEquals((await list("status=inactive")).total, 2);
    assertEquals((await list("status=active&limit=50")).total, 28);
    assertEquals((await list("search=READER1")).total, 11, "reader1 and reader10-19");
    assertEquals((await list("limit=7")).subscribers.length, 10, "page sizes are 10, 25, 50");

    const target = first.subscribers[0];
    const del = await t.api.request(`/api/subscribers/admin/${target._id}`, {
      method: "DELETE",
      headers: clerk.headers,
    });
    assertEquals(
      (await assertJsonResponse(del, 200) as { message: string }).message,
      "Subscriber deleted successfully!",
    );
    await assertJsonResponse(
      await t.api.request(`/api/subscribers/admin/${target._id}`, {
        method: "DELETE",
        headers: clerk.headers,
      }),
      404,
    );
    const csv = await t.api.request("/api/subscribers/export.csv", { headers: clerk.headers });
    const rows = (await csv.text()).trim().split("\r\n");
    assertEquals(rows[0], "Email,Status,Subscribed at");
    assertEquals(rows.length, 30);
  }));

Deno.test("[api] send-to-all: subject and message required; answers at once with the newsletter", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    for (const body of [{ subject: "", message: "x" }, { subject: "x" }, {}]) {
      const res = await t.api.request(
        "/api/subscribers/send-to-all",
        jsonRequest("POST", body, clerk.headers),
      );
      const json = await assertJsonResponse(res, 400) as { message: string };
      assert(json.message.endsWith("Subject and content are required"), json.message);
    }
    for (const body of [{ subjectFr: "Nouvelles" }, { messageFr: "Bonjour" }]) {
      const res = await t.api.request(
        "/api/subscribers/send-to-all",
        jsonRequest("POST", { subject: "News", message: "Hello", ...body }, clerk.headers),
      );
      const json = await assertJsonResponse(res, 400) as { message: string };
      assert(json.message.includes("French subject and message go together"), json.message);
    }
    assertEquals((await t.services.newsletterSender.list()).length, 0);
  }));

Deno.test("[api] a newsletter to 500 subscribers: each active one gets it once over SMTP, with RFC 8058 unsubscribe; a restart sends no duplicate", async () => {
  const smtp = await smtpSink();
  try {
    await withServices(async (t) => {
      await seedSubscribers(t, 500, [7, 8, 9]);
      const boss = await loginAs(t, "seeded");
      // The request only records the newsletter; this instance's sender is stopped at once,
      // as if the process died after a first batch.
      const res = await t.api.request(
        "/api/subscribers/send-to-all",
        jsonRequest(
          "POST",
          { subject: "Autumn news", message: "New boards are in." },
          boss.headers,
        ),
      );
      const { message, newsletter } = await assertJsonResponse(res, 202) as {
        message: string;
        newsletter: { id: string };
      };
      assertEquals(message, "Newsletter sent successfully!");
      await t.services.newsletterSender.stop();

      // "Restart": a new sender on the same KV finishes the job.
      const again = createNewsletterSender({
        kv: t.kv,
        subscribers: t.services.subscribers,
        newsletter: t.services.newsletter,
        outbox: t.services.outbox,
        mailer: t.services.mailer,
      });
      await Promise.all([again.wake(), again.wake()]);
      const [campaign] = await again.list();
      assertEquals([campaign.id, campaign.status, campaign.queued], [newsletter.id, "done", 497]);

      // Deliver the outbox over real SMTP.
      const transport = createSmtpTransport(smtp.url, "Shop <shop@localhost>");
      for (const entry of await t.services.outbox.pending(1000)) await transport.send(entry);
      transport.close();
      await waitFor(() => smtp.received.length >= 497, "497 newsletters");
      const to = smtp.received.map((m) => m.to[0]);
      assertEquals(new Set(to).size, 497, "each active subscriber once");
      assert(!to.includes("reader7@example.com"), "not to the unsubscribed");
      const one = smtp.received[0].raw;
      assertMatch(one, /List-Unsubscribe:\s+<http[^>]+\/unsubscribe\?token=[^>]+>/);
      assertMatch(one, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
      // The link in the mail works: it unsubscribes that reader.
      const token = decodeURIComponent(/List-Unsubscribe:\s+<[^>]*token=([^>]+)>/.exec(one)![1]);
      const email = await t.services.newsletter.unsubscribe(token);
      assertEquals((await t.services.subscribers.getByEmail(email))?.subscribed, false);
    });
  } finally {
    await smtp.close();
  }
});

Deno.test("[api] a newsletter in English and French: each subscriber gets it in their language; without French, French readers get the English", async () => {
  const smtp = await smtpSink();
  try {
    await withServices(async (t) => {
      await t.services.subscribers.subscribe("ada@example.com", "/home", "en");
      await t.services.subscribers.subscribe("claire@example.fr", "/fr/home", "fr");
      const boss = await loginAs(t, "seeded");
      const send = async (body: Record<string, string>) =>
        await assertJsonResponse(
          await t.api.request(
            "/api/subscribers/send-to-all",
            jsonRequest("POST", body, boss.headers),
          ),
          202,
        );
      await send({
        subject: "Autumn news",
        message: "New boards are in.",
        subjectFr: "Nouvelles d’automne",
        messageFr: "Les nouvelles cartes sont arrivées.",
      });
      await t.services.newsletterSender.wake();
      const transport = createSmtpTransport(smtp.url, "Shop <shop@localhost>");
      for (const entry of await t.services.outbox.pending(10)) await transport.send(entry);
      await waitFor(() => smtp.received.length >= 2, "2 newsletters");
      const mailTo = (to: string) => smtp.received.find((m) => m.to[0] === to)!.raw;
      const english = mailTo("ada@example.com");
      assertMatch(english, /Subject: Autumn news/);
      assertMatch(english, /New boards are in\./);
      const french = mailTo("claire@example.fr");
      assert(!/New boards/.test(french), "the French reader gets only the French newsletter");
      assertMatch(french, /Subject: =\?(?:UTF|utf)-8\?/, "a French subject, encoded");
      assertMatch(french, /Les nouvelles cartes sont arriv/);

      // The French half is optional: without it, everyone reads the English one.
      smtp.received.length = 0;
      await send({ subject: "Winter news", message: "Stock is back.", subjectFr: " " });
      await t.services.newsletterSender.wake();
      const pending = await t.services.outbox.pending(10);
      for (const entry of pending) await transport.send(entry);
      transport.close();
      await waitFor(() => smtp.received.length >= pending.length, "newsletters");
      const toClaire = smtp.received.filter((m) => m.to[0] === "claire@example.fr");
      assert(toClaire.some((m) => /Stock is back\./.test(m.raw)), "English for the French reader");
      const [latest] = await t.services.newsletterSender.list();
      assertEquals([latest.subject, latest.subjectFr], ["Winter news", undefined]);
    });
  } finally {
    await smtp.close();
  }
});
