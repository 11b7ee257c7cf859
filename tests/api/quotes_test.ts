import { assert, assertEquals, assertJsonResponse, assertMatch } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { atInstant } from "../_lib/clock.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";
import { isRfReference } from "../../src/domain/rf-reference.ts";

const DAY = 86_400_000;

const ADDRESS = {
  address: "1 Rue de la Paix",
  city: "Paris",
  state: "",
  zipCode: "75002",
  country: "France",
};

async function productId(t: TestContext, name: string) {
  return (await t.services.products.list()).find((p) => p.name.includes(name))!.id;
}
const stockOf = async (t: TestContext, id: string) => (await t.services.products.get(id))!.stock;

/** The cart's "Request a quote" of a French lab. */
function requestBody(
  items: { id: string; quantity: number }[],
  extra: Record<string, unknown> = {},
) {
  return {
    items,
    shippingCountry: "France",
    customer: {
      firstName: "Marie",
      lastName: "Curie",
      email: "achats@labo.example",
      phone: "+33 1 23 45 67 89",
    },
    business: { companyName: "Laboratoire Curie", siren: "732829320" },
    shippingAddress: ADDRESS,
    message: "Pour le TP de l’automne",
    locale: "fr",
    ...extra,
  };
}

async function requestQuote(t: TestContext, body: unknown) {
  const res = await t.api.request("/api/quote-requests", jsonRequest("POST", body));
  return await assertJsonResponse(res, 201) as { number: string; validUntil: string };
}

const linkOf = async (t: TestContext, number: string) =>
  `/api/public/quotes/${number}?t=${await t.services.quoteLinks.token(number)}`;
const withPath = (link: string, path: string) => link.replace("?t=", `${path}?t=`);

async function accept(t: TestContext, link: string, purchaseOrder = "PO-2026-118") {
  return await t.api.request(withPath(link, "/accept"), jsonRequest("POST", { purchaseOrder }));
}

async function staffQuote(t: TestContext, who: SignedIn, body: Record<string, unknown>) {
  const res = await t.api.request("/api/quotes", jsonRequest("POST", body, who.headers));
  return await assertJsonResponse(res, 201) as {
    _id?: string;
    id: string;
    number: string;
    status: string;
    totalCents: number;
    terms: { kind: string; days: number };
  };
}

Deno.test("[api] quote request from the cart: numbered, priced as the checkout, mailed with its link", () =>
  withServices(async (t) => {
    const board = await productId(t, "DSP Board");
    const stock = await stockOf(t, board);
    const { number } = await requestQuote(t, requestBody([{ id: board, quantity: 3 }]));
    assertMatch(number, /^D\d{4}-000001$/);
    const second = await requestQuote(t, requestBody([{ id: board, quantity: 1 }]));
    assertEquals(second.number, number.replace("000001", "000002"), "the series has no gap");
    assertEquals(await stockOf(t, board), stock, "a quote holds no stock");
    const q = await t.services.quoteDesk.view(number, await t.services.quoteLinks.token(number));
    // As the checkout would charge a French company: the shelf prices, VAT inside.
    const checkout = await t.services.checkout.quote({
      items: [{ id: board, quantity: 3 }],
      shippingCountry: "France",
      locale: "fr",
    });
    assertEquals(q.totalCents, Math.round(checkout.total * 100));
    assertEquals(q.status, "sent");
    const mails = await t.services.outbox.list();
    const buyerMail = mails.find((m) =>
      m.to === "achats@labo.example" && m.subject.includes(number)
    );
    assert(buyerMail, "the buyer gets the quote's mail");
    assert(buyerMail.text.includes(`/fr/devis/${number}?t=`), "with its signed link, in French");
    assert(
      mails.some((m) => m.to !== "achats@labo.example" && m.subject.includes(number)),
      "staff are told",
    );
  }));

Deno.test("[api] quote page: a wrong token is a 404; the first view is recorded for staff", () =>
  withServices(async (t) => {
    const board = await productId(t, "DSP Board");
    const { number } = await requestQuote(t, requestBody([{ id: board, quantity: 1 }]));
    const bad = await t.api.request(`/api/public/quotes/${number}?t=AAAA`);
    await assertJsonResponse(bad, 404);
    const link = await linkOf(t, number);
    const page = await assertJsonResponse(await t.api.request(link), 200) as { viewedAt: string };
    assert(page.viewedAt);
    const staff = await loginAs(t, "admin");
    const list = await assertJsonResponse(
      await t.api.request(`/api/quotes?status=sent&q=curie`, { headers: staff.headers }),
      200,
    ) as { quotes: { id: string; number: string; viewedAt: string }[] };
    assertEquals(list.quotes.map((q) => q.number), [number]);
    const detail = await assertJsonResponse(
      await t.api.request(`/api/quotes/${list.quotes[0].id}`, { headers: staff.headers }),
      200,
    ) as { history: { action: string }[] };
    assertEquals(detail.history.map((h) => h.action).sort(), ["quote.request", "quote.view"]);
  }));

Deno.test("[api] accepting makes one order on account: transfer, pending, RF reference, stock taken", () =>
  withServices(async (t) => {
    const board = await productId(t, "DSP Board");
    const stock = await stockOf(t, board);
    const { number } = await requestQuote(t, requestBody([{ id: board, quantity: 2 }]));
    const link = await linkOf(t, number);
    const res = await accept(t, link);
    const json = await assertJsonResponse(res, 201) as { orderNumber: string; orderUrl: string };
    assertMatch(json.orderUrl, /^\/fr\/orders\//);
    const order = (await t.services.orders.getByNumber(json.orderNumber))!;
    assertEquals([order.paymentMethod, order.paymentStatus, order.status], [
      "transfer",
      "pending",
      "pending",
    ]);
    assertEquals(order.business?.purchaseOrder, "PO-2026-118");
    assert(isRfReference(order.account!.reference));
    assertEquals(order.account!.quoteNumber, number);
    assertEquals(order.account!.terms, "on_terms");
    assertEquals(order.account!.termsDays, 30);
    assertEquals(await stockOf(t, board), stock - 2);
    const again = await accept(t, link);
    await assertJsonResponse(again, 409);
    const declined = await t.api.request(
      withPath(link, "/decline"),
      jsonRequest("POST", { reason: "x" }),
    );
    await assertJsonResponse(declined, 409);
    const mails = await t.services.outbox.list();
    const paid = mails.find((m) =>
      m.subject.includes(json.orderNumber) && m.to === "achats@labo.example"
    );
    assert(
      paid?.text.includes(order.account!.reference.slice(0, 4)),
      "the mail gives the reference",
    );
  }));

Deno.test("[api] an expired quote cannot be accepted: 409, recorded expired; a cancelled one neither", () =>
  withServices(async (t) => {
    const board = await productId(t, "DSP Board");
    const { number, validUntil } = await requestQuote(t, requestBody([{ id: board, quantity: 1 }]));
    const link = await linkOf(t, number);
    const later = Date.parse(`${validUntil}T12:00:00Z`) + 2 * DAY;
    const res = await atInstant(later, () => accept(t, link));
    const body = await assertJsonResponse(res, 409) as { error: string; message: string };
    assertEquals(body.error, "quote_expired");
    assertMatch(body.message, /expired/);
    const q = (await t.services.quoteDesk.list({ limit: 10, status: "expired" })).quotes;
    assertEquals(q.map((x) => x.number), [number], "the expiry is recorded");
    assertEquals(await t.services.orders.getByNumber("ORD-000001"), null);

    const staff = await loginAs(t, "admin");
    const other = await requestQuote(t, requestBody([{ id: board, quantity: 1 }]));
    const id = (await t.services.quoteDesk.list({ limit: 10, q: other.number })).quotes[0].id;
    await assertJsonResponse(
      await t.api.request(`/api/quotes/${id}/cancel`, { method: "POST", headers: staff.headers }),
      200,
    );
    const cancelled = await accept(t, await linkOf(t, other.number));
    assertEquals(
      (await assertJsonResponse(cancelled, 409) as { error: string }).error,
      "quote_cancelled",
    );
  }));

Deno.test("[api] two hundred acceptances at once make one order and take the stock once", () =>
  withServices(async (t) => {
    const board = await productId(t, "DSP Board");
    const stock = await stockOf(t, board);
    const { number } = await requestQuote(t, requestBody([{ id: board, quantity: 2 }]));
    const link = await linkOf(t, number);
    // Counted per client: the crowd comes from many addresses, as a buyer's colleagues would.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.api.request(
          withPath(link, "/accept"),
          jsonRequest("POST", { purchaseOrder: `PO-${i}` }),
          { clientAddress: `10.0.${i >> 8}.${i & 255}` },
        )),
    );
    const statuses = answers.map((r) => r.status);
    await Promise.all(answers.map((r) => r.body?.cancel()));
    assertEquals(statuses.filter((s) => s === 201).length, 1, "one acceptance");
    assertEquals(statuses.filter((s) => s !== 201 && s !== 409), [], "the others 409, no 5xx");
    assertEquals(await stockOf(t, board), stock - 2);
    const orders = (await t.services.orderDesk.list({ limit: 50 } as never)).orders;
    assertEquals(orders.filter((o) => o.paymentMethod === "transfer").length, 1);
  }));

Deno.test("[api] stock short at acceptance: nothing created, the buyer told, staff mailed", () =>
  withServices(async (t) => {
    const board = await productId(t, "DSP Board");
    const stock = await stockOf(t, board);
    const { number } = await requestQuote(t, requestBody([{ id: board, quantity: stock + 1 }]));
    const res = await accept(t, await linkOf(t, number));
    const body = await assertJsonResponse(res, 409) as { error: string; message: string };
    assertEquals(body.error, "not_enough_stock");
    assertMatch(body.message, /Nous ne pouvons pas accepter ce devis/);
    assertEquals(await stockOf(t, board), stock);
    const q = (await t.services.quoteDesk.list({ limit: 10 })).quotes[0];
    assertEquals([q.status, q.orderNumber], ["sent", undefined]);
    const mails = await t.services.outbox.list();
    assert(
      mails.some((m) => m.subject.includes(number) && /stock/i.test(m.subject)),
      "staff mailed",
    );
    assertEquals((await t.services.orderDesk.list({ limit: 50 } as never)).orders.length, 0);
  }));

Deno.test("[api] accepting with the purchase order as a PDF: sniffed, at most 5 MB; staff download it", () =>
  withServices(async (t) => {
    const board = await productId(t, "DSP Board");
    const { number } = await requestQuote(t, requestBody([{ id: board, quantity: 1 }]));
    const link = await linkOf(t, number);
    const form = (bytes: Uint8Array, name: string) => {
      const f = new FormData();
      f.set("purchaseOrder", "BC-77");
      f.set("file", new File([bytes as BlobPart], name, { type: "application/pdf" }));
      return { method: "POST", body: f };
    };
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html> %%EOF");
    const refused = await t.api.request(withPath(link, "/accept"), form(html, "po.pdf"));
    await assertJsonResponse(refused, 415);
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const ok = await t.api.request(withPath(link, "/accept"), form(pdf, "po.pdf"));
    await assertJsonResponse(ok, 201);
    const staff = await loginAs(t, "admin");
    const id = (await t.services.quoteDesk.list({ limit: 10 })).quotes[0].id;
    const file = await t.api.request(`/api/quotes/${id}/purchase-order`, {
      headers: staff.headers,
    });
    assertEquals(file.status, 200);
    assertEquals(new Uint8Array(await file.arrayBuffer()), pdf);
  }));

Deno.test("[api] staff quote: discount per line, their shipping fee, sent, edited back to draft", () =>
  withServices(async (t) => {
    const staff = await loginAs(t, "admin");
    const board = await productId(t, "DSP Board");
    const body = {
      items: [{ id: board, quantity: 10, discountPercent: 10 }],
      shippingCountry: "France",
      customer: {
        firstName: "Alan",
        lastName: "Turing",
        email: "buyer@uni.example",
        phone: "+44 20 0000",
      },
      business: { companyName: "University" },
      shippingAddress: ADDRESS,
      shippingFee: 0,
      note: "Price for the 2027 course",
      terms: { kind: "before_shipping", days: 0 },
    };
    const q = await staffQuote(t, staff, body);
    assertEquals(q.status, "draft");
    const price = (await t.services.products.get(board))!.priceCents;
    assertEquals(q.totalCents, Math.round(price * 0.9) * 10);
    const tooLong = await t.api.request(
      "/api/quotes",
      jsonRequest("POST", { ...body, terms: { kind: "on_terms", days: 90 } }, staff.headers),
    );
    assertEquals(tooLong.status, 400);
    // "Before shipping" chosen, the days left blank: the choice stands, with the shop's days.
    const blankDays = await staffQuote(t, staff, { ...body, terms: { kind: "before_shipping" } });
    assertEquals(blankDays.terms, { kind: "before_shipping", days: 30 });
    const sent = await t.api.request(`/api/quotes/${q.id}/send`, {
      method: "POST",
      headers: staff.headers,
    });
    assertEquals((await assertJsonResponse(sent, 200) as { status: string }).status, "sent");
    assert((await t.services.outbox.list()).some((m) => m.to === "buyer@uni.example"));
    const edited = await t.api.request(
      `/api/quotes/${q.id}`,
      jsonRequest("PUT", { ...body, items: [{ id: board, quantity: 5 }] }, staff.headers),
    );
    assertEquals((await assertJsonResponse(edited, 200) as { status: string }).status, "draft");
    const anon = await t.api.request("/api/quotes");
    assertEquals(anon.status, 401);
  }));
