import { assertEquals } from "../_lib/assert.ts";
import { CLERK, orderOnAccount, transferConfig } from "../_lib/account-orders.ts";
import { testConfig, withServices } from "../_lib/services.ts";
import { type OpenAccount, openAccountOf } from "../../src/domain/reconciliation.ts";

const config = transferConfig(testConfig());
const BANK = { id: "bank", email: "", role: "system" as const };
const by = (...fields: (keyof OpenAccount)[]) => (a: OpenAccount, b: OpenAccount) => {
  for (const f of fields) {
    const [x, y] = [String(a[f]).padStart(20, "0"), String(b[f]).padStart(20, "0")];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
};

Deno.test("[api] the index of orders on account follows every order write (accepted, partly paid, paid, cancelled, refunded, deleted); a start indexes older orders once", () =>
  withServices(async (t) => {
    const { openAccounts, orders, accountPayments, orderDesk } = t.services;
    /** The index as it must be: every order, read now, as matching sees it. */
    const expected = async () => {
      const all = (await orders.list()).map(openAccountOf).filter((a) => a !== null);
      return {
        byReference: all.toSorted(by("reference", "orderId")),
        owing: all.filter((a) => a.dueCents > 0).toSorted(by("dueCents", "orderId")),
      };
    };
    const exact = async (why: string) =>
      assertEquals(await openAccounts.all(), await expected(), why);

    const [a, b, c, d] = [
      await orderOnAccount(t, { terms: "before_shipping" }),
      await orderOnAccount(t, { terms: "before_shipping" }),
      await orderOnAccount(t, { terms: "before_shipping" }),
      await orderOnAccount(t, { quantity: 2 }),
    ];
    await exact("accepted quotes");
    assertEquals((await openAccounts.owing(a.totalCents)).length, 3, "three owe one board each");

    const half = Math.floor(a.totalCents / 2);
    const pay = (id: string, amountCents: number) =>
      accountPayments.record(BANK, a.id, {
        id,
        valueDate: "2026-11-20",
        amountCents,
        source: "bank",
      });
    await pay("E1", half);
    await exact("partly paid");
    assertEquals((await openAccounts.owing(a.totalCents - half)).map((x) => x.orderId), [a.id]);
    await pay("E2", a.totalCents - half);
    await exact("paid");
    assertEquals((await openAccounts.byReference(a.account!.reference))?.dueCents, 0);

    await orderDesk.setStatus(CLERK, b.id, { status: "cancelled" });
    await exact("cancelled");
    assertEquals(await openAccounts.byReference(b.account!.reference), null);
    await orders.update(a.id, (o) => ({ ...o, paymentStatus: "refunded" }));
    await exact("refunded");
    await orders.remove(c.id);
    await exact("deleted");
    assertEquals((await openAccounts.all()).byReference.map((x) => x.orderId).sort(), [a.id, d.id]);

    // A KV of before the index: the orders, not their entries.
    for (const prefix of ["account_by_reference", "account_by_due"]) {
      for await (const e of t.kv.list({ prefix: [prefix] })) await t.kv.delete(e.key);
    }
    await t.kv.delete(["meta", "open_account_index_version"]);
    assertEquals(await openAccounts.all(), { byReference: [], owing: [] });
    assertEquals(await openAccounts.ensureBuilt(), 2, "the paid order and the open one");
    await exact("built at start");
    assertEquals(await openAccounts.ensureBuilt(), 0, "once");
  }, { config }));
