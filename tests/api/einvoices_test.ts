import { assert, assertEquals } from "../_lib/assert.ts";
import { loginAs } from "../_lib/admin.ts";
import { withServices } from "../_lib/services.ts";
import { passwordExpiryWarning } from "../../src/domain/chorus-pro-status.ts";
import {
  newTransmission,
  withFailedAttempt,
  withStatus,
} from "../../src/domain/einvoice-transmission.ts";

/**
 * The E-invoices record any channel writes through: one per channel and document, listed
 * flagged first then newest first, by order, and taken by one instance at a time.
 */

Deno.test("[api] e-invoices: one per document and channel, flagged first, by order, staff only", async () => {
  await withServices(async (t) => {
    const store = t.services.einvoiceTransmissions;
    const a = await store.ensure(
      { documentNumber: "F-2026-0001", orderId: "o1", kind: "invoice", channel: "chorus_pro" },
      "2026-11-01T10:00:00.000Z",
    );
    // The same document again on the same channel: the record already there.
    const again = await store.ensure(
      { documentNumber: "F-2026-0001", orderId: "o1", kind: "invoice", channel: "chorus_pro" },
      "2026-11-02T10:00:00.000Z",
    );
    assertEquals(again.createdAt, a.createdAt);
    await store.ensure(
      { documentNumber: "F-2026-0002", orderId: "o2", kind: "invoice", channel: "platform" },
      "2026-11-03T10:00:00.000Z",
    );
    await store.ensure(
      { documentNumber: "A-2026-0001", orderId: "o1", kind: "credit_note", channel: "chorus_pro" },
      "2026-11-04T10:00:00.000Z",
    );

    // The oldest is rejected: it comes first, with its reason.
    const leased = await store.lease(a.id, 60_000, new Date("2026-11-05T00:00:00Z"));
    assert(leased, "a due record is leased");
    assertEquals(
      await store.lease(a.id, 60_000, new Date("2026-11-05T00:00:01Z")),
      null,
      "a leased record is not leased again",
    );
    const rejected = withStatus(leased, {
      status: { code: "REJETEE", label: "Rejected", reason: "Numéro d'engagement inconnu" },
      flagged: true,
      settled: true,
      nextAttemptAt: null,
    }, "2026-11-05T00:00:02.000Z");
    assert(await store.save(leased, rejected));
    assertEquals(await store.save(leased, rejected), false, "a stale lease saves nothing");

    const admin = await loginAs(t, "admin");
    const res = await t.api.request("/api/e-invoices", { headers: admin.headers });
    assertEquals(res.status, 200);
    const { transmissions } = await res.json();
    assertEquals(transmissions.map((x: { documentNumber: string }) => x.documentNumber), [
      "F-2026-0001",
      "A-2026-0001",
      "F-2026-0002",
    ]);
    assertEquals(transmissions[0].status.reason, "Numéro d'engagement inconnu");
    assertEquals(transmissions[0].history.map((h: { code: string }) => h.code), [
      "QUEUED",
      "REJETEE",
    ]);

    const byOrder = await (await t.api.request("/api/e-invoices?orderId=o1", {
      headers: admin.headers,
    })).json();
    assertEquals(byOrder.transmissions.length, 2);
    const flagged = await (await t.api.request("/api/e-invoices?flagged=true", {
      headers: admin.headers,
    })).json();
    assertEquals(flagged.transmissions.length, 1);

    // Settled: no longer due; the two others are.
    const due = await store.due("2026-11-06T00:00:00.000Z");
    assertEquals(due.map((x) => x.documentNumber).sort(), ["A-2026-0001", "F-2026-0002"]);

    const bad = await t.api.request("/api/e-invoices?channel=fax", { headers: admin.headers });
    assertEquals(bad.status, 400);
    assertEquals((await t.api.request("/api/e-invoices")).status, 401);
  });
});

Deno.test("[unit] e-invoices: a channel down is retried with growing delays, then flagged", () => {
  let tx = newTransmission(
    { documentNumber: "F-1", orderId: null, kind: "invoice", channel: "chorus_pro" },
    "2026-11-01T00:00:00.000Z",
  );
  const waits: number[] = [];
  let at = "2026-11-01T00:00:00.000Z";
  while (!tx.settled) {
    tx = withFailedAttempt(tx, "503 Service Unavailable", at);
    if (tx.nextAttemptAt) {
      waits.push((Date.parse(tx.nextAttemptAt) - Date.parse(at)) / 60_000);
      at = tx.nextAttemptAt;
    }
  }
  assertEquals(waits.slice(0, 4), [1, 2, 4, 8]);
  assertEquals(tx.status.code, "FAILED");
  assert(tx.flagged);
  assertEquals(tx.history.map((h) => h.code), ["QUEUED", "RETRYING", "FAILED"]);
});

Deno.test("[unit] chorus pro: staff are warned from 30 days before the technical password expires", () => {
  assertEquals(passwordExpiryWarning("2026-12-31", "2026-11-30"), null);
  assertEquals(passwordExpiryWarning(undefined, "2026-11-30"), null);
  assertEquals(
    passwordExpiryWarning("2026-12-31", "2026-12-01"),
    "The Chorus Pro technical account's password expires on 2026-12-31 (in 30 days): change it on Chorus Pro, then set CHORUS_PRO_PASSWORD and CHORUS_PRO_PASSWORD_EXPIRES and restart.",
  );
  assert(passwordExpiryWarning("2026-12-31", "2027-01-02")!.includes("expired on 2026-12-31"));
});
