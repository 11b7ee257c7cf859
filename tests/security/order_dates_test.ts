/**
 * Issue 18, item 9: an order dated before 1970 vanished from the list, the search and the CSV
 * while the dashboard counted it. Dates staff send are bounded (2000-01-01 to one day ahead,
 * shop time zone) with a 400 that says so; every order the figures count is in the list.
 */
import { assert, assertEquals, assertJsonResponse, assertMatch } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { sketchOrder } from "../_lib/orders.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";

interface ErrorBody {
  error: string;
  message: string;
  errors?: { field: string; message: string }[];
}

const DAY = 24 * 60 * 60 * 1000;

function manualOrder(productId: string, createdAt?: string) {
  return {
    customer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "" },
    shippingAddress: { address: "1 Rue X", city: "Tunis", state: "", zipCode: "1000" },
    items: [{ id: productId, quantity: 1 }],
    shippingCountry: "Tunisia",
    ...(createdAt ? { createdAt } : {}),
  };
}

async function boardId(t: TestContext) {
  return (await t.services.products.list()).find((p) => p.name.includes("DSP Board"))!.id;
}

const get = (t: TestContext, who: SignedIn, path: string) =>
  t.api.request(path, { headers: who.headers });

const OUT_OF_RANGE = [
  "1969-07-20T20:17:00Z",
  "1900-01-01T00:00:00Z",
  "0001-01-01T00:00:00Z",
  "-271821-04-20T00:00:00Z",
  "+275760-09-13T00:00:00Z",
  "2099-01-01T00:00:00Z",
];

Deno.test("[security] order dates out of range are 400 with the range; nothing changes", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const board = await boardId(t);
    const stock = (await t.services.products.get(board))!.stock;
    const inThreeDays = new Date(Date.now() + 3 * DAY).toISOString();
    for (const createdAt of [...OUT_OF_RANGE, inThreeDays]) {
      const res = await t.api.request(
        "/api/orders/admin",
        jsonRequest("POST", manualOrder(board, createdAt), clerk.headers),
      );
      const body = await assertJsonResponse(res, 400) as ErrorBody;
      assertMatch(
        body.message,
        /^The order date must be between 2000-01-01 and \d{4}-\d{2}-\d{2}$/,
      );
      assertEquals(body.errors?.[0].field, "createdAt");
    }
    assertEquals((await t.services.orders.list()).length, 0, "no order stored");
    assertEquals((await t.services.products.get(board))!.stock, stock, "no stock taken");

    const made = await assertJsonResponse(
      await t.api.request(
        "/api/orders/admin",
        jsonRequest("POST", manualOrder(board, "2024-05-01T10:00:00Z"), clerk.headers),
      ),
      201,
    ) as { _id: string };
    for (const createdAt of [...OUT_OF_RANGE, inThreeDays]) {
      const res = await t.api.request(
        `/api/orders/${made._id}/date`,
        jsonRequest("PUT", { createdAt }, clerk.headers),
      );
      const body = await assertJsonResponse(res, 400) as ErrorBody;
      assertMatch(body.message, /^The order date must be between 2000-01-01 and /);
    }
    assertEquals((await t.services.orders.get(made._id))!.createdAt, "2024-05-01T10:00:00.000Z");
    // Within the range: today, and a few hours ahead (a clock or zone apart) are fine.
    for (
      const createdAt of ["2000-01-01T12:00:00Z", new Date(Date.now() + 3600_000).toISOString()]
    ) {
      const res = await t.api.request(
        `/api/orders/${made._id}/date`,
        jsonRequest("PUT", { createdAt }, clerk.headers),
      );
      await assertJsonResponse(res, 200);
    }
  }));

Deno.test("[security] date filters must be real days within the shop's years", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    for (
      const q of [
        "from=1969-01-01",
        "to=1800-01-01",
        "from=2026-02-30",
        "to=9999-12-31",
        "from=2026-1-1",
      ]
    ) {
      const list = await get(t, clerk, `/api/orders?${q}`);
      await assertJsonResponse(list, 400);
      const csv = await get(t, clerk, `/api/orders/export.csv?${q}`);
      await assertJsonResponse(csv, 400);
    }
    const ok = await get(t, clerk, "/api/orders?from=2000-01-01&to=2030-12-31");
    await assertJsonResponse(ok, 200);
  }));

Deno.test("[security] an order dated before 1970 is listed, found and exported like the figures count it", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    // Orders stored before dates were bounded: one before the epoch, one recent.
    const lines = [{ id: "p1", priceCents: 1000, quantity: 1 }];
    const old = await t.services.orders.create(
      sketchOrder({
        at: "1969-07-20T20:17:00.000Z",
        email: "moon@example.com",
        country: "France",
        lines,
        feeCents: 0,
      }),
    );
    await t.services.orders.create(
      sketchOrder({
        at: "2026-01-10T10:00:00.000Z",
        email: "now@example.com",
        country: "France",
        lines,
        feeCents: 0,
      }),
    );
    const stats = await assertJsonResponse(await get(t, boss, "/api/dashboard/stats"), 200) as {
      data: { total: { orders: number } };
    };
    const counted = stats.data.total.orders;

    const list = await assertJsonResponse(await get(t, boss, "/api/orders?limit=100"), 200) as {
      orders: { _id: string }[];
    };
    assertEquals(list.orders.length, counted, "the list holds every order the dashboard counts");
    assertEquals(list.orders.at(-1)?._id, old.id, "oldest last");
    for (
      const status of ["status=pending", "paymentStatus=paid", "q=moon", `q=${old.orderNumber}`]
    ) {
      const found = await assertJsonResponse(await get(t, boss, `/api/orders?${status}`), 200) as {
        orders: { _id: string }[];
      };
      assert(found.orders.some((o) => o._id === old.id), `${status} finds the 1969 order`);
    }
    const csv = await get(t, boss, "/api/orders/export.csv");
    assertEquals(csv.status, 200);
    const text = await csv.text();
    assert(text.includes(old.orderNumber), "the CSV holds the 1969 order");
    assertEquals(text.trim().split("\n").length, counted + 1, "header + every counted order");
  }));
