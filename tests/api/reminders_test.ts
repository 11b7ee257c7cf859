import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { CLERK, IBAN, orderOnAccount, transferConfig } from "../_lib/account-orders.ts";
import { loginAs } from "../_lib/admin.ts";
import { atInstant } from "../_lib/clock.ts";
import { testConfig, withServices } from "../_lib/services.ts";
import { addDays } from "../../src/domain/payment-terms.ts";
import { formatIban } from "../../src/domain/bank-account.ts";
import { formatRfReference } from "../../src/domain/rf-reference.ts";
import { createServices } from "../../src/services/container.ts";

const config = transferConfig(testConfig());
const noon = (day: string) => Date.parse(`${day}T11:00:00Z`);

Deno.test("[api] reminders: an overdue invoice gets one reminder at due + 1 and one at due + 15, in the buyer's language, from two instances at once; then it is flagged; a paid one gets none", () =>
  withServices(async (t) => {
    const other = createServices(t.kv, testConfig(config));
    try {
      const late = await orderOnAccount(t, { shipped: true });
      const paid = await orderOnAccount(t, { shipped: true, email: "payeur@labo.example" });
      const due = late.account!.dueDate!;
      assertEquals(paid.account!.dueDate, due);
      const reminders = async () =>
        (await t.services.outbox.list()).filter((m) => /Relance|relance/.test(m.subject));
      const both = (day: string) =>
        atInstant(
          noon(day),
          () => Promise.all([t.services.receivables.pass(), other.receivables.pass()]),
        );

      await both(due);
      assertEquals(await reminders(), [], "not before the day after the due date");
      await t.services.accountPayments.record(CLERK, paid.id, {
        id: "transfer-1",
        valueDate: due,
        amountCents: paid.totalCents,
        source: "bank",
      });

      await both(addDays(due, 1));
      await both(addDays(due, 2));
      const first = await reminders();
      assertEquals(first.length, 1, "one reminder, whatever the instances and passes");
      assertEquals(first[0].to, late.customer.email);
      assertStringIncludes(first[0].subject, "Relance");
      const text = first[0].text.replace(/[\u00a0\u202f]/g, " ");
      for (
        const part of [
          formatIban(IBAN),
          formatRfReference(late.account!.reference),
          "pénalités",
          "40 €",
          "était payable le",
        ]
      ) assertStringIncludes(text, part);

      await both(addDays(due, 15));
      await both(addDays(due, 40));
      const all = await reminders();
      assertEquals(all.length, 2);
      assert(all.some((m) => m.subject.startsWith("Deuxième relance")));

      // Signed in at that time: a session of today would have expired by then.
      const listed = await atInstant(noon(addDays(due, 40)), async () => {
        const staff = await loginAs(t, "admin");
        return await (await t.api.request("/api/receivables", { headers: staff.headers })).json();
      });
      assertEquals(listed.receivables.length, 1, "the paid order is not a receivable");
      assertEquals(listed.receivables[0].orderNumber, late.orderNumber);
      assertEquals(listed.receivables[0].flagged, true);
      assertEquals(listed.receivables[0].bucket, "31_60");
      assertEquals(listed.totals.overdueCents, late.totalCents);
      assertEquals(listed.totals.byBucket["31_60"], late.totalCents);
      const history = await t.services.audit.forRecord("order", late.id);
      assertEquals(history.filter((h) => h.action === "order.reminder").length, 2);
    } finally {
      await other.mailer.stop();
    }
  }, { config }));

Deno.test("[api] receivables: aging buckets and totals, as CSV in both dialects; the dashboard shows what is overdue", () =>
  withServices(async (t) => {
    const a = await orderOnAccount(t, { shipped: true });
    const b = await orderOnAccount(t, { shipped: true, quantity: 2 });
    await t.services.accountPayments.record(CLERK, b.id, {
      id: "part-1",
      valueDate: b.account!.dueDate!,
      amountCents: 1000,
      source: "bank",
    });
    const due = a.account!.dueDate!;
    const staff = await atInstant(noon(addDays(due, 5)), () => loginAs(t, "admin"));
    const get = (path: string) =>
      atInstant(
        noon(addDays(due, 5)),
        async () => await t.api.request(path, { headers: staff.headers }),
      );
    const list = await (await get("/api/receivables")).json();
    assertEquals(list.totals.count, 2);
    assertEquals(list.totals.byBucket["1_30"], a.totalCents + b.totalCents - 1000);
    const csv = await (await get("/api/receivables/export.csv")).text();
    assertStringIncludes(csv, "Order,Invoice,Company");
    assertStringIncludes(csv, `${((b.totalCents - 1000) / 100).toFixed(2)},5,1_30`);
    const fr = await (await get("/api/receivables/export.csv?format=excel-fr")).text();
    assertStringIncludes(
      fr,
      `${((b.totalCents - 1000) / 100).toFixed(2).replace(".", ",")};5;1_30`,
    );
    const bad = await get("/api/receivables/export.csv?format=xls");
    assertEquals(bad.status, 400);
    await bad.body?.cancel();
    const stats = await (await get("/api/dashboard/stats")).json();
    assertEquals(stats.data.receivables.overdueCount, 2);
    assertEquals(stats.data.receivables.overdueCents, a.totalCents + b.totalCents - 1000);
  }, { config }));
