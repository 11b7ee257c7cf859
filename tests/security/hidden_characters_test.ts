import { orderDataSchema } from "../../src/domain/checkout.ts";
import { documentAmounts, type InvoiceDocument } from "../../src/domain/invoice.ts";
import { isPlainLine } from "../../src/domain/plain-text.ts";
import { legacyDecision } from "../../src/domain/tax.ts";
import { renderInvoicePdf } from "../../src/services/invoice-pdf.ts";
import { loginAs } from "../_lib/admin.ts";
import { assert, assertEquals } from "../_lib/assert.ts";
import { ADDRESS, CUSTOMER, intentBody } from "../_lib/checkout.ts";
import { VALID_DEMO_REQUEST } from "../_lib/fixtures.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";

/**
 * Control characters and the invisible marks that reorder displayed text (Trojan Source's
 * bidi overrides) are refused in every free-text field a buyer or staff types, with an error
 * on the field and nothing stored; and a document's Factur-X XMP metadata stays well-formed
 * (xmllint parses it) with the worst name the shop accepts, and with one stored before.
 */

const HIDDEN = [
  "\u0000",
  "\u0007",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u061c",
  "\u200e",
  "\u200f",
  "\u202a",
  "\u202e",
  "\u2066",
  "\u2069",
];

/** Printable but awkward: markup, quotes, joiners, a byte order mark, emoji, other scripts. */
const WORST_ACCEPTED = `Zoë <b>&amp;</b> "O'Brien" ]]> \u200d\u200c\ufeff 👩‍💻 Łukasz Ελένη עִבְרִית`;

interface ErrorBody {
  error: string;
  message: string;
  errors?: { field: string; message: string }[];
}

const set = (o: Record<string, unknown>, path: string, value: string) => {
  const keys = path.split(".");
  let at = o;
  for (const k of keys.slice(0, -1)) at = (at[k] ??= {}) as Record<string, unknown>;
  at[keys.at(-1)!] = value;
};

async function refused(res: Response, field: string) {
  const body = await res.json() as ErrorBody;
  assert(
    res.status === 400 || res.status === 422,
    `${field}: ${res.status} ${JSON.stringify(body)}`,
  );
  assert(
    body.errors?.some((e) => e.field === field && /control or text-direction/.test(e.message)),
    `${field}: ${JSON.stringify(body)}`,
  );
}

Deno.test("[security] checkout, quote and manual order refuse control and bidi characters in every free-text field, named, and store nothing", () =>
  withServices(async (t) => {
    const { api, services } = t;
    const product = (await services.products.list())[0];
    const business = { companyName: "Vectra GmbH", purchaseOrder: "PO-1", siren: "" };
    const fields = [
      "customer.firstName",
      "customer.lastName",
      "customer.phone",
      "shippingAddress.address",
      "shippingAddress.city",
      "shippingAddress.state",
      "shippingAddress.zipCode",
      "shippingCountry",
      "business.companyName",
      "business.purchaseOrder",
      "billingAddress.address",
      "billingAddress.city",
    ];
    for (const [i, field] of fields.entries()) {
      const ch = HIDDEN[i % HIDDEN.length];
      const body = intentBody([{ id: product.id, price: product.priceCents / 100, quantity: 1 }]);
      const data = body.orderData as unknown as Record<string, unknown>;
      data.business = { ...business };
      data.billingAddress = { ...ADDRESS };
      const path = field.split(".");
      const base = path.reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], data);
      set(data, field, `${typeof base === "string" ? base : "x"}${ch}x`);
      const res = await api.request("/api/stripe/create-payment-intent", jsonRequest("POST", body));
      await refused(res, `orderData.${field}`);
    }
    const quote = await api.request(
      "/api/checkout/quote",
      jsonRequest("POST", {
        items: [{ id: product.id, quantity: 1 }],
        shippingCountry: "France\u202e",
      }),
    );
    await refused(quote, "shippingCountry");

    const clerk = await loginAs(t, "admin");
    const manual = {
      customer: { firstName: "Ada", lastName: "Lovelace", email: "", phone: "" },
      shippingAddress: { address: "1 rue X", city: "Lyon", state: "", zipCode: "69001" },
      items: [{ id: product.id, quantity: 1 }],
      shippingCountry: "France",
      business,
    };
    for (
      const [field, ch] of [
        ["customer.firstName", "\u202e"],
        ["customer.lastName", "\u0000"],
        ["shippingAddress.address", "\u2066"],
        ["shippingAddress.city", "\u0085"],
        ["shippingCountry", "\u001b"],
        ["business.companyName", "\u202b"],
        ["business.purchaseOrder", "\u0007"],
      ]
    ) {
      const body = structuredClone(manual) as unknown as Record<string, unknown>;
      set(body, field, `Ada${ch}`);
      const res = await api.request("/api/orders/admin", jsonRequest("POST", body, clerk.headers));
      await refused(res, field);
    }
    assertEquals((await services.orders.list()).length, 0, "no order made");
  }));

Deno.test("[security] the demo form refuses control and bidi characters in its fields, and keeps a message's lines", () =>
  withServices(async ({ api }) => {
    for (const field of ["firstName", "lastName", "company", "country", "message"]) {
      const res = await api.request(
        "/api/demo",
        jsonRequest("POST", { ...VALID_DEMO_REQUEST, [field]: "Ada\u202e\u0000" }),
      );
      await refused(res, field);
    }
    const lines = await api.request(
      "/api/demo",
      jsonRequest("POST", { ...VALID_DEMO_REQUEST, message: "Two lines:\n\tthe second." }),
    );
    assertEquals(lines.status, 201);
  }));

function invoice(name: string): InvoiceDocument {
  const tax = legacyDecision("FR", 2000, "2026-11-27");
  const items = [{ title: name, quantity: 1, priceCents: 5_900 }];
  const address = { ...ADDRESS, address: name, city: name };
  return {
    schemaVersion: 2,
    kind: "invoice",
    number: "F2026-000007",
    issuedAt: "2026-11-27T10:00:00.000Z",
    issueDate: "2026-11-27",
    orderId: "o1",
    orderNumber: "ORD-000007",
    refersTo: null,
    seller: {
      legalName: "Vectra SAS",
      address: "12 rue des Lois;31000 Toulouse",
      siren: "123456789",
      siret: "12345678900012",
      vatNumber: "FR40123456789",
      rcs: "Toulouse B 123 456 789",
      shareCapital: "10 000 €",
      contact: "c@example.com",
    },
    vatOnDebits: false,
    buyer: {
      name,
      email: CUSTOMER.email,
      phone: "",
      company: name,
      vatNumber: null,
      siren: null,
      purchaseOrder: name,
    },
    address,
    billingAddress: address,
    countryCode: "FR",
    ...documentAmounts("invoice", { items, shippingFeeCents: 0, totalCents: 5_900 }, 5_900, tax),
    tax,
    mention: null,
    paymentMethod: "online",
    currency: "EUR",
  };
}

async function run(cmd: string, args: string[], input?: string) {
  const child = new Deno.Command(cmd, {
    args,
    stdin: input === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (input !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(input));
    await w.close();
  }
  const out = await child.output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

Deno.test("[security] the Factur-X XMP metadata parses (xmllint) with the worst name the shop accepts, and with control characters stored before they were refused", async () => {
  const accepted = orderDataSchema.safeParse({
    ...intentBody([{ id: "p", price: 1, quantity: 1 }]).orderData,
    customer: { ...CUSTOMER, firstName: WORST_ACCEPTED },
  });
  assert(accepted.success && isPlainLine(WORST_ACCEPTED), "the checkout accepts it");
  for (
    const name of [WORST_ACCEPTED, `Ada\u0001\u0008\u000b\u001f\ufffe <Lovelace>${HIDDEN.join("")}`]
  ) {
    const pdf = await renderInvoicePdf(invoice(name), { shopName: "Vectra" });
    const file = await Deno.makeTempFile({ suffix: ".pdf" });
    try {
      await Deno.writeFile(file, pdf);
      const meta = await run("pdfinfo", ["-meta", file]);
      assertEquals(meta.code, 0, meta.stderr);
      assert(meta.stdout.includes("<x:xmpmeta"), meta.stdout);
      const parsed = await run("xmllint", ["--noout", "-"], meta.stdout.trim());
      assertEquals([parsed.code, parsed.stderr], [0, ""], JSON.stringify(name));
      const cii = await run("pdfdetach", ["-save", "1", "-o", `${file}.xml`, file]);
      assertEquals(cii.code, 0, cii.stderr);
      const xml = await run("xmllint", ["--noout", `${file}.xml`]);
      assertEquals([xml.code, xml.stderr], [0, ""], JSON.stringify(name));
      await Deno.remove(`${file}.xml`);
    } finally {
      await Deno.remove(file);
    }
  }
});
