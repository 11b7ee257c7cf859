import { assert, assertEquals } from "../_lib/assert.ts";
import { orderOnAccount, transferConfig } from "../_lib/account-orders.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { camt053 } from "../_lib/camt053.ts";
import { jsonRequest, testConfig, type TestContext, withServices } from "../_lib/services.ts";
import { formatRfReference } from "../../src/domain/rf-reference.ts";

const config = transferConfig(testConfig());

function upload(t: TestContext, who: SignedIn, xml: string | Uint8Array) {
  const form = new FormData();
  const bytes = typeof xml === "string" ? new TextEncoder().encode(xml) : xml;
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "statement.xml"));
  return t.api.request("/api/bank-statements", {
    method: "POST",
    headers: who.headers,
    body: form,
  });
}

/** What an import may change: payments, kept entries, mails. */
async function ledger(t: TestContext) {
  const payments: string[] = [];
  for await (const e of t.kv.list({ prefix: ["account_payment"] })) payments.push(String(e.key[1]));
  const entries: string[] = [];
  for await (const e of t.kv.list({ prefix: ["bank_entry"] })) entries.push(String(e.key[1]));
  return { payments, entries, mails: (await t.services.outbox.list()).length };
}

Deno.test("[api] bank statements: each credit matched by its RF reference (structured or in the text) or by amount and payer; paid, partially paid, overpaid, unmatched; imported twice records nothing twice", () =>
  withServices(async (t) => {
    const staff = await loginAs(t, "admin");
    const [a, b, c] = [
      await orderOnAccount(t, { shipped: true }),
      await orderOnAccount(t, { shipped: true }),
      await orderOnAccount(t, { shipped: true }),
    ];
    const d = await orderOnAccount(t, { shipped: true, quantity: 3 });
    for (const version of ["08", "02"] as const) {
      const ref = (s: string) => `${version}-${s}`;
      const stmt = camt053([
        { ref: ref("A"), cents: a.totalCents, rf: a.account!.reference, payer: "Labo Curie" },
        {
          ref: ref("B"),
          cents: 10000,
          text: `Facture ${formatRfReference(b.account!.reference)} merci`,
        },
        { ref: ref("C"), cents: c.totalCents + 1234, rf: c.account!.reference },
        { ref: ref("D"), cents: d.totalCents, payer: "LABORATOIRE CURIE SA" },
        { ref: ref("X"), cents: 4242, payer: "Someone Else", text: "invoice 12" },
        { ref: ref("DEBIT"), cents: 999, debit: true },
      ], { version, id: `S-${version}` });
      const res = await upload(t, staff, stmt);
      const report = await res.json();
      assertEquals(res.status, 200, JSON.stringify(report));
      if (version === "08") {
        assertEquals(report.version, "camt.053.001.08");
        assertEquals(report.skipped, 1);
        assertEquals(report.counts, { paid: 2, partial: 1, over: 1, unmatched: 1, duplicate: 0 });
        const by = Object.fromEntries(
          report.results.map((r: { id: string }) => [r.id.split("-").pop(), r]),
        );
        assertEquals([by.A.outcome, by.A.orderNumber, by.A.via], [
          "paid",
          a.orderNumber,
          "reference",
        ]);
        assertEquals([by.B.outcome, by.B.remainingCents], ["partial", b.totalCents - 10000]);
        assertEquals([by.C.outcome, by.C.overCents], ["over", 1234]);
        assertEquals([by.D.outcome, by.D.via], ["paid", "amount_payer"]);
        assertEquals(by.X.outcome, "unmatched");
        const paid = await t.services.orders.get(a.id);
        assertEquals(paid!.paymentStatus, "paid");
        assertEquals(paid!.account!.payments[0].valueDate, "2026-11-26");
        assertEquals((await t.services.orders.get(b.id))!.paymentStatus, "pending");
        assertEquals((await t.services.invoices.ofOrder(a.id)).length, 1, "no second invoice");
      } else {
        // The same payments again under new bank references, in .02: A and C are paid already
        // (over), B's second part leaves less due, D owes nothing so its amount finds no order.
        assertEquals(report.version, "camt.053.001.02");
        assertEquals(report.counts, { paid: 0, partial: 1, over: 2, unmatched: 2, duplicate: 0 });
      }
      // The same file again: nothing recorded twice, no mail, no audit.
      const before = await ledger(t);
      const again = await (await upload(t, staff, stmt)).json();
      assertEquals(again.counts, { paid: 0, partial: 0, over: 0, unmatched: 0, duplicate: 5 });
      assertEquals(await ledger(t), before);
    }
    const payments = (await t.services.orders.get(a.id))!.account!.payments;
    assertEquals(payments.map((p) => p.id), ["camt:08-A", "camt:02-A"]);
  }, { config }));

Deno.test("[api] bank statements: staff assign an unmatched credit to an order or set it aside, audited; the wrong order number is a 404", () =>
  withServices(async (t) => {
    const staff = await loginAs(t, "admin");
    const order = await orderOnAccount(t, { shipped: true });
    const stmt = camt053([
      { ref: "U1", cents: order.totalCents, payer: "Service comptable", text: "paiement" },
      { ref: "U2", cents: 500, payer: "Unknown" },
    ]);
    await (await upload(t, staff, stmt)).body?.cancel();
    const list = await (await t.api.request("/api/bank-statements/entries", {
      headers: staff.headers,
    })).json();
    assertEquals(list.entries.map((e: { id: string }) => e.id).sort(), ["camt:U1", "camt:U2"]);
    const wrong = await t.api.request(
      "/api/bank-statements/entries/camt:U1/assign",
      jsonRequest("POST", { orderNumber: "ORD-999999" }, staff.headers),
    );
    assertEquals(wrong.status, 404);
    await wrong.body?.cancel();
    const ok = await t.api.request(
      "/api/bank-statements/entries/camt:U1/assign",
      jsonRequest("POST", { orderNumber: order.orderNumber.toLowerCase() }, staff.headers),
    );
    const assigned = await ok.json();
    assertEquals(ok.status, 200, JSON.stringify(assigned));
    assertEquals([assigned.outcome, assigned.entry.status], ["paid", "assigned"]);
    assertEquals((await t.services.orders.get(order.id))!.paymentStatus, "paid");
    const twice = await t.api.request(
      "/api/bank-statements/entries/camt:U1/assign",
      jsonRequest("POST", { orderNumber: order.orderNumber }, staff.headers),
    );
    assertEquals(twice.status, 409);
    await twice.body?.cancel();
    const aside = await t.api.request(
      "/api/bank-statements/entries/camt:U2/set-aside",
      jsonRequest("POST", { note: "refund of a supplier" }, staff.headers),
    );
    assertEquals((await aside.json()).entry.status, "set_aside");
    const history = await t.services.audit.forRecord("bank_entry", "camt:U2");
    assertEquals(history.map((h) => h.action), ["bank.unmatched", "bank.set_aside"]);
  }, { config }));

const HOSTILE: Record<string, string> = {
  xxe: `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>&xxe;</Id></Stmt></BkToCstmrStmt></Document>`,
  billionLaughs:
    `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>&lol4;</Id></Stmt></BkToCstmrStmt></Document>`,
  undeclaredEntity:
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>&lol;</Id></Stmt></BkToCstmrStmt></Document>`,
  wrongNamespace: camt053([{ ref: "N1", cents: 100 }]).replace(
    "camt.053.001.02",
    "camt.054.001.02",
  ),
  noNamespace: camt053([{ ref: "N2", cents: 100 }]).replace(/ xmlns="[^"]+"/, ""),
  foreignElement: camt053([{ ref: "N3", cents: 100 }]).replace(
    "<Ntry>",
    '<Ntry><x:Evil xmlns:x="urn:evil"/>',
  ),
  truncated: camt053([{ ref: "T1", cents: 100 }, { ref: "T2", cents: 200 }]).slice(0, 900),
  notXml: "IBAN;amount\nFR76;12.00\n",
  badAmount: camt053([{ ref: "B1", cents: 100 }]).replace(">1.00<", ">1,00<"),
};

Deno.test("[api] bank statements: hostile files (DTD, XXE, billion laughs, wrong namespace, truncated, 50 MB) get a 4xx and change nothing", () =>
  withServices(async (t) => {
    const staff = await loginAs(t, "admin");
    const order = await orderOnAccount(t, { shipped: true });
    const before = await ledger(t);
    for (const [name, xml] of Object.entries(HOSTILE)) {
      // Each carries a payment that would match, were it read.
      const res = await upload(t, staff, xml.replace("</Stmt>", "</Stmt>"));
      const body = await res.json();
      assertEquals(res.status, 422, `${name}: ${JSON.stringify(body)}`);
      assertEquals(body.error, "invalid_statement", name);
    }
    const huge = new Uint8Array(50 * 1024 * 1024).fill(0x20);
    const res = await upload(t, staff, huge);
    assertEquals(res.status, 413);
    await res.body?.cancel();
    const noFile = await t.api.request("/api/bank-statements", {
      method: "POST",
      headers: staff.headers,
      body: new FormData(),
    });
    assertEquals(noFile.status, 400);
    await noFile.body?.cancel();
    assertEquals(await ledger(t), before);
    assertEquals((await t.services.orders.get(order.id))!.account!.payments, []);
    assert(HOSTILE.xxe.includes("DOCTYPE"));
  }, { config }));
