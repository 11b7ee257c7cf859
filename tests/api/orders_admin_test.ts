import { assert, assertEquals, assertJsonResponse, assertMatch } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";
import { withVies } from "../_lib/tax.ts";
import { toCii } from "../../src/domain/cii.ts";
import { toEInvoice } from "../../src/domain/en16931.ts";
import type { Order } from "../../src/domain/order.ts";
import { orderQuerySchema } from "../../src/domain/order-query.ts";
import { UNKNOWN_VAT_NUMBER_MESSAGE } from "../../src/domain/tax.ts";

interface OrderJson {
  _id: string;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  total: number;
  shippingFee: number;
  createdAt: string;
  stockHeld: boolean;
  customer: { email: string };
}

async function productId(t: TestContext, name: string) {
  const p = (await t.services.products.list()).find((x) => x.name.includes(name));
  return p!.id;
}
const stockOf = async (t: TestContext, id: string) => (await t.services.products.get(id))!.stock;

function manualOrder(
  items: { id: string; quantity: number }[],
  extra: Record<string, unknown> = {},
) {
  return {
    customer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "" },
    shippingAddress: { address: "1 Rue X", city: "Tunis", state: "", zipCode: "1000" },
    items,
    shippingCountry: "Tunisia",
    paymentMethod: "delivery",
    // Client amounts are ignored: the server prices.
    subtotal: 1,
    shippingFee: 1,
    total: 2,
    ...extra,
  };
}

async function create(t: TestContext, who: SignedIn, body: unknown) {
  return await t.api.request("/api/orders/admin", jsonRequest("POST", body, who.headers));
}

async function createOk(t: TestContext, who: SignedIn, body: unknown): Promise<OrderJson> {
  const res = await create(t, who, body);
  const json = await assertJsonResponse(res, 201) as {
    orderId: string;
    _id: string;
    order: OrderJson;
  };
  assertEquals(json.orderId, json._id);
  return json.order;
}

const put = async (t: TestContext, who: SignedIn, path: string, body: unknown) =>
  await t.api.request(path, jsonRequest("PUT", body, who.headers));

Deno.test("[api] manual order: priced on the server, stock taken, audited; admin role may", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const board = await productId(t, "DSP Board");
    const before = await stockOf(t, board);
    const order = await createOk(t, clerk, manualOrder([{ id: board, quantity: 2 }]));
    // An export: the prices and Tunisia's fee net of French VAT (shelf / 1.20, to the cent).
    assertEquals(order.total, 1018.33, "2 × 500.00 + 18.33");
    assertEquals(order.shippingFee, 18.33);
    assertEquals([order.status, order.paymentStatus, order.stockHeld], [
      "pending",
      "pending",
      true,
    ]);
    assertEquals(await stockOf(t, board), before - 2);
    const history = await t.services.audit.forRecord("order", order._id);
    assertEquals(history.map((e) => e.action), ["order.create"]);

    // A country without a fee ships for 0 (spec section 9).
    const far = await createOk(
      t,
      clerk,
      manualOrder([{ id: board, quantity: 1 }], {
        shippingCountry: "Iceland",
      }),
    );
    assertEquals(far.shippingFee, 0);
  }));

Deno.test("[api] manual order: empty State and ZIP code stay empty, stored and in the CSV", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const board = await productId(t, "DSP Board");
    const order = await createOk(
      t,
      clerk,
      manualOrder([{ id: board, quantity: 1 }], {
        shippingAddress: { address: "1 Rue X", city: "Tunis", state: "", zipCode: "" },
      }),
    ) as OrderJson & { shippingAddress: { state: string; zipCode: string } };
    assertEquals([order.shippingAddress.state, order.shippingAddress.zipCode], ["", ""]);
    const stored = (await t.services.orders.get(order._id))!;
    assertEquals([stored.shippingAddress.state, stored.shippingAddress.zipCode], ["", ""]);
    const csv = await (await t.api.request("/api/orders/export.csv", { headers: clerk.headers }))
      .text();
    assert(!csv.includes(",-,") && !csv.includes(',"-",'), csv);
  }));

Deno.test("[api] manual order: an order id typed by staff is its number if unique, 409 otherwise", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const board = await productId(t, "DSP Board");
    const item = [{ id: board, quantity: 1 }];
    const before = await stockOf(t, board);
    const typed = await createOk(t, clerk, manualOrder(item, { orderId: "PHONE-0042" }));
    assertEquals(typed.orderNumber, "PHONE-0042");
    // Found by it, like any number.
    const found = await assertJsonResponse(
      await t.api.request("/api/orders?q=phone-0042", { headers: clerk.headers }),
      200,
    ) as { orders: OrderJson[] };
    assertEquals(found.orders.map((o) => o.orderNumber), ["PHONE-0042"]);
    // Taken (in any case): 409 on the field, nothing written, no stock taken.
    const taken = await create(t, clerk, manualOrder(item, { orderId: "phone-0042" }));
    const body = await assertJsonResponse(taken, 409) as { errors: { field: string }[] };
    assertEquals(body.errors.map((e) => e.field), ["orderId"]);
    assertEquals(await stockOf(t, board), before - 1);
    // Typing the number the counter gives next: the counter skips it.
    const next = await createOk(t, clerk, manualOrder(item, { orderId: "ORD-000001" }));
    assertEquals(next.orderNumber, "ORD-000001");
    const counted = await createOk(t, clerk, manualOrder(item));
    assertEquals(counted.orderNumber, "ORD-000002");
    const clash = await create(t, clerk, manualOrder(item, { orderId: "ORD-000002" }));
    await assertJsonResponse(clash, 409);
    // An empty id is none; a bad one is refused on the field.
    const blank = await createOk(t, clerk, manualOrder(item, { orderId: " " }));
    assertEquals(blank.orderNumber, "ORD-000003");
    const bad = await create(t, clerk, manualOrder(item, { orderId: "a b<script>" }));
    const refused = await assertJsonResponse(bad, 400) as { errors: { field: string }[] };
    assertEquals(refused.errors.map((e) => e.field), ["orderId"]);
    // Two clerks typing the same id at once: one order.
    const race = await Promise.all(
      [1, 2, 3].map(() => create(t, clerk, manualOrder(item, { orderId: "RACE-1" }))),
    );
    const statuses = race.map((r) => r.status).sort();
    await Promise.all(race.map((r) => r.body?.cancel()));
    assertEquals(statuses, [201, 409, 409]);
    // Deleting an order frees its number.
    await t.api.request(`/api/orders/${typed._id}`, { method: "DELETE", headers: clerk.headers });
    await createOk(t, clerk, manualOrder(item, { orderId: "PHONE-0042" }));
  }));

Deno.test("[api] manual order: bad input and not enough stock are refused, nothing changes", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const encoder = await productId(t, "Encoder");
    const board = await productId(t, "DSP Board");
    const before = await stockOf(t, board);
    const gone = await create(
      t,
      clerk,
      manualOrder([
        { id: board, quantity: 1 },
        { id: encoder, quantity: 1 },
      ]),
    );
    const body = await assertJsonResponse(gone, 409) as { message: string };
    assertEquals(body.message, "Not enough stock for Encoder & Hall Sensor Kit");
    assertEquals(await stockOf(t, board), before, "all or nothing");
    for (
      const bad of [
        manualOrder([]),
        manualOrder([{ id: board, quantity: 0 }]),
        manualOrder([{ id: "", quantity: 1 }]),
        { ...manualOrder([{ id: board, quantity: 1 }]), shippingCountry: "" },
        "not json",
      ]
    ) {
      const res = await create(t, clerk, bad);
      assert(res.status === 400, `status ${res.status}`);
      await res.body?.cancel();
    }
    const unknown = await create(t, clerk, manualOrder([{ id: "nope", quantity: 1 }]));
    await assertJsonResponse(unknown, 422);
    const page = await assertJsonResponse(
      await t.api.request("/api/orders", { headers: clerk.headers }),
      200,
    ) as { orders: unknown[] };
    assertEquals(page.orders.length, 0);
  }));

/** A phone order from a German company: shipped to Germany, its VAT number given. */
const germanCompany = (board: string, vatNumber: string) =>
  manualOrder([{ id: board, quantity: 1 }], {
    shippingAddress: { address: "Hauptstr. 1", city: "Berlin", state: "", zipCode: "10115" },
    shippingCountry: "Germany",
    business: { companyName: "Muster GmbH", vatNumber, purchaseOrder: "PO-77" },
  });

Deno.test("[api] manual order for an EU company whose VAT number VIES confirms: exempt (K), net, its invoice and CII name the company", () =>
  withVies(async (t, vies) => {
    vies.registered.set("DE136695976", "Muster GmbH");
    const clerk = await loginAs(t, "admin");
    const board = await productId(t, "DSP Board");
    const billingAddress = {
      address: "Postfach 10",
      city: "Hamburg",
      zipCode: "20095",
      country: "Germany",
    };
    const made = await createOk(t, clerk, {
      ...germanCompany(board, "de 136 695 976"),
      billingAddress,
    });
    const order = (await t.services.orders.get(made._id)) as Order;
    assertEquals(order.items[0].priceCents, 50_000, "the shelf price net of French VAT");
    assertEquals([order.tax?.category, order.tax?.rateBp], ["K", 0]);
    assertEquals(order.business, {
      companyName: "Muster GmbH",
      vatNumber: "DE136695976",
      purchaseOrder: "PO-77",
    });
    assertEquals(order.tax?.vies?.status, "valid");
    assertMatch(order.tax?.vies?.consultationNumber ?? "", /^WAPI/);
    const history = await t.services.audit.forRecord("order", order.id);
    assertEquals(history.map((e) => e.action), ["order.create"]);

    const paid = await put(t, clerk, `/api/orders/${made._id}/payment`, { paymentStatus: "paid" });
    await assertJsonResponse(paid, 200);
    const [invoice] = await t.services.invoices.ofOrder(order.id);
    assertEquals(invoice.totalCents, order.totalCents);
    assertEquals(invoice.vat.map((g) => [g.category, g.vatCents]), [["K", 0]]);
    assert(invoice.mention, "the exemption's mention is printed");
    assertEquals(invoice.mention, order.tax?.mention);
    assertEquals([invoice.buyer.company, invoice.buyer.vatNumber], ["Muster GmbH", "DE136695976"]);
    assertEquals(invoice.billingAddress, { ...billingAddress, state: "" });
    const cii = toCii(toEInvoice(invoice));
    assertMatch(cii, /<ram:ID schemeID="VA">DE136695976<\/ram:ID>/);
    assertMatch(cii, /Muster GmbH/);
    assertMatch(cii, /<ram:CategoryCode>K<\/ram:CategoryCode>/);
  }));

Deno.test("[api] manual order for a company: a VAT number VIES does not know or with wrong check digits is refused on business.vatNumber, nothing created", () =>
  withVies(async (t, vies) => {
    const clerk = await loginAs(t, "admin");
    const board = await productId(t, "DSP Board");
    const before = await stockOf(t, board);
    for (
      const [vatNumber, message] of [
        ["DE136695976", UNKNOWN_VAT_NUMBER_MESSAGE],
        ["DE136695978", "This VAT number's check digits are wrong: check for a typing mistake"],
      ]
    ) {
      const res = await create(t, clerk, germanCompany(board, vatNumber));
      const body = await assertJsonResponse(res, 422) as {
        message: string;
        errors: { field: string; message: string }[];
      };
      assertEquals(body.errors, [{ field: "business.vatNumber", message }], vatNumber);
    }
    assertEquals(vies.seen.length, 1, "wrong check digits never reach VIES");
    assertEquals(await stockOf(t, board), before);
    assertEquals((await t.services.orderDesk.list(orderQuerySchema.parse({}))).orders.length, 0);

    // The checkout's own schema: a company needs its name.
    const res = await create(t, clerk, {
      ...germanCompany(board, ""),
      business: { companyName: " " },
    });
    const refused = await assertJsonResponse(res, 400) as { errors: { field: string }[] };
    assertEquals(refused.errors.map((e) => e.field), ["business.companyName"]);
  }));

Deno.test("[api] manual order for a company while VIES does not answer: VAT charged, as at the checkout", () =>
  withVies(async (t, vies) => {
    vies.registered.set("DE136695976", "Muster GmbH");
    vies.control.down = true;
    const clerk = await loginAs(t, "admin");
    const board = await productId(t, "DSP Board");
    const made = await createOk(t, clerk, germanCompany(board, "DE136695976"));
    const order = (await t.services.orders.get(made._id)) as Order;
    assertEquals([order.tax?.category, order.tax?.notice], ["S", "vies_unavailable"]);
    assert((order.tax?.rateBp ?? 0) > 0, "VAT charged");
    assertEquals(order.items[0].priceCents, 60_000, "the shelf price, VAT included");
    assertEquals(order.business?.vatNumber, "DE136695976");
  }));

Deno.test("[api] manual orders racing for the last units never oversell", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const sensor = await productId(t, "Sensor Expansion");
    const stock = await stockOf(t, sensor);
    const results = await Promise.all(
      Array.from(
        { length: stock + 10 },
        () => create(t, clerk, manualOrder([{ id: sensor, quantity: 1 }])),
      ),
    );
    const statuses = results.map((r) => r.status);
    await Promise.all(results.map((r) => r.body?.cancel()));
    assertEquals(statuses.filter((s) => s === 201).length, stock);
    assertEquals(statuses.filter((s) => s === 409).length, 10);
    assertEquals(await stockOf(t, sensor), 0);
  }));

Deno.test("[api] cancelling gives the stock back once (also racing); un-cancelling takes it again", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const board = await productId(t, "DSP Board");
    const start = await stockOf(t, board);
    const order = await createOk(t, clerk, manualOrder([{ id: board, quantity: 3 }]));
    assertEquals(await stockOf(t, board), start - 3);

    const cancels = await Promise.all(
      [1, 2, 3].map(() =>
        put(t, clerk, `/api/orders/${order._id}/status`, { status: "cancelled" })
      ),
    );
    for (const r of cancels) {
      assertEquals((await assertJsonResponse(r, 200) as OrderJson).status, "cancelled");
    }
    assertEquals(await stockOf(t, board), start, "restocked exactly once");

    const back = await put(t, clerk, `/api/orders/${order._id}/status`, { status: "processing" });
    assertEquals((await assertJsonResponse(back, 200) as OrderJson).stockHeld, true);
    assertEquals(await stockOf(t, board), start - 3);

    // Cancel again, sell the stock elsewhere: un-cancelling is then refused.
    await put(t, clerk, `/api/orders/${order._id}/status`, { status: "cancelled" }).then((r) =>
      r.body?.cancel()
    );
    await t.services.products.adjustStock(board, -start);
    const refused = await put(t, clerk, `/api/orders/${order._id}/status`, { status: "pending" });
    const body = await assertJsonResponse(refused, 409) as { message: string };
    assertMatch(body.message, /^Not enough stock for /);
    const still = await t.services.orders.get(order._id);
    assertEquals(still!.status, "cancelled");

    const actions = (await t.services.audit.forRecord("order", order._id)).map((e) => e.action);
    assertEquals(actions.filter((a) => a === "order.status").length, 5, "three cancels, two moves");
  }));

Deno.test("[api] deleting an order that holds stock puts it back; a cancelled one does not twice", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const board = await productId(t, "DSP Board");
    const start = await stockOf(t, board);
    const a = await createOk(t, boss, manualOrder([{ id: board, quantity: 2 }]));
    const b = await createOk(t, boss, manualOrder([{ id: board, quantity: 1 }]));
    await put(t, boss, `/api/orders/${b._id}/status`, { status: "cancelled" }).then((r) =>
      r.body?.cancel()
    );
    for (const o of [a, b]) {
      const res = await t.api.request(`/api/orders/${o._id}`, {
        method: "DELETE",
        headers: boss.headers,
      });
      assertEquals(
        (await assertJsonResponse(res, 200) as { message: string }).message,
        "Order Deleted",
      );
    }
    assertEquals(await stockOf(t, board), start);
    const again = await t.api.request(`/api/orders/${a._id}`, {
      method: "DELETE",
      headers: boss.headers,
    });
    await assertJsonResponse(again, 404);
  }));

Deno.test("[api] payment status, date and notes; unknown ids 404; bad values 400", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const board = await productId(t, "DSP Board");
    const o = await createOk(t, clerk, manualOrder([{ id: board, quantity: 1 }]));
    const paid = await put(t, clerk, `/api/orders/${o._id}/payment`, { paymentStatus: "paid" });
    assertEquals((await assertJsonResponse(paid, 200) as OrderJson).paymentStatus, "paid");
    const dated = await put(t, clerk, `/api/orders/${o._id}/date`, {
      createdAt: "2026-01-15T10:00:00Z",
    });
    assertEquals(
      (await assertJsonResponse(dated, 200) as OrderJson).createdAt,
      "2026-01-15T10:00:00.000Z",
    );
    const note = await t.api.request(
      `/api/orders/${o._id}/notes`,
      jsonRequest("POST", { text: "Called the customer" }, clerk.headers),
    );
    const noted = await assertJsonResponse(note, 201) as {
      notes: { text: string; author: string }[];
    };
    assertEquals(noted.notes.map((n) => n.text), ["Called the customer"]);
    const detail = await assertJsonResponse(
      await t.api.request(`/api/orders/${o._id}`, { headers: clerk.headers }),
      200,
    ) as { order: OrderJson; history: { action: string }[] };
    assertEquals(detail.history.map((h) => h.action), [
      "order.create",
      "order.payment",
      "order.date",
      "order.note",
    ]);

    const unknown = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    for (
      const [method, path, body] of [
        ["GET", `/api/orders/${unknown}`, undefined],
        ["PUT", `/api/orders/${unknown}/status`, { status: "shipped" }],
        ["PUT", `/api/orders/${unknown}/payment`, { paymentStatus: "paid" }],
        ["PUT", `/api/orders/${unknown}/date`, { createdAt: "2026-01-01" }],
        ["DELETE", `/api/orders/${unknown}`, undefined],
      ] as const
    ) {
      const res = await t.api.request(path, {
        method,
        headers: { ...clerk.headers, "Content-Type": "application/json" },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      await assertJsonResponse(res, 404);
    }
    for (
      const [path, body] of [
        [`/api/orders/${o._id}/status`, { status: "lost" }],
        [`/api/orders/${o._id}/payment`, { paymentStatus: "refunded" }],
        [`/api/orders/${o._id}/date`, { createdAt: "yesterday-ish" }],
      ] as const
    ) {
      await assertJsonResponse(await put(t, clerk, path, body), 400);
    }
  }));

Deno.test("[api] shipped mails the customer once with the tracking; delivered only when asked", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const board = await productId(t, "DSP Board");
    const o = await createOk(t, clerk, manualOrder([{ id: board, quantity: 1 }]));
    // The status mails, after the order's confirmation (a staff order is confirmed as a shop one).
    const mails = async () =>
      (await t.services.outbox.list()).filter((m) =>
        m.to === "ada@example.com" && !m.subject.includes("is confirmed")
      );
    const shipped = await put(t, clerk, `/api/orders/${o._id}/status`, {
      status: "shipped",
      carrier: "La Poste",
      trackingNumber: "LP123456789FR",
    });
    await assertJsonResponse(shipped, 200);
    await put(t, clerk, `/api/orders/${o._id}/status`, { status: "shipped" }).then((r) =>
      r.body?.cancel()
    );
    let sent = await mails();
    assertEquals(sent.length, 1, "one mail for one shipment");
    assertMatch(sent[0].subject, /has shipped/);
    assertMatch(sent[0].text, /Carrier: La Poste/);
    assertMatch(sent[0].text, /Tracking number: LP123456789FR/);
    await put(t, clerk, `/api/orders/${o._id}/status`, { status: "delivered" }).then((r) =>
      r.body?.cancel()
    );
    assertEquals((await mails()).length, 1, "delivered sends nothing unless asked");
    await put(t, clerk, `/api/orders/${o._id}/status`, {
      status: "cancelled",
      notifyCustomer: true,
    })
      .then((r) => r.body?.cancel());
    sent = await mails();
    assertEquals(sent.length, 2);
    assertMatch(sent[1].subject, /has been cancelled/);
  }));

Deno.test("[api] order list: newest first, filters and search from the indexes, pages by cursor", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const cable = await productId(t, "Cable");
    const people = ["ada", "bob", "carl", "dora", "eve"];
    const made: OrderJson[] = [];
    for (const [i, name] of people.entries()) {
      made.push(
        await createOk(
          t,
          clerk,
          manualOrder([{ id: cable, quantity: 1 }], {
            customer: {
              firstName: name,
              lastName: "Tester",
              email: `${name}@example.com`,
              phone: "",
            },
            createdAt: `2026-0${i + 1}-10T12:00:00Z`,
          }),
        ),
      );
    }
    await put(t, clerk, `/api/orders/${made[1]._id}/status`, { status: "shipped" }).then((r) =>
      r.body?.cancel()
    );
    await put(t, clerk, `/api/orders/${made[3]._id}/status`, { status: "shipped" }).then((r) =>
      r.body?.cancel()
    );
    const list = async (query: string) => {
      const res = await t.api.request(`/api/orders?${query}`, { headers: clerk.headers });
      return await assertJsonResponse(res, 200) as {
        orders: OrderJson[];
        nextCursor: string | null;
      };
    };
    const emails = (p: { orders: OrderJson[] }) =>
      p.orders.map((o) => o.customer.email.split("@")[0]);
    assertEquals(emails(await list("")), ["eve", "dora", "carl", "bob", "ada"]);
    assertEquals(emails(await list("status=shipped")), ["dora", "bob"]);
    assertEquals(emails(await list("q=CARL")), ["carl"]);
    assertEquals(emails(await list("q=tester&limit=2")), ["eve", "dora"]);
    assertEquals(emails(await list(`q=${made[0].orderNumber.toLowerCase()}`)), ["ada"]);
    assertEquals(emails(await list("from=2026-02-01&to=2026-04-10")), ["dora", "carl", "bob"]);
    assertEquals(emails(await list("status=shipped&from=2026-03-01")), ["dora"]);

    const first = await list("limit=2");
    assertEquals(emails(first), ["eve", "dora"]);
    const second = await list(`limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    assertEquals(emails(second), ["carl", "bob"]);
    const third = await list(`limit=2&cursor=${encodeURIComponent(second.nextCursor!)}`);
    assertEquals(emails(third), ["ada"]);
    assertEquals(third.nextCursor, null);

    // The date move re-indexes the order.
    await put(t, clerk, `/api/orders/${made[0]._id}/date`, { createdAt: "2026-06-01T00:00:00Z" })
      .then((r) => r.body?.cancel());
    assertEquals(emails(await list("limit=1")), ["ada"]);

    for (const bad of ["from=2026-13", "from=2026-05-01&to=2026-04-01", "cursor=garbage"]) {
      const res = await t.api.request(`/api/orders?${bad}`, { headers: clerk.headers });
      await assertJsonResponse(res, 400);
    }
  }));

Deno.test("[api] CSV export: the filtered set, quoted, formulas neutralised", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const cable = await productId(t, "Cable");
    await createOk(
      t,
      clerk,
      manualOrder([{ id: cable, quantity: 1 }], {
        customer: {
          firstName: '=HYPERLINK("x")',
          lastName: "Doe, Jr",
          // A valid address can still start like a formula.
          email: "=cmd@evil.com",
          phone: "",
        },
      }),
    );
    const other = await createOk(t, clerk, manualOrder([{ id: cable, quantity: 2 }]));
    await put(t, clerk, `/api/orders/${other._id}/status`, { status: "cancelled" }).then((r) =>
      r.body?.cancel()
    );
    const res = await t.api.request("/api/orders/export.csv?status=pending", {
      headers: clerk.headers,
    });
    assertEquals(res.status, 200);
    assertMatch(res.headers.get("content-type")!, /^text\/csv/);
    const rows = (await res.text()).trim().split("\r\n");
    assertEquals(rows.length, 2, "header and the one pending order");
    assert(rows[0].startsWith("Order number,Date,Customer,Email,Country,Items,Subtotal"));
    assertMatch(rows[1], /,"'=HYPERLINK\(""x""\) Doe, Jr",'=cmd@evil\.com,Tunisia,1 x /);
    assertMatch(rows[1], /,20\.42,18\.33,38\.75,EUR,pending,pending$/, "an export: net");
  }));

Deno.test("[api] manual orders: an unknown shipping country is a 422 naming the field, never a VAT-free export; the address's country must be the order's; the invoice names the buyer's country", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "superadmin");
    const board = await productId(t, "Vectra");
    const stock = await stockOf(t, board);
    const french = { address: "1 rue de la Paix", city: "Paris", state: "", zipCode: "75002" };
    for (const country of ["Frnace", "ZZ", "EL", "XI", "Narnia"]) {
      const res = await create(
        t,
        clerk,
        manualOrder([{ id: board, quantity: 1 }], {
          shippingAddress: { ...french, country: "France" },
          shippingCountry: country,
        }),
      );
      const body = await assertJsonResponse(res, 422) as { errors: { field: string }[] };
      assert(body.errors.some((e) => e.field === "shippingCountry"), `${country}: ${body}`);
    }
    const mismatch = await create(
      t,
      clerk,
      manualOrder([{ id: board, quantity: 1 }], {
        shippingAddress: { ...french, country: "France" },
        shippingCountry: "Switzerland",
      }),
    );
    const body = await assertJsonResponse(mismatch, 422) as { errors: { field: string }[] };
    assertEquals(body.errors.map((e) => e.field), ["shippingAddress.country"]);
    const billing = await create(
      t,
      clerk,
      manualOrder([{ id: board, quantity: 1 }], {
        shippingAddress: french,
        shippingCountry: "France",
        billingAddress: { ...french, country: "Narnia" },
      }),
    );
    const billed = await assertJsonResponse(billing, 422) as { errors: { field: string }[] };
    assertEquals(billed.errors.map((e) => e.field), ["billingAddress.country"]);
    assertEquals(await stockOf(t, board), stock, "nothing created");

    // "FR" is France: taxed in France, the invoice naming France.
    const ok = await createOk(
      t,
      clerk,
      manualOrder([{ id: board, quantity: 1 }], { shippingAddress: french, shippingCountry: "FR" }),
    );
    await t.services.orders.update(ok._id, (o) => ({ ...o, paymentStatus: "paid" }));
    const [invoice] = await t.services.invoices.ofOrder(ok._id);
    assertEquals([invoice.tax.scheme, invoice.tax.rateBp], ["domestic", 2000]);
    assertEquals(invoice.address.country, "France");
  }));
