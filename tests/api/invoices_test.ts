import { unzipSync } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import { FIND_ORDERS_MESSAGE } from "../../src/api/order-tracking.ts";
import { formatMoney } from "../../src/i18n/format.ts";
import type { Order } from "../../src/domain/order.ts";
import { assert, assertEquals, assertJsonResponse, assertMatch } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";

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
    assert(rows[1].includes(",20%,"), rows[1]);

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

Deno.test("[api] an invoiced order cannot be deleted (409, nothing changed); a cancellation issues its credit note", () =>
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
