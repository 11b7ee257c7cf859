import { serialize } from "node:v8";
import { assert, assertEquals } from "../_lib/assert.ts";
import { withMemoryKv } from "../_lib/kv.ts";
import { createOutboxStore } from "../../src/store/outbox.ts";

const message = {
  to: "ada@example.com",
  subject: "Votre commande ORD-000042 est confirmée",
  text: "Bonjour Ada,\nTotal\u00a0: 1\u202f209,90\u00a0€ — l’équipe 😀",
  // As an order mail's HTML: markup, and here and there an amount.
  html: `<table>${
    `<tr><td style="padding:4px 0;font:15px/22px Arial,sans-serif">Total\u00a0: 1\u202f209,90\u00a0€</td></tr>`
      .repeat(60)
  }</table>`,
};

Deno.test("[store] outbox: a mail's text and HTML are kept as UTF-8 bytes (half a two-byte string's size) and read back as written", async () => {
  await withMemoryKv(async (kv) => {
    const outbox = createOutboxStore(kv);
    const op = kv.atomic();
    const entry = outbox.add(op, message);
    assert((await op.commit()).ok);

    const raw = (await kv.get<Record<string, unknown>>(["outbox", entry.id])).value!;
    assert(raw.text instanceof Uint8Array && raw.html instanceof Uint8Array, "bodies as bytes");
    const asStrings = serialize({ ...raw, text: message.text, html: message.html }).length;
    assert(serialize(raw).length < asStrings * 0.6, "about half the record");

    for (const read of [await outbox.get(entry.id), (await outbox.list())[0]]) {
      assertEquals(read?.text, message.text);
      assertEquals(read?.html, message.html);
    }
    assert(await outbox.recordAttempt(entry.id, "421 try later"));
    const after = await outbox.get(entry.id);
    assertEquals([after?.attempts, after?.html], [1, message.html]);
    assert(
      (await kv.get<Record<string, unknown>>(["outbox", entry.id])).value!.html instanceof
        Uint8Array,
      "written back as bytes",
    );
  });
});

Deno.test("[store] outbox: a record written with string bodies (before) still reads and is sent", async () => {
  await withMemoryKv(async (kv) => {
    await kv.set(["outbox", "old"], {
      ...message,
      schemaVersion: 1,
      id: "old",
      status: "pending",
      attempts: 0,
      createdAt: "2026-11-27T10:00:00.000Z",
    });
    await kv.set(["outbox_pending", "old"], true);
    const outbox = createOutboxStore(kv);
    const [pending] = await outbox.pending();
    assertEquals([pending.id, pending.text, pending.html], ["old", message.text, message.html]);
    assert(await outbox.recordAttempt("old"));
    assertEquals((await outbox.get("old"))?.status, "sent");
    assertEquals(await outbox.pending(), []);
  });
});
