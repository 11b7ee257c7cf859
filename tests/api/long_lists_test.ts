import { createSmtpTransport } from "../../src/services/mail/transport.ts";
import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { loginAs } from "../_lib/admin.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";
import { smtpSink, waitFor } from "../_lib/smtp.ts";

// Lists filled the way a shop fills them, on the KV wiring the server runs (tests/_lib/services.ts
// opens ":memory:" through openKv): every page, every export batch and every newsletter batch.

Deno.test("[api] 130 orders made through 'Create New Order': the list pages to the last one, the CSV has all", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const product = (await t.services.products.list()).find((p) => p.stock > 0)!;
    await t.services.products.update(product.id, { stock: 10_000 });
    for (let i = 0; i < 130; i++) {
      const res = await t.api.request(
        "/api/orders/admin",
        jsonRequest("POST", {
          customer: { firstName: "Buyer", lastName: `N${i}`, email: `buyer${i}@example.com` },
          shippingAddress: { address: "1 Rue X", city: "Tunis", state: "", zipCode: "1000" },
          items: [{ id: product.id, quantity: 1 }],
          shippingCountry: "Tunisia",
          paymentMethod: "delivery",
        }, clerk.headers),
      );
      await assertJsonResponse(res, 201);
    }

    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const page = await assertJsonResponse(
        await t.api.request(`/api/orders?limit=25${q}`, { headers: clerk.headers }),
        200,
      ) as { orders: { _id: string }[]; nextCursor: string | null };
      for (const o of page.orders) seen.add(o._id);
      cursor = page.nextCursor;
      pages++;
      assert(pages <= 6, "the list ends");
    } while (cursor);
    assertEquals([seen.size, pages], [130, 6], "25 a page, every order once");

    const csv = await t.api.request("/api/orders/export.csv", { headers: clerk.headers });
    assertEquals(csv.status, 200);
    const rows = (await csv.text()).trim().split("\r\n");
    assertEquals(rows.length, 1 + 130, "a header and every order, past the export's batch of 100");
  }));

Deno.test("[api] a newsletter to 80 readers who signed up in the footer: every one gets it, the list of newsletters still answers", async () => {
  const smtp = await smtpSink();
  try {
    await withServices(async (t) => {
      for (let i = 0; i < 80; i++) {
        const res = await t.api.request(
          "/api/subscription/subscribe",
          jsonRequest("POST", { email: `reader${i}@example.com`, source: "/home" }),
          { clientAddress: `198.51.100.${i}` },
        );
        assert(res.status === 201 || res.status === 200, `subscribe ${i}: ${res.status}`);
        await res.body?.cancel();
      }
      const clerk = await loginAs(t, "admin");
      const sent = await t.api.request(
        "/api/subscribers/send-to-all",
        jsonRequest("POST", { subject: "Launch", message: "The board ships." }, clerk.headers),
      );
      await assertJsonResponse(sent, 202);
      await t.services.newsletterSender.wake();

      const list = await assertJsonResponse(
        await t.api.request("/api/subscribers/newsletters", { headers: clerk.headers }),
        200,
      ) as { newsletters: { status: string; queued: number }[] };
      assertEquals(
        [list.newsletters[0].status, list.newsletters[0].queued],
        ["done", 80],
        "all 80 queued, over four batches of 25",
      );

      const transport = createSmtpTransport(smtp.url, "Shop <shop@localhost>");
      for (const entry of await t.services.outbox.pending(1000)) await transport.send(entry);
      transport.close();
      await waitFor(() => smtp.received.length >= 80, "80 newsletters");
      assertEquals(new Set(smtp.received.map((m) => m.to[0])).size, 80);
    });
  } finally {
    await smtp.close();
  }
});
