import Stripe from "stripe";
import { renderToString } from "preact-render-to-string";
import OrderStatusContent from "../../src/components/orders/OrderStatusContent.tsx";
import { accountBalance } from "../../src/domain/order-account.ts";
import { createServices } from "../../src/services/container.ts";
import { assert, assertEquals, assertJsonResponse, assertStringIncludes } from "../_lib/assert.ts";
import { intentBody, postWebhook, productByName, signedEvent } from "../_lib/checkout.ts";
import { atInstant } from "../_lib/clock.ts";
import { fakeStripe } from "../_lib/fake-stripe.ts";
import { jsonRequest, testConfig, type TestContext, withServices } from "../_lib/services.ts";

const WEBHOOK_SECRET = "whsec_fake_transfer";
const DAY = 24 * 3600_000;
/** What a page or mail reads as text: tags dropped, every space one space. */
const seen = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/[\s\u00a0\u202f]+/g, " ");

type Fake = ReturnType<typeof fakeStripe>;

/** One fake Stripe and one shop for every test of the file: each test starts its own orders. */
async function withStripe(fn: (t: TestContext & { fake: Fake }) => Promise<void>) {
  const fake = fakeStripe();
  try {
    await withServices((t) => fn({ ...t, fake }), {
      config: {
        stripe: {
          secretKey: "sk_test_fake",
          publishableKey: "pk_test_fake",
          webhookSecret: WEBHOOK_SECRET,
          apiBase: fake.apiBase,
        },
      },
    });
  } finally {
    await fake.close();
  }
}

/** The buyer's bank: a transfer to the Customer's virtual IBAN, through Stripe's test helper. */
async function transfer(fake: Fake, customer: string, amountCents: number) {
  const url = new URL(fake.apiBase);
  const stripe = new Stripe("sk_test_fake", {
    host: url.hostname,
    port: Number(url.port),
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
  });
  await stripe.testHelpers.customers.fundCashBalance(customer, {
    amount: amountCents,
    currency: "eur",
  });
  return fake.events.at(-1)!;
}

/** Delivers an event as Stripe would (signed); answers the webhook's result. */
async function deliver(t: TestContext, event: Fake["events"][number]) {
  const { payload, header } = await signedEvent(event, WEBHOOK_SECRET);
  const body = await assertJsonResponse(await postWebhook(t.api, payload, header), 200);
  return (body as { result: string }).result;
}

async function transferOrder(t: TestContext, quantity = 1, locale?: "fr") {
  const board = await productByName(t.services, "Vectra DSP Board");
  const body = intentBody([{ id: board.id, price: 600, quantity }]);
  const res = await t.api.request(
    "/api/stripe/bank-transfer",
    jsonRequest("POST", { ...body, orderData: { ...body.orderData, locale } }),
  );
  const answer = await assertJsonResponse(res, 200) as {
    order: { orderNumber: string; paymentMethod: string; paymentStatus: string };
    orderPage: string;
  };
  const order = (await t.services.orders.getByNumber(answer.order.orderNumber))!;
  return { answer, order, board };
}

async function pageText(t: TestContext, orderNumber: string, lang: "en" | "fr") {
  const order = (await t.services.orders.getByNumber(orderNumber))!;
  return seen(renderToString(
    <OrderStatusContent
      lang={lang}
      order={order}
      documents={await t.services.invoices.ofOrder(order.id)}
      token={await t.services.orderLinks.token(orderNumber)}
      timeZone="Europe/Paris"
    />,
  ));
}

Deno.test("[api] stripe bank transfer: the order is made pending with its stock held; the page and mail give the virtual IBAN and reference", () =>
  withStripe(async (t) => {
    const { answer, order, board } = await transferOrder(t, 2, "fr");
    assertEquals(answer.order.paymentMethod, "transfer");
    assertEquals(answer.order.paymentStatus, "pending");
    assert(answer.orderPage.startsWith("/fr/"), answer.orderPage);
    assertEquals((await t.services.products.get(board.id))!.stock, board.stock - 2, "held");

    const customer = t.fake.seen.find((s) => s.path === "/v1/customers")!;
    assertEquals(customer.form.get("email"), "ada@example.com");
    const create = t.fake.seen.find((s) => s.path === "/v1/payment_intents")!;
    const f = create.form;
    assertEquals(f.get("amount"), "120990");
    assertEquals(f.get("currency"), "eur");
    assertEquals(f.get("customer"), "cus_fake_1");
    assertEquals(f.get("allowed_payment_method_types[0]"), "customer_balance");
    assertEquals(f.get("payment_method_data[type]"), "customer_balance");
    const options = "payment_method_options[customer_balance]";
    assertEquals(f.get(`${options}[funding_type]`), "bank_transfer");
    assertEquals(f.get(`${options}[bank_transfer][type]`), "eu_bank_transfer");
    assertEquals(f.get(`${options}[bank_transfer][eu_bank_transfer][country]`), "FR");
    assertEquals(f.get("confirm"), "true");

    const st = order.account!.stripeTransfer!;
    assertEquals(st.reference, "RFAKE0001");
    const text = await pageText(t, order.orderNumber, "fr");
    for (
      const e of [
        "Paiement par virement",
        "Titulaire du compte Stripe Technology Europe Ltd",
        "IBAN FR76 3000 1007 9412 3456 7890 001",
        "BIC SXPYFRP1XXX",
        "Référence RFAKE0001",
        "À régler avant le",
      ]
    ) assertStringIncludes(text, e);

    const mail = (await t.services.outbox.list()).find((m) => m.to === "ada@example.com")!;
    assertStringIncludes(mail.subject, order.orderNumber);
    const said = seen(mail.html ?? "");
    assertStringIncludes(said, "Veuillez régler 1 209,90 € par virement");
    assertStringIncludes(said, "FR76 3000 1007 9412 3456 7890 001");
    assertStringIncludes(mail.text, "RFAKE0001");
    assert(!mail.text.includes("reçu votre paiement"), "not paid yet");
  }));

Deno.test("[api] stripe bank transfer: a part, then the rest: partially paid with the remainder, then paid and invoiced; a replayed event records nothing", () =>
  withStripe(async (t) => {
    const { order } = await transferOrder(t);
    const customer = t.fake.intents.get(order.paymentIntentId!)!.customer as string;

    const part = await transfer(t.fake, customer, 20000);
    assertEquals(part.type, "payment_intent.partially_funded");
    assertEquals(await deliver(t, part), "recorded");
    let now = (await t.services.orders.get(order.id))!;
    assertEquals(accountBalance(now.account!, now.totalCents), {
      paidCents: 20000,
      dueCents: 40990,
      state: "partially_paid",
    });
    assertEquals(now.paymentStatus, "pending");
    assertStringIncludes(await pageText(t, order.orderNumber, "en"), "Amount due €409.90");
    // The buyer reads what remains and where to send it: Stripe's account, not the seller's.
    const partMail = (await t.services.outbox.list()).find((m) =>
      m.text.includes("€409.90 remains")
    )!;
    assertStringIncludes(partMail.text, "FR76 3000 1007 9412 3456 7890 001");
    assertStringIncludes(partMail.text, "RFAKE0001");
    assertEquals(await t.services.invoices.ofOrder(order.id), [], "no invoice for a part");

    const rest = await transfer(t.fake, customer, 40990);
    assertEquals(rest.type, "payment_intent.succeeded");
    assertEquals(await deliver(t, rest), "recorded");
    // Replayed, and the older event late: both read the intent back, nothing twice.
    assertEquals(await deliver(t, rest), "duplicate");
    assertEquals(await deliver(t, part), "duplicate");
    now = (await t.services.orders.get(order.id))!;
    assertEquals(now.paymentStatus, "paid");
    assertEquals(now.account!.payments.map((p) => p.amountCents), [20000, 40990]);
    assertEquals((await t.services.invoices.ofOrder(order.id)).length, 1, "invoiced once");
    assertEquals((await t.services.orders.list()).length, 1, "one order per intent");
    const subjects = (await t.services.outbox.list()).map((m) => m.subject);
    // One mail per payment: the part, then the rest with its invoice.
    assertEquals(subjects.filter((s) => s.startsWith("Payment received")).length, 2);
    assertStringIncludes(await pageText(t, order.orderNumber, "en"), "Amount due Paid");
  }));

Deno.test("[api] stripe bank transfer: too much transferred is paid and flagged overpaid with the excess", () =>
  withStripe(async (t) => {
    const { order } = await transferOrder(t);
    const customer = t.fake.intents.get(order.paymentIntentId!)!.customer as string;
    const event = await transfer(t.fake, customer, 60990 + 5000);
    // Delivered twice at once (Stripe retries): each payment once.
    await Promise.all([deliver(t, event), deliver(t, event)]);
    const now = (await t.services.orders.get(order.id))!;
    assertEquals(now.paymentStatus, "paid");
    assertEquals(accountBalance(now.account!, now.totalCents).state, "overpaid");
    assertEquals(now.account!.payments.map((p) => p.amountCents), [60990, 5000]);
    const excess = now.account!.payments.find((p) => p.id.endsWith(":excess"))!;
    assertEquals(excess.amountCents, 5000);
    assertStringIncludes(excess.note!, "to return");
  }));

Deno.test("[api] stripe bank transfer: unpaid after its hold, two instances cancel it once: stock back, intent cancelled, one mail; a part paid is kept", () =>
  withStripe(async (t) => {
    const { order, board } = await transferOrder(t);
    const partly = await transferOrder(t);
    const customer = t.fake.intents.get(partly.order.paymentIntentId!)!.customer as string;
    await deliver(t, await transfer(t.fake, customer, 100));
    const stockHeld = (await t.services.products.get(board.id))!.stock;

    // Not yet: a day before the hold ends nothing moves.
    assertEquals(await atInstant(Date.now() + 6 * DAY, t.services.transferOrders.expireHolds), {
      expired: 0,
    });
    const other = createServices(t.kv, t.services.config);
    try {
      const runs = await atInstant(
        Date.now() + 7 * DAY + 60_000,
        () =>
          Promise.all([
            t.services.transferOrders.expireHolds(),
            other.transferOrders.expireHolds(),
          ]),
      );
      assertEquals(runs.reduce((n, r) => n + r.expired, 0), 1);
    } finally {
      await other.orderTracking.stop();
      await other.mailer.stop();
    }
    const cancelled = (await t.services.orders.get(order.id))!;
    assertEquals(cancelled.status, "cancelled");
    assertEquals(cancelled.stockHeld, false);
    assertEquals((await t.services.products.get(board.id))!.stock, stockHeld + 1, "released");
    assertEquals(t.fake.intents.get(order.paymentIntentId!)!.status, "canceled");
    const expiryMails = (await t.services.outbox.list())
      .filter((m) => m.subject.includes("no transfer received"));
    assertEquals(expiryMails.length, 1);
    assertEquals((await t.services.orders.get(partly.order.id))!.status, "pending", "kept");
    // Its hold is gone: a later run does nothing.
    assertEquals(await atInstant(Date.now() + 9 * DAY, t.services.transferOrders.expireHolds), {
      expired: 0,
    });
  }));

Deno.test("[api] stripe bank transfer: not offered by the offline sandbox", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const res = await api.request(
      "/api/stripe/bank-transfer",
      jsonRequest("POST", intentBody([{ id: board.id, price: 600, quantity: 1 }])),
    );
    assertEquals(
      (await assertJsonResponse(res, 422) as { error: string }).error,
      "transfers_unavailable",
    );
    assertEquals((await services.orders.list()).length, 0);
  }, { config: { stripe: testConfig().stripe } }));
