import { assert, assertEquals, assertJsonResponse, assertStringIncludes } from "../_lib/assert.ts";
import { loginAs } from "../_lib/admin.ts";
import { payWithToken } from "../_lib/checkout.ts";
import { atInstant } from "../_lib/clock.ts";
import { fakeStripe } from "../_lib/fake-stripe.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";

/** "Pay now" on the quote page: by card at the quote's prices, or by Stripe's bank transfer. */

const DAY = 86_400_000;
const ADDRESS = {
  address: "1 Rue de la Paix",
  city: "Paris",
  state: "",
  zipCode: "75002",
  country: "France",
};
const BUYER = "buyer@uni.example";

async function boardOf(t: TestContext) {
  return (await t.services.products.list()).find((p) => p.name.includes("DSP Board"))!;
}
const stockOf = async (t: TestContext, id: string) => (await t.services.products.get(id))!.stock;

/** Staff's quote, sent: 10 % off the board, their own shipping fee. */
async function sentQuote(t: TestContext, quantity = 2) {
  const staff = await loginAs(t, "admin");
  const board = await boardOf(t);
  const created = await t.api.request(
    "/api/quotes",
    jsonRequest("POST", {
      items: [{ id: board.id, quantity, discountPercent: 10 }],
      shippingCountry: "France",
      customer: { firstName: "Alan", lastName: "Turing", email: BUYER, phone: "+44 20 0000" },
      business: { companyName: "University" },
      shippingAddress: ADDRESS,
      shippingFee: 4.5,
      locale: "en",
    }, staff.headers),
  );
  const q = await assertJsonResponse(created, 201) as {
    id: string;
    number: string;
    totalCents: number;
    validUntil: string;
  };
  const sent = await t.api.request(`/api/quotes/${q.id}/send`, {
    method: "POST",
    headers: staff.headers,
  });
  await assertJsonResponse(sent, 200);
  const link = `/api/public/quotes/${q.number}?t=${await t.services.quoteLinks.token(q.number)}`;
  return { ...q, link, board };
}

const at = (link: string, path: string) => link.replace("?t=", `${path}?t=`);
/** A crowd comes from many addresses (rate limits count per client). */
const from = (i: number) => ({ clientAddress: `10.1.${i >> 8}.${i & 255}` });

function pay(t: TestContext, link: string, method: "card" | "transfer", i = 0) {
  return t.api.request(at(link, "/pay"), jsonRequest("POST", { method }), from(i));
}

/** The buyer's card on the quote page (sandbox): the intent, the test card, the confirmation. */
async function payByCard(t: TestContext, link: string, i = 0) {
  const res = await pay(t, link, "card", i);
  if (res.status !== 200) return res;
  const { clientSecret, paymentIntentId } = await res.json();
  const card = await payWithToken(t.api, clientSecret, "pm_card_visa");
  await card.body?.cancel();
  return await t.api.request(
    at(link, "/confirm-payment"),
    jsonRequest("POST", { paymentIntentId }),
    from(i),
  );
}

Deno.test("[api] quote paid by card: charged the quote's discounted total, one order paid, the quote accepted", () =>
  withServices(async (t) => {
    const q = await sentQuote(t);
    const price = q.board.priceCents;
    assertEquals(q.totalCents, Math.round(price * 0.9) * 2 + 450, "the quote's own prices");
    const res = await pay(t, q.link, "card");
    const intent = await assertJsonResponse(res, 200) as {
      clientSecret: string;
      paymentIntentId: string;
      amount: number;
    };
    assertEquals(intent.amount * 100, q.totalCents);
    const charged = await t.services.checkout.provider.retrieveIntent(intent.paymentIntentId);
    assertEquals(charged!.amountCents, q.totalCents, "the server's amount, the quote's");
    await (await payWithToken(t.api, intent.clientSecret, "pm_card_visa")).body?.cancel();
    const confirmed = await t.api.request(
      at(q.link, "/confirm-payment"),
      jsonRequest("POST", { paymentIntentId: intent.paymentIntentId }),
    );
    const body = await assertJsonResponse(confirmed, 200) as {
      orderNumber: string;
      orderUrl: string;
    };
    assert(body.orderUrl.startsWith("/orders/"), body.orderUrl);
    const order = (await t.services.orders.getByNumber(body.orderNumber))!;
    assertEquals(order.totalCents, q.totalCents);
    assertEquals(order.shippingFeeCents, 450);
    assertEquals(order.items[0].priceCents, Math.round(price * 0.9));
    assertEquals([order.paymentMethod, order.paymentStatus], ["online", "paid"]);
    assertEquals(order.business?.companyName, "University");
    assertEquals(await stockOf(t, q.board.id), q.board.stock - 2, "the stock taken once");
    assertEquals(
      (await t.services.checkout.provider.retrieveIntent(order.paymentIntentId!))!
        .status,
      "succeeded",
    );

    const page = await assertJsonResponse(await t.api.request(q.link), 200) as {
      status: string;
      orderNumber: string;
      paidWith: string;
    };
    assertEquals([page.status, page.orderNumber, page.paidWith], [
      "accepted",
      order.orderNumber,
      "card",
    ]);
    const again = await assertJsonResponse(await pay(t, q.link, "card"), 409) as { error: string };
    assertEquals(again.error, "quote_accepted");
    const accept = await t.api.request(
      at(q.link, "/accept"),
      jsonRequest("POST", { purchaseOrder: "PO-1" }),
    );
    await assertJsonResponse(accept, 409);
    const mails = await t.services.outbox.list();
    assert(mails.some((m) => m.to === BUYER && m.subject.includes(order.orderNumber)));
    assert(
      mails.some((m) => m.to !== BUYER && m.subject.includes(q.number)),
      "staff told of the answer",
    );
    // Someone else's payment confirmed through this quote's link: no such payment.
    const other = await sentQuote(t, 1);
    const foreign = await t.api.request(
      at(other.link, "/confirm-payment"),
      jsonRequest("POST", { paymentIntentId: intent.paymentIntentId }),
    );
    await assertJsonResponse(foreign, 404);
  }));

/** A hundred buyers at one quote: `cardsOnly`, or half paying by card and half accepting. */
async function crowd(t: TestContext, cardsOnly: boolean) {
  const q = await sentQuote(t);
  const before = (await t.services.orderDesk.list({ limit: 50 } as never)).orders.length;
  const answers = await Promise.all(
    Array.from(
      { length: 100 },
      (_, i) =>
        cardsOnly || i % 2 ? payByCard(t, q.link, i) : t.api.request(
          at(q.link, "/accept"),
          jsonRequest("POST", { purchaseOrder: `PO-${i}` }),
          from(i),
        ),
    ),
  );
  const statuses = answers.map((r) => r.status);
  await Promise.all(answers.map((r) => r.body?.cancel()));
  assertEquals(statuses.filter((s) => s < 300).length, 1, `one answer won: ${statuses}`);
  assertEquals(statuses.filter((s) => s >= 300 && s !== 409), [], "the others 409, no 5xx");
  const orders = (await t.services.orderDesk.list({ limit: 50 } as never)).orders;
  assertEquals(orders.length, before + 1, "one order");
  const page = await assertJsonResponse(await t.api.request(q.link), 200) as {
    status: string;
    orderNumber: string;
    paying: boolean;
  };
  const order = orders.find((o) => o.orderNumber === page.orderNumber)!;
  assertEquals([page.status, page.paying], ["accepted", false]);
  if (cardsOnly) assertEquals(order.paymentMethod, "online");
  assertEquals(await stockOf(t, q.board.id), q.board.stock - 2, "the stock taken once");
}

Deno.test("[api] a hundred card payments and acceptances of one quote at once: one order, no 5xx, no other card charged", () =>
  withServices(async (t) => {
    await crowd(t, false);
    await crowd(t, true);
    // Every card the crowds authorized was released but the one that won.
    const cards = (await t.services.orderDesk.list({ limit: 50 } as never)).orders
      .filter((o) => o.paymentMethod === "online").length;
    const held = [];
    for await (const e of t.kv.list<{ status: string }>({ prefix: ["sandbox_intent"] })) {
      if (e.value.status === "succeeded" || e.value.status === "requires_capture") {
        held.push(e.value.status);
      }
    }
    assertEquals(held, Array(cards).fill("succeeded"));
  }));

Deno.test("[api] an expired quote cannot be paid: 409; a card authorized after the validity is not charged", () =>
  withServices(async (t) => {
    const q = await sentQuote(t, 1);
    const later = Date.parse(`${q.validUntil}T12:00:00Z`) + 2 * DAY;
    const res = await atInstant(later, async () => await pay(t, q.link, "card"));
    const body = await assertJsonResponse(res, 409) as { error: string; message: string };
    assertEquals(body.error, "quote_expired");

    const other = await sentQuote(t, 1);
    const opened = await assertJsonResponse(await pay(t, other.link, "card"), 200) as {
      clientSecret: string;
      paymentIntentId: string;
    };
    await (await payWithToken(t.api, opened.clientSecret, "pm_card_visa")).body?.cancel();
    const expiredAt = Date.parse(`${other.validUntil}T23:00:00Z`) + DAY;
    const late = await atInstant(expiredAt, async () =>
      await t.api.request(
        at(other.link, "/confirm-payment"),
        jsonRequest("POST", { paymentIntentId: opened.paymentIntentId }),
      ));
    const refused = await assertJsonResponse(late, 409) as { error: string; message: string };
    assertEquals(refused.error, "quote_expired");
    assertStringIncludes(refused.message, "not charged");
    const intent = await t.services.checkout.provider.retrieveIntent(opened.paymentIntentId);
    assertEquals(intent!.status, "canceled");
    assertEquals(await stockOf(t, other.board.id), other.board.stock);
    assertEquals((await t.services.orderDesk.list({ limit: 50 } as never)).orders.length, 0);
  }));

Deno.test("[api] quote paid with Stripe: the card and the bank transfer charge the quote's total", async () => {
  const fake = fakeStripe();
  try {
    await withServices(async (t) => {
      const q = await sentQuote(t);
      const opened = await assertJsonResponse(await pay(t, q.link, "card"), 200) as {
        paymentIntentId: string;
      };
      assertEquals(fake.intents.get(opened.paymentIntentId)!.amount, q.totalCents);
      fake.intents.get(opened.paymentIntentId)!.status = "requires_capture"; // the card authorized
      const confirmed = await t.api.request(
        at(q.link, "/confirm-payment"),
        jsonRequest("POST", { paymentIntentId: opened.paymentIntentId }),
      );
      const byCard = await assertJsonResponse(confirmed, 200) as { orderNumber: string };
      assertEquals(
        (await t.services.orders.getByNumber(byCard.orderNumber))!.totalCents,
        q.totalCents,
      );

      const other = await sentQuote(t);
      const res = await pay(t, other.link, "transfer");
      const made = await assertJsonResponse(res, 201) as { orderNumber: string; orderUrl: string };
      const order = (await t.services.orders.getByNumber(made.orderNumber))!;
      assertEquals([order.paymentMethod, order.paymentStatus], ["transfer", "pending"]);
      assertEquals(order.totalCents, other.totalCents);
      assertEquals(order.account!.quoteNumber, other.number);
      const create = fake.seen.filter((s) => s.path === "/v1/payment_intents").at(-1)!.form;
      assertEquals(create.get("amount"), String(other.totalCents), "the quote's total at Stripe");
      assertEquals(create.get("payment_method_data[type]"), "customer_balance");
      assertEquals(
        await stockOf(t, other.board.id),
        other.board.stock - 2,
        "its stock held",
      );
      const st = order.account!.stripeTransfer!;
      const mail = (await t.services.outbox.list()).find((m) =>
        m.to === BUYER && m.subject.includes(order.orderNumber)
      )!;
      assertStringIncludes(mail.text, st.reference);
      assertStringIncludes(mail.text.replace(/\s/g, ""), st.iban);
      const page = await assertJsonResponse(await t.api.request(other.link), 200) as {
        status: string;
        paidWith: string;
      };
      assertEquals([page.status, page.paidWith], ["accepted", "transfer"]);
      const twice = await assertJsonResponse(await pay(t, other.link, "transfer"), 409) as {
        error: string;
      };
      assertEquals(twice.error, "quote_accepted");

      // Stock short: nothing made, the buyer told in its language, staff mailed.
      const board = await boardOf(t);
      const short = await sentQuote(t, board.stock + 1);
      const refused = await assertJsonResponse(await pay(t, short.link, "transfer"), 409) as {
        error: string;
        message: string;
      };
      assertEquals(refused.error, "not_enough_stock");
      assertStringIncludes(refused.message, "our team has been told");
      assertEquals(await stockOf(t, board.id), board.stock);
      assert(
        (await t.services.outbox.list()).some((m) =>
          m.subject === `Quote ${short.number}: not enough stock to accept it`
        ),
        "staff mailed",
      );
    }, {
      config: {
        stripe: {
          secretKey: "sk_test_fake",
          publishableKey: "pk_test_fake",
          webhookSecret: "whsec_fake_quote",
          apiBase: fake.apiBase,
        },
      },
    });
  } finally {
    await fake.close();
  }
});
