import { unzipSync } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import { FIND_ORDERS_MESSAGE } from "../../src/api/order-tracking.ts";
import { formatMoney } from "../../src/i18n/format.ts";
import type { Order } from "../../src/domain/order.ts";
import { assert, assertEquals, assertJsonResponse, assertMatch } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";
import { atInstant } from "../_lib/clock.ts";
import { sketchOrder } from "../_lib/orders.ts";
import { renderToString } from "preact-render-to-string";
import OrderStatusContent from "../../src/components/orders/OrderStatusContent.tsx";
import { newOrderNotice } from "../../src/domain/order-mails.ts";
import { mailWords } from "../../src/i18n/mail-words.ts";

/** A manual order through the API, as staff make them, then marked paid (its invoice). */
async function manualOrder(
  t: TestContext,
  who: SignedIn,
  extra: Record<string, unknown> = {},
): Promise<{ _id: string; orderNumber: string; total: number }> {
  const product = (await t.services.products.list()).find((p) => p.stock > 5)!;
  const res = await t.api.request(
    "/api/orders/admin",
    jsonRequest("POST", {
      customer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "" },
      shippingAddress: { address: "1 Rue X", city: "Lyon", state: "", zipCode: "69001" },
      items: [{ id: product.id, quantity: 2 }],
      shippingCountry: "France",
      paymentMethod: "delivery",
      ...extra,
    }, who.headers),
  );
  const order = (await assertJsonResponse(res, 201) as {
    order: { _id: string; orderNumber: string; total: number };
  }).order;
  const paid = await t.api.request(
    `/api/orders/${order._id}/payment`,
    jsonRequest("PUT", { paymentStatus: "paid" }, who.headers),
  );
  await assertJsonResponse(paid, 200);
  return order;
}

/** Any run of spaces as one plain space: French amounts print narrow no-break spaces. */
const flat = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, " ");

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  });
  return flat(text);
}

Deno.test("[api] invoices: a paid manual order's invoice PDF says what the order says; the period's list, CSV and ZIP", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const made = await manualOrder(t, clerk);
    const order = (await t.services.orders.get(made._id)) as Order;
    const [doc] = await t.services.invoices.ofOrder(order.id);
    assertMatch(doc.number, /^F\d{4}-000001$/);

    const list = await assertJsonResponse(
      await t.api.request("/api/invoices", { headers: clerk.headers }),
      200,
    ) as { documents: { number: string; total: number }[]; totals: { gross: number }[] };
    assertEquals(list.documents.map((d) => d.number), [doc.number]);
    assertEquals(list.totals[0].gross, order.totalCents / 100);

    const pdf = await t.api.request(`/api/invoices/${doc.number}/pdf`, { headers: clerk.headers });
    assertEquals(pdf.status, 200);
    assertEquals(pdf.headers.get("content-type"), "application/pdf");
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (
      const expected of [
        doc.number,
        order.orderNumber,
        "Ada Lovelace",
        order.items[0].title,
        formatMoney(order.totalCents, "fr"),
        formatMoney(doc.vat[0].vatCents, "fr"),
        formatMoney(doc.vat[0].netCents, "fr"),
        "TVA / VAT 20 %",
        "[SET SELLER_SIREN]",
      ]
    ) assert(text.includes(flat(expected)), `the PDF says ${expected}:\n${text}`);
    assertEquals(doc.vat[0].netCents + doc.vat[0].vatCents, order.totalCents);

    const csv = await t.api.request("/api/invoices/export.csv", { headers: clerk.headers });
    assertEquals(csv.headers.get("content-type"), "text/csv; charset=utf-8");
    const rows = (await csv.text()).trim().split("\r\n");
    assertEquals(rows.length, 2);
    assert(rows[0].startsWith("Number,Type,Date,Order"), rows[0]);
    assert(rows[1].startsWith(`${doc.number},Invoice,`), rows[1]);
    assert(rows[1].includes(",EUR,") && rows[1].includes(",20,"), rows[1]);

    const zip = await t.api.request("/api/invoices/export.zip", { headers: clerk.headers });
    assertEquals(zip.headers.get("content-type"), "application/zip");
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    assertEquals(Object.keys(files), [`${doc.number}.pdf`, `${doc.number}-ubl.xml`]);
    assertMatch(new TextDecoder().decode(files[`${doc.number}-ubl.xml`]), /<cbc:ID>F\d{4}-000001</);
    assertEquals(new TextDecoder().decode(files[`${doc.number}.pdf`].slice(0, 5)), "%PDF-");

    const bad = await t.api.request("/api/invoices?from=2026-13-01", { headers: clerk.headers });
    await assertJsonResponse(bad, 400);
    const anon = await t.api.request(`/api/invoices/${doc.number}/pdf`);
    await assertJsonResponse(anon, 401);
    const unknown = await t.api.request("/api/invoices/F1999-000001/pdf", {
      headers: clerk.headers,
    });
    await assertJsonResponse(unknown, 404);
  }));

Deno.test("[api] an invoiced order cannot be deleted (409, nothing changed); a cancellation alone returns no money and issues no credit note, a payment staff mark as not received does", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const made = await manualOrder(t, clerk);
    const del = await t.api.request(`/api/orders/${made._id}`, {
      method: "DELETE",
      headers: clerk.headers,
    });
    const refused = await assertJsonResponse(del, 409) as { message: string };
    assertMatch(refused.message, /has an invoice and cannot be deleted/);
    assert(await t.services.orders.get(made._id), "still there");

    const cancel = await t.api.request(
      `/api/orders/${made._id}/status`,
      jsonRequest("PUT", { status: "cancelled" }, clerk.headers),
    );
    await assertJsonResponse(cancel, 200);
    assertEquals((await t.services.invoices.ofOrder(made._id)).map((d) => d.kind), ["invoice"]);
    const unpaid = await t.api.request(
      `/api/orders/${made._id}/payment`,
      jsonRequest("PUT", { paymentStatus: "failed" }, clerk.headers),
    );
    await assertJsonResponse(unpaid, 200);
    const docs = await t.services.invoices.ofOrder(made._id);
    assertEquals(docs.map((d) => d.kind), ["invoice", "credit_note"]);
    assertEquals(docs[1].refersTo, docs[0].number);
    assertEquals(docs[1].totalCents, docs[0].totalCents);
    const text = await pdfText(
      new Uint8Array(
        await (await t.api.request(`/api/invoices/${docs[1].number}/pdf`, {
          headers: clerk.headers,
        })).arrayBuffer(),
      ),
    );
    assert(text.includes("Avoir / Credit note") && text.includes(docs[0].number), text);
    assert(text.includes(flat(formatMoney(docs[0].totalCents, "fr"))), text);
    // It lists what it credits: the invoice's lines; and no late-payment terms.
    assertEquals(docs[1].lines, docs[0].lines);
    assert(text.includes(docs[0].lines[0].title), text);
    assert(!/retard|late payment/i.test(text), text);
  }));

Deno.test("[api] the buyer's documents behind the order link: good token 200; altered, other order's, missing: the same 404", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const a = await manualOrder(t, clerk);
    const b = await manualOrder(t, clerk);
    const [doc] = await t.services.invoices.ofOrder(a._id);
    const token = await t.services.orderLinks.token(a.orderNumber);
    const path = (n: string, tk: string) =>
      `/api/public/orders/${n}/documents/${doc.number}?t=${encodeURIComponent(tk)}`;
    const ok = await t.api.request(path(a.orderNumber, token));
    assertEquals([ok.status, ok.headers.get("content-type")], [200, "application/pdf"]);
    assertEquals(ok.headers.get("cache-control"), "private, no-store");
    await ok.body?.cancel();

    const altered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const otherToken = await t.services.orderLinks.token(b.orderNumber);
    const answers = await Promise.all([
      t.api.request(path(a.orderNumber, altered)),
      t.api.request(path(a.orderNumber, otherToken)),
      t.api.request(path(b.orderNumber, otherToken)), // b's link, a's document
      t.api.request(path("ORD-999999", token)),
      t.api.request(`/api/public/orders/${a.orderNumber}/documents/${doc.number}`),
    ]);
    const bodies = await Promise.all(answers.map((r) => assertJsonResponse(r, 404)));
    assert(bodies.every((x) => JSON.stringify(x) === JSON.stringify(bodies[0])), "one answer");
  }));

Deno.test("[api] Find my orders: the same answer for a buyer and a stranger; the buyer's mail holds working links; rate limited", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const made = await manualOrder(t, clerk);
    const ask = (email: string, client: string) =>
      t.api.request("/api/public/orders/find", jsonRequest("POST", { email }), {
        clientAddress: client,
      });
    const buyer = await assertJsonResponse(await ask("ADA@example.com", "198.51.100.1"), 202);
    const stranger = await assertJsonResponse(await ask("nobody@example.com", "198.51.100.2"), 202);
    assertEquals(buyer, stranger);
    assertEquals((buyer as { message: string }).message, FIND_ORDERS_MESSAGE);
    await t.services.orderTracking.settle();

    const mails = (await t.services.outbox.list()).filter((m) =>
      m.subject.startsWith("Your orders")
    );
    assertEquals(mails.map((m) => m.to), ["ada@example.com"]);
    const link = new RegExp(`/orders/${made.orderNumber}\\?t=([A-Za-z0-9_-]+)`).exec(mails[0].text);
    assert(link, mails[0].text);
    assert(await t.services.orderTracking.find(made.orderNumber, link[1]), "the link opens it");

    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await ask(`x${i}@example.com`, "198.51.100.3");
      statuses.push(r.status);
      await r.body?.cancel();
    }
    assertEquals(statuses, [202, 202, 202, 202, 202, 429, 429]);
    await assertJsonResponse(await ask("a@b.c\r\nBcc: spy@example.com", "198.51.100.4"), 400);
  }));

Deno.test("[api] a status mail links the buyer's order page", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const made = await manualOrder(t, clerk);
    const res = await t.api.request(
      `/api/orders/${made._id}/status`,
      jsonRequest(
        "PUT",
        { status: "shipped", carrier: "DHL", trackingNumber: "JD0001" },
        clerk.headers,
      ),
    );
    await assertJsonResponse(res, 200);
    const mail = (await t.services.outbox.list()).find((m) => m.subject.includes("has shipped"))!;
    const link = new RegExp(`/orders/${made.orderNumber}\\?t=([A-Za-z0-9_-]+)`).exec(mail.text);
    assert(link, mail.text);
    assert(await t.services.orderLinks.verify(made.orderNumber, link[1]));
  }));

Deno.test("[api] an order's detail answers its documents: the order page shows an invoice issued by a payment without reloading", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const made = await manualOrder(t, clerk);
    const detail = await assertJsonResponse(
      await t.api.request(`/api/orders/${made._id}`, { headers: clerk.headers }),
      200,
    ) as { order: { _id: string }; documents: { kind: string; number: string }[] };
    assertEquals(detail.order._id, made._id);
    const [doc] = await t.services.invoices.ofOrder(made._id);
    assertEquals(detail.documents.map((d) => [d.kind, d.number]), [["invoice", doc.number]]);
  }));

Deno.test("[api] an order link's token is taken only as the server spelt it (its unused last bits changed: 404)", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const made = await manualOrder(t, clerk);
    const token = await t.services.orderLinks.token(made.orderNumber);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // 32 bytes in 43 characters: the last one's two low bits are not part of the MAC.
    const last = alphabet.indexOf(token.at(-1)!);
    const sameBytes = token.slice(0, -1) + alphabet[last ^ 1];
    assert(await t.services.orderLinks.verify(made.orderNumber, token));
    assertEquals(await t.services.orderLinks.verify(made.orderNumber, sameBytes), false);
  }));

Deno.test("[api] an invoice issued at 00:30 in Paris on 1 January is F2027-000001 dated 2027-01-01: in the store, the PDF, the list, the CSV, the buyer's page and mails", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const order = await t.services.orders.create(
      sketchOrder({
        at: "2026-12-31T23:15:00.000Z", // 00:15 in Paris
        email: "ny@example.com",
        country: "France",
        lines: [{ id: "p1", priceCents: 10_000, quantity: 1 }],
        feeCents: 0,
        paymentStatus: "pending",
      }),
    );
    // 2026-12-31T23:30Z is 00:30 on 1 January 2027 in Paris.
    await atInstant(
      Date.parse("2026-12-31T23:30:00.000Z"),
      () => t.services.orders.update(order.id, (o) => ({ ...o, paymentStatus: "paid" })),
    );
    const [doc] = await t.services.invoices.ofOrder(order.id);
    assertEquals([doc.number, doc.issueDate], ["F2027-000001", "2027-01-01"]);

    const list = await assertJsonResponse(
      await t.api.request("/api/invoices?from=2027-01-01&to=2027-01-01", {
        headers: clerk.headers,
      }),
      200,
    ) as { documents: { number: string; issueDate: string }[] };
    assertEquals(list.documents.map((d) => [d.number, d.issueDate]), [
      ["F2027-000001", "2027-01-01"],
    ]);
    const csv = await (await t.api.request("/api/invoices/export.csv?from=2027-01-01", {
      headers: clerk.headers,
    })).text();
    assertMatch(csv, /\r\nF2027-000001,Invoice,2027-01-01,/);
    const pdf = await t.api.request(`/api/invoices/${doc.number}/pdf`, { headers: clerk.headers });
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    assert(text.includes("01/01/2027") && !text.includes("31/12/2026"), text);

    // The buyer's page: placed on 1 January (shop's day), invoice dated 1 January.
    const html = renderToString(OrderStatusContent({
      lang: "en",
      order: (await t.services.orders.get(order.id))!,
      documents: [doc],
      token: "t",
      timeZone: "Europe/Paris",
    }));
    assertMatch(html, /Placed on 1 January 2027/);
    assertMatch(html, /F2027-000001 \(PDF\)<\/a><span[^>]*>, 1 January 2027/);
    assert(!html.includes("December"), html);

    // "Find my orders" lists it with the shop's day.
    await t.services.orderTracking.requestLinks("ny@example.com");
    await t.services.orderTracking.settle();
    const mail = (await t.services.outbox.list()).find((m) => m.subject.startsWith("Your orders"));
    assertMatch(mail!.text, new RegExp(`${order.orderNumber} \\(2027-01-01\\)`));
  }));

Deno.test("[unit] the staff's new-order notice gives the shop's time, not an ISO UTC string", () => {
  const order = {
    ...sketchOrder({
      at: "2026-12-31T23:30:00.000Z",
      email: "ny@example.com",
      country: "France",
      lines: [{ id: "p1", priceCents: 10_000, quantity: 1 }],
      feeCents: 0,
    }),
    schemaVersion: 1 as const,
    id: "01J",
    orderNumber: "ORD-000001",
    updatedAt: "2026-12-31T23:30:00.000Z",
  };
  const notice = newOrderNotice(order, "shop@example.com", mailWords("en"), "Europe/Paris");
  assertMatch(notice.text, /^Order ORD-000001 \(01J\), 1 Jan 2027, 00:30 \(Europe\/Paris\)/);
  assert(!notice.text.includes("2026-12-31T23:30"), notice.text);
});

Deno.test("[api] invoice and order CSV: amounts are numbers (a credit note's negative, never text), only free text is guarded; BOM, the shop's day, a currency column; the Excel (FR) variant", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const stored = await t.services.orders.create({
      ...sketchOrder({
        at: "2027-03-31T22:30:00.000Z", // 00:30 on 1 April in Paris
        email: "-bob@example.com",
        country: "Germany",
        lines: [{ id: "p1", title: "Board; rev. B", priceCents: 123_456, quantity: 1 }],
        feeCents: 990,
        paymentStatus: "pending",
      }),
      customer: {
        firstName: "=HYPERLINK(1)",
        lastName: "-Bob",
        email: "-bob@example.com",
        phone: "",
      },
    });
    await t.services.orders.update(stored.id, (o) => ({ ...o, paymentStatus: "paid" }));
    await t.services.orders.update(stored.id, (o) => ({
      ...o,
      paymentStatus: "refunded",
      refund: { at: new Date().toISOString(), amountCents: 5_742, id: "re_1" },
    }));
    const [invoice, credit] = await t.services.invoices.ofOrder(stored.id);
    const csvOf = async (path: string) => {
      const res = await t.api.request(path, { headers: clerk.headers });
      assertEquals(res.status, 200);
      return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    };
    const today = new Date().toISOString().slice(0, 7);
    const period = `from=${today}-01&to=${new Date().toISOString().slice(0, 10)}`;

    const standard = await csvOf(`/api/invoices/export.csv?${period}`);
    assert(standard.startsWith("\uFEFFNumber,"), "a byte order mark first");
    const rows = standard.slice(1).trim().split("\r\n").map((r) => r.split(","));
    const header = rows[0];
    const col = (name: string) => header.indexOf(name);
    assertEquals(
      ["Currency", "Net", "VAT rate (%)", "VAT", "Gross"].map(col).every((i) => i > 0),
      true,
    );
    const gross = col("Gross");
    assertEquals(rows.slice(1).map((r) => [r[0], r[col("Currency")], r[gross]]), [
      [invoice.number, "EUR", "1244.46"],
      [credit.number, "EUR", "-57.42"],
    ]);
    // A spreadsheet's SUM of the column nets the credit note out.
    const sum = rows.slice(1).reduce((n, r) => n + Math.round(Number(r[gross]) * 100), 0);
    assertEquals(sum, 124_446 - 5_742);
    assertMatch(rows[1][2], /^\d{4}-\d{2}-\d{2}$/);
    assertEquals(rows[1][5], "'=HYPERLINK(1) -Bob", "free text is guarded");
    assertEquals(rows[1][6], "'-bob@example.com");

    const fr = await csvOf(`/api/invoices/export.csv?${period}&format=excel-fr`);
    assert(fr.startsWith("\uFEFFNumber;Type;Date;"), fr.slice(0, 40));
    const frRows = fr.slice(1).trim().split("\r\n").map((r) => r.split(";"));
    assertEquals(frRows.slice(1).map((r) => r[gross]), ["1244,46", "-57,42"]);
    assertEquals(frRows[1][col("VAT rate (%)")], "20");

    // The orders CSV shares the code: the shop's day (1 April), numbers, the FR variant.
    const orders = await csvOf("/api/orders/export.csv");
    assert(orders.startsWith("\uFEFFOrder number,Date,"), orders.slice(0, 40));
    assertMatch(orders, new RegExp(`\\r\\n${stored.orderNumber},2027-04-01,`));
    assertMatch(orders, /,1 x Board; rev\. B,1234\.56,9\.90,1244\.46,EUR,/);
    const ordersFr = await csvOf("/api/orders/export.csv?format=excel-fr");
    assertMatch(ordersFr, /;"1 x Board; rev\. B";1234,56;9,90;1244,46;EUR;/);
    const bad = await t.api.request("/api/invoices/export.csv?format=xlsx", {
      headers: clerk.headers,
    });
    await assertJsonResponse(bad, 400);
  }));

Deno.test("[api] the buyer's documents are rate limited per client, counted before the link is checked: 30 in 10 minutes, then 429 with Retry-After; another client is served", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const made = await manualOrder(t, clerk);
    const [doc] = await t.services.invoices.ofOrder(made._id);
    const token = await t.services.orderLinks.token(made.orderNumber);
    const get = (tk: string, client: string) =>
      t.api.request(
        `/api/public/orders/${made.orderNumber}/documents/${doc.number}?t=${
          encodeURIComponent(tk)
        }`,
        {},
        { clientAddress: client },
      );
    for (let i = 0; i < 30; i++) {
      await assertJsonResponse(await get(`wrong${i}`, "198.51.100.7"), 404);
    }
    const limited = await get(token, "198.51.100.7");
    assertEquals(limited.status, 429);
    assert(Number(limited.headers.get("retry-after")) > 0);
    await limited.body?.cancel();
    const other = await get(token, "198.51.100.8");
    assertEquals([other.status, other.headers.get("content-type")], [200, "application/pdf"]);
    await other.body?.cancel();
  }));
