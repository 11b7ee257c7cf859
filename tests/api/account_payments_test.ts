import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { CLERK, orderOnAccount, transferConfig } from "../_lib/account-orders.ts";
import { testConfig, withServices } from "../_lib/services.ts";

const config = transferConfig(testConfig());
const BANK = { id: "bank", email: "", role: "system" as const };

Deno.test("[api] a payment on account: partial then the rest; the invoice once; each payment audited and mailed; the same id twice records nothing", () =>
  withServices(async (t) => {
    const order = await orderOnAccount(t, { terms: "before_shipping" });
    const pay = t.services.accountPayments;
    const half = Math.floor(order.totalCents / 2);
    const mailsBefore = (await t.services.outbox.list()).length;

    const first = await pay.record(BANK, order.id, {
      id: "ENTRY-1",
      valueDate: "2026-11-20",
      amountCents: half,
      source: "bank",
    });
    assertEquals(first.recorded, true);
    assertEquals(first.balance.state, "partially_paid");
    assertEquals(first.balance.dueCents, order.totalCents - half);
    assertEquals(first.order.paymentStatus, "pending");
    assertEquals(await t.services.invoices.ofOrder(order.id), []);

    const again = await pay.record(BANK, order.id, {
      id: "ENTRY-1",
      valueDate: "2026-11-20",
      amountCents: half,
      source: "bank",
    });
    assertEquals(again.recorded, false, "the same entry again is not a second payment");
    assertEquals(again.balance.paidCents, half);

    const rest = await pay.record(BANK, order.id, {
      id: "ENTRY-2",
      valueDate: "2026-11-21",
      amountCents: order.totalCents - half,
      source: "bank",
    });
    assertEquals(rest.balance.state, "paid");
    assertEquals(rest.order.paymentStatus, "paid");
    const docs = await t.services.invoices.ofOrder(order.id);
    assertEquals(docs.map((d) => d.kind), ["invoice"]);
    assertEquals(rest.invoiceNumber, docs[0].number);

    const history = await t.services.audit.forRecord("order", order.id);
    assertEquals(history.filter((h) => h.action === "order.account_payment").length, 2);
    const mails = (await t.services.outbox.list()).slice(mailsBefore);
    assertEquals(mails.length, 2, "one mail per payment recorded");
    const [partial, paid] = mails.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    assertStringIncludes(partial.subject, "Paiement reçu");
    assertStringIncludes(partial.text, "Il reste");
    assertStringIncludes(partial.text, order.account!.reference.slice(0, 4));
    assertStringIncludes(paid.text, "entièrement payée");
    assertStringIncludes(paid.text, docs[0].number);
  }, { config }));

Deno.test("[api] a payment on account: an invoice on terms is paid without a second invoice; more than due is overpaid; one payment id never lands on two orders, even at once", () =>
  withServices(async (t) => {
    const a = await orderOnAccount(t, { shipped: true });
    const b = await orderOnAccount(t, { shipped: true });
    assertEquals((await t.services.invoices.ofOrder(a.id)).length, 1);
    const pay = t.services.accountPayments;
    const over = await pay.record(CLERK, a.id, {
      id: "E-9",
      valueDate: "2026-11-22",
      amountCents: a.totalCents + 500,
      source: "staff",
    });
    assertEquals(over.balance.state, "overpaid");
    assertEquals(over.order.paymentStatus, "paid");
    assertEquals((await t.services.invoices.ofOrder(a.id)).length, 1, "no second invoice");

    const results = await Promise.all(
      [a.id, b.id, b.id, a.id].map((id) =>
        pay.record(CLERK, id, {
          id: "E-10",
          valueDate: "2026-11-22",
          amountCents: 100,
          source: "bank",
        })
      ),
    );
    assertEquals(results.filter((r) => r.recorded).length, 1);
    const owner = await pay.owner("E-10");
    assert(owner === a.id || owner === b.id);
  }, { config }));
