import { waitFor } from "../_lib/smtp.ts";
import type { AuditActor } from "../../src/domain/audit.ts";
import { orderQuerySchema } from "../../src/domain/order-query.ts";
import { ProviderError } from "../../src/services/payments/provider.ts";
import { assert, assertEquals, assertJsonResponse, assertRejects } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import {
  confirmPayment,
  createIntent,
  intentBody,
  payWithToken,
  productByName,
} from "../_lib/checkout.ts";
import { fakeStripe } from "../_lib/fake-stripe.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";

interface OrderJson {
  _id: string;
  paymentStatus: string;
  needsRefund?: boolean;
  stockHeld: boolean;
  refund: { at: string; amount: number; id: string } | null;
}

const SYSTEM: AuditActor = { id: "test", email: "test@example.com", role: "system" };

type Pay = (intent: { paymentIntentId: string; clientSecret: string }) => Promise<void>;

/** An order paid online with one Vectra DSP Board (600 + 9.90 to France); `pay` settles it. */
async function paidOnlineOrder(t: TestContext, pay: Pay) {
  const board = await productByName(t.services, "Vectra DSP Board");
  const intent = await createIntent(t.api, intentBody([{ id: board.id, price: 600, quantity: 1 }]));
  await pay(intent);
  await confirmPayment(t.api, intent.paymentIntentId);
  const order = await t.services.orders.getByPaymentIntent(intent.paymentIntentId);
  assertEquals(order?.paymentStatus, "paid");
  return order!;
}

const sandboxPay = (t: TestContext): Pay => async ({ clientSecret }) => {
  await assertJsonResponse(await payWithToken(t.api, clientSecret, "pm_card_visa"), 200);
};

const refund = (t: TestContext, who: SignedIn, id: string) =>
  t.api.request(`/api/orders/${id}/refund`, { method: "POST", headers: who.headers });

async function refundEntries(t: TestContext, id: string) {
  const history = await t.services.audit.forRecord("order", id);
  return history.filter((h) => h.action === "order.refund");
}

async function sandboxRefundCount(t: TestContext) {
  let n = 0;
  for await (const _ of t.kv.list({ prefix: ["sandbox_refund"] })) n++;
  return n;
}

Deno.test("[api] refund: a paid online order is refunded once through the sandbox and recorded", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const order = await paidOnlineOrder(t, sandboxPay(t));
    const res = await refund(t, clerk, order.id);
    const body = await assertJsonResponse(res, 200) as OrderJson;
    assertEquals(body.paymentStatus, "refunded");
    assertEquals(body.refund?.amount, 609.9);
    assert(body.refund!.id.startsWith("re_sbx_"));
    assertEquals(await sandboxRefundCount(t), 1);
    const stored = await t.kv.get<{ amountRefundedCents: number }>([
      "sandbox_intent",
      order.paymentIntentId!,
    ]);
    assertEquals(stored.value?.amountRefundedCents, 60990);

    const audit = await refundEntries(t, order.id);
    assertEquals(audit.map((h) => h.summary), ["Refunded €609.90 via the sandbox"]);
    assertEquals(audit[0].actor.role, "admin");
    assertEquals([audit[0].before?.paymentStatus, audit[0].after?.paymentStatus], [
      "paid",
      "refunded",
    ]);

    // The detail call (the page's timeline) shows it.
    const detail = await assertJsonResponse(
      await t.api.request(`/api/orders/${order.id}`, { headers: clerk.headers }),
      200,
    ) as { order: OrderJson; history: { action: string; summary: string }[] };
    assertEquals(detail.order.paymentStatus, "refunded");
    assertEquals(detail.history.at(-1)?.summary, "Refunded €609.90 via the sandbox");

    // Once: a second call is refused and nothing more goes to the provider.
    const again = await assertJsonResponse(await refund(t, clerk, order.id), 409) as {
      message: string;
    };
    assertEquals(again.message, "This order has already been refunded");
    assertEquals(await sandboxRefundCount(t), 1);
    assertEquals((await refundEntries(t, order.id)).length, 1);

    // A refund is final: the payment status cannot be edited back.
    const repaid = await t.api.request(
      `/api/orders/${order.id}/payment`,
      jsonRequest("PUT", { paymentStatus: "paid" }, clerk.headers),
    );
    const refused = await assertJsonResponse(repaid, 409) as { message: string };
    assertEquals(refused.message, "This order has been refunded");
    const bulk = await t.api.request(
      "/api/orders/bulk",
      jsonRequest("POST", { ids: [order.id], paymentStatus: "paid" }, clerk.headers),
    );
    const bulkBody = await assertJsonResponse(bulk, 200) as { updated: number };
    assertEquals(bulkBody.updated, 0);
    assertEquals((await t.services.orders.get(order.id))?.paymentStatus, "refunded");
  }));

Deno.test("[api] refund: two racing calls make one provider refund and one audit entry", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "superadmin");
    const order = await paidOnlineOrder(t, sandboxPay(t));
    const answers = await Promise.all([
      refund(t, boss, order.id),
      refund(t, boss, order.id),
      refund(t, boss, order.id),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    for (const r of answers) await r.body?.cancel();
    assertEquals(statuses, [200, 409, 409]);
    assertEquals(await sandboxRefundCount(t), 1);
    assertEquals((await refundEntries(t, order.id)).length, 1);
  }));

Deno.test("[api] refund: unknown id 404; delivery, unpaid and intent-less orders 409", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    await assertJsonResponse(await refund(t, clerk, "01ARZ3NDEKTSV4RRFFQ69G5FAV"), 404);

    const board = await productByName(t.services, "Vectra DSP Board");
    const manual = async (paymentMethod: string) => {
      const res = await t.api.request(
        "/api/orders/admin",
        jsonRequest("POST", {
          customer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "" },
          shippingAddress: { address: "1 Rue X", city: "Tunis", state: "", zipCode: "1000" },
          items: [{ id: board.id, quantity: 1 }],
          shippingCountry: "Tunisia",
          paymentMethod,
        }, clerk.headers),
      );
      return ((await assertJsonResponse(res, 201)) as { orderId: string }).orderId;
    };
    const message = async (id: string) =>
      ((await assertJsonResponse(await refund(t, clerk, id), 409)) as { message: string })
        .message;

    const cod = await manual("delivery");
    await t.services.orderDesk.setPayment(SYSTEM, cod, "paid");
    assertEquals(await message(cod), "Only orders paid online can be refunded");

    const online = await manual("online");
    assertEquals(await message(online), "Only paid orders can be refunded");
    await t.services.orderDesk.setPayment(SYSTEM, online, "paid");
    assertEquals(await message(online), "This order has no online payment to refund");

    // An order paid online whose payment later failed (staff's edit): not paid, not refunded.
    const order = await paidOnlineOrder(t, sandboxPay(t));
    await t.services.orderDesk.setPayment(SYSTEM, order.id, "failed");
    assertEquals(await message(order.id), "Only paid orders can be refunded");
    assertEquals(await sandboxRefundCount(t), 0);
    for (const id of [cod, online, order.id]) {
      assertEquals((await refundEntries(t, id)).length, 0);
    }
  }));

Deno.test("[api] refund: a late payment's needsRefund flag is cleared, its stock left alone", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const paid = await paidOnlineOrder(t, sandboxPay(t));
    // As checkout records a payment that came after its stock was sold (older orders: no
    // stockHeld field, which then means "not held").
    await t.services.orders.update(paid.id, (o) => {
      const { stockHeld: _, ...rest } = o;
      return { ...rest, needsRefund: true };
    });
    const before = await t.services.orderDesk.list(orderQuerySchema.parse({ needsRefund: "true" }));
    assertEquals(before.orders.map((o) => o._id), [paid.id]);

    const body = await assertJsonResponse(await refund(t, clerk, paid.id), 200) as OrderJson;
    assertEquals([body.paymentStatus, body.needsRefund, body.stockHeld], [
      "refunded",
      undefined,
      false,
    ]);
    const after = await t.services.orderDesk.list(orderQuerySchema.parse({ needsRefund: "true" }));
    assertEquals(after.orders, []);
  }));

Deno.test("[api] refund: the sandbox provider refunds a key once and refuses unpaid intents", () =>
  withServices(async (t) => {
    const provider = t.services.checkout.provider;
    const paid = await paidOnlineOrder(t, sandboxPay(t));
    const req = {
      paymentIntentId: paid.paymentIntentId!,
      amountCents: 60990,
      idempotencyKey: "k1",
    };
    const first = await provider.refund(req);
    assertEquals(await provider.refund(req), first, "same key, same refund");
    await assertRejects(() => provider.refund({ ...req, idempotencyKey: "k2" }), ProviderError);
    await assertRejects(() => provider.refund({ ...req, amountCents: 1 }), ProviderError);

    const board = await productByName(t.services, "Vectra DSP Board");
    const open = await createIntent(t.api, intentBody([{ id: board.id, price: 600, quantity: 1 }]));
    await assertRejects(
      () =>
        provider.refund({ ...req, paymentIntentId: open.paymentIntentId, idempotencyKey: "k3" }),
      ProviderError,
    );
    await assertRejects(
      () => provider.refund({ ...req, paymentIntentId: "pi_sbx_nope", idempotencyKey: "k4" }),
      ProviderError,
    );
    assertEquals(await sandboxRefundCount(t), 1);
  }));

/**
 * A clerk signed in and an order paid online through the real stripe SDK and the fake Stripe
 * (`stripePay` pays another).
 */
const withStripeOrder = (
  fn: (t: TestContext, stripe: {
    fake: ReturnType<typeof fakeStripe>;
    clerk: SignedIn;
    order: Awaited<ReturnType<typeof paidOnlineOrder>>;
    stripePay: Pay;
  }) => Promise<void>,
) =>
async () => {
  const fake = fakeStripe();
  try {
    await withServices(async (t) => {
      const stripePay: Pay = ({ paymentIntentId }) => {
        fake.intents.get(paymentIntentId)!.status = "succeeded";
        return Promise.resolve();
      };
      const clerk = await loginAs(t, "admin");
      const order = await paidOnlineOrder(t, stripePay);
      await fn(t, { fake, clerk, order, stripePay });
    }, { config: { stripe: { secretKey: "sk_test_fake", apiBase: fake.apiBase } } });
  } finally {
    await fake.close();
  }
};

Deno.test(
  "[api] refund through Stripe: the real SDK sends the order's idempotency key, one refund",
  withStripeOrder(async (t, { fake, clerk, order, stripePay }) => {
    // A click, then four more while Stripe's answer to the first is on its way: one refund,
    // recorded as the shop's (the others read it back from Stripe and took it for one made
    // outside the shop).
    fake.control.refundAnswerDelayMs = 150;
    const first = refund(t, clerk, order.id);
    await waitFor(() => fake.refunds.length === 1, "the refund at Stripe");
    const answers = [
      ...await Promise.all(Array.from({ length: 4 }, () => refund(t, clerk, order.id))),
      await first,
    ];
    const statuses = answers.map((r) => r.status).sort();
    const ok = answers.find((r) => r.status === 200)!;
    const body = await assertJsonResponse(ok, 200) as OrderJson;
    for (const r of answers) if (r !== ok) await r.body?.cancel();
    assertEquals(statuses, [200, 409, 409, 409, 409]);
    assertEquals(body.paymentStatus, "refunded");
    assertEquals(body.refund?.id, "re_fake_1");
    assertEquals(body.refund?.amount, 609.9);

    const calls = fake.seen.filter((s) => s.method === "POST" && s.path === "/v1/refunds");
    assert(calls.length >= 1);
    for (const call of calls) {
      assertEquals(call.headers.get("idempotency-key"), `refund-${order.id}`);
      assertEquals(call.form.get("payment_intent"), order.paymentIntentId);
      assertEquals(call.form.get("amount"), "60990");
    }
    assertEquals(fake.refunds.length, 1, "one refund at Stripe");
    // A retry with the order's key (a crash before the commit) gets the same refund back.
    const replay = await t.services.checkout.provider.refund({
      paymentIntentId: order.paymentIntentId!,
      amountCents: 60990,
      idempotencyKey: `refund-${order.id}`,
    });
    assertEquals(replay, { id: "re_fake_1", amountCents: 60990 });
    assertEquals(fake.refunds.length, 1);
    const audit = await refundEntries(t, order.id);
    assertEquals(audit.map((h) => h.summary), ["Refunded €609.90 via Stripe"]);

    // Stripe refusing (here: down) is a 502 with its reason; the order stays paid.
    const other = await paidOnlineOrder(t, stripePay);
    fake.control.fail = true;
    const failed = await assertJsonResponse(await refund(t, clerk, other.id), 502) as {
      error: string;
      message: string;
    };
    assertEquals(failed.error, "refund_failed");
    assert(failed.message.startsWith("The refund failed: Stripe: "), failed.message);
    assertEquals((await t.services.orders.get(other.id))?.paymentStatus, "paid");
    assertEquals((await refundEntries(t, other.id)).length, 0);
  }),
);

const cancel = (t: TestContext, who: SignedIn, id: string, body: Record<string, unknown> = {}) =>
  t.api.request(
    `/api/orders/${id}/status`,
    jsonRequest("PUT", { status: "cancelled", ...body }, who.headers),
  );

const mailsTo = async (t: TestContext, subject: RegExp) =>
  (await t.services.outbox.list()).filter((m) => subject.test(m.subject));

Deno.test(
  "[api] cancelling a paid online order asks about the money: without an answer 422 and nothing changes; 'refund and cancel' refunds through Stripe once, one credit note, one mail saying how much and when",
  withStripeOrder(async (t, { fake, clerk, order }) => {
    const board = await productByName(t.services, "Vectra DSP Board");
    const stock = (await t.services.products.get(board.id))!.stock;

    const asked = await assertJsonResponse(await cancel(t, clerk, order.id), 422) as {
      error: string;
      message: string;
      errors: { field: string }[];
    };
    assertEquals(asked.error, "refund_decision_required");
    assertEquals(asked.errors.map((e) => e.field), ["refund"]);
    assertEquals(
      asked.message,
      "This order was paid online (€609.90): refund it and cancel, or cancel and keep the payment (on the order's page)",
    );
    assertEquals((await t.services.orders.get(order.id))?.status, "pending");
    assertEquals((await t.services.invoices.ofOrder(order.id)).map((d) => d.kind), ["invoice"]);

    const done = await assertJsonResponse(
      await cancel(t, clerk, order.id, { refund: true }),
      200,
    ) as OrderJson & { status: string };
    assertEquals([done.status, done.paymentStatus, done.refund?.amount], [
      "cancelled",
      "refunded",
      609.9,
    ]);
    assertEquals(fake.refunds.length, 1, "one refund at Stripe");
    const call = fake.seen.find((s) => s.method === "POST" && s.path === "/v1/refunds")!;
    assertEquals(call.headers.get("idempotency-key"), `refund-${order.id}`);
    assertEquals((await t.services.products.get(board.id))!.stock, stock + 1, "units back");
    const docs = await t.services.invoices.ofOrder(order.id);
    assertEquals(docs.map((d) => [d.kind, d.totalCents]), [
      ["invoice", 60990],
      ["credit_note", 60990],
    ]);
    const mails = await mailsTo(t, /ORD-\d+ has been (cancelled|refunded)/);
    assertEquals(mails.map((m) => m.subject), [
      `Your order ${order.orderNumber} has been cancelled`,
    ]);
    assert(
      mails[0].text.includes(
        "We have refunded €609.90 to the card you paid with. It usually shows within 5 to 10 days.",
      ),
      mails[0].text,
    );
    assertEquals((await refundEntries(t, order.id)).map((h) => h.summary), [
      "Cancelled and refunded €609.90 via Stripe",
    ]);

    // Again, or a Refund click after it: refused, nothing more at Stripe or in the books.
    await assertJsonResponse(await cancel(t, clerk, order.id, { refund: true }), 409);
    await assertJsonResponse(await refund(t, clerk, order.id), 409);
    assertEquals(fake.refunds.length, 1);
    assertEquals((await t.services.invoices.ofOrder(order.id)).length, 2);
  }),
);

Deno.test("[api] cancelling a paid online order and keeping the payment issues no credit note and tells the buyer it stays charged; a later refund issues it once", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const order = await paidOnlineOrder(t, sandboxPay(t));
    const kept = await assertJsonResponse(
      await cancel(t, clerk, order.id, { refund: false, notifyCustomer: true }),
      200,
    ) as OrderJson & { status: string };
    assertEquals([kept.status, kept.paymentStatus, kept.refund], ["cancelled", "paid", null]);
    assertEquals((await t.services.invoices.ofOrder(order.id)).map((d) => d.kind), ["invoice"]);
    assertEquals(await sandboxRefundCount(t), 0);
    const [mail] = await mailsTo(t, /has been cancelled/);
    assert(
      mail.text.includes("No refund has been made with this cancellation: the €609.90 you paid"),
      mail.text,
    );

    await assertJsonResponse(await refund(t, clerk, order.id), 200);
    const docs = await t.services.invoices.ofOrder(order.id);
    assertEquals(docs.map((d) => [d.kind, d.totalCents]), [
      ["invoice", 60990],
      ["credit_note", 60990],
    ]);

    // An unpaid order is cancelled without a question, and its mail says nothing was charged.
    const board = await productByName(t.services, "Vectra DSP Board");
    const res = await t.api.request(
      "/api/orders/admin",
      jsonRequest("POST", {
        customer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "" },
        shippingAddress: { address: "1 Rue X", city: "Lyon", state: "", zipCode: "69001" },
        items: [{ id: board.id, quantity: 1 }],
        shippingCountry: "France",
        paymentMethod: "delivery",
      }, clerk.headers),
    );
    const unpaid = (await assertJsonResponse(res, 201) as { orderId: string }).orderId;
    await assertJsonResponse(await cancel(t, clerk, unpaid, { notifyCustomer: true }), 200);
    const last = (await mailsTo(t, /has been cancelled/)).at(-1)!;
    assert(last.text.includes("You have not been charged for it."), last.text);
    assertEquals(await t.services.invoices.ofOrder(unpaid), []);
  }));
