import { documentAmounts, type InvoiceDocument } from "../../src/domain/invoice.ts";
import { legacyDecision } from "../../src/domain/tax.ts";
import type { SalesQuote } from "../../src/domain/sales-quote.ts";
import { renderInvoicePdf } from "../../src/services/invoice-pdf.ts";
import { renderQuotePdf } from "../../src/services/sale-pdf.ts";
import { assert, assertEquals } from "../_lib/assert.ts";
import { TEST_SELLER } from "../_lib/seller.ts";

/**
 * The invoice PDF keeps every free-text field a buyer or staff can type within its box, at the
 * longest the forms accept (names 100, company 200, address 300, city and region 100, email
 * 254, purchase order 100, product title 300 characters): read back with poppler's word boxes
 * (`pdftotext -bbox`), no word overlaps another and none leaves the page's margins.
 */

const W = (n: number, word = "Wolfeschlegelsteinhausen") =>
  Array.from({ length: Math.ceil(n / (word.length + 1)) }, () => word).join(" ").slice(0, n);
/** A reference typed without a space: only a break between characters fits it. */
const unbroken = (n: number) => "PO-2026/WMWM-".concat("W".repeat(n)).slice(0, n);

const LONGEST = {
  firstName: W(100, "Maximiliana"),
  lastName: unbroken(100),
  email: `${"w".repeat(64)}@${"m".repeat(63)}.${"w".repeat(63)}.${"m".repeat(61)}`,
  company: W(200, "Gesellschaftsverwaltungs"),
  purchaseOrder: unbroken(100),
  address: W(300, "Unterwasserstraße"),
  city: W(100, "Saint-Rémy-de-Provence"),
  state: unbroken(100),
  zipCode: "W".repeat(20),
  title: W(300, "Oszilloskopmessspitze"),
};

function longestDocument(): InvoiceDocument {
  const tax = legacyDecision("FR", 2000, "2026-11-27");
  const items = [
    { title: LONGEST.title, quantity: 3, priceCents: 5_900 },
    { title: unbroken(300), quantity: 1, priceCents: 99_999_99 },
  ];
  const totalCents = items.reduce((n, l) => n + l.priceCents * l.quantity, 990);
  const address = {
    address: LONGEST.address,
    city: LONGEST.city,
    state: LONGEST.state,
    zipCode: LONGEST.zipCode,
    country: "France",
  };
  return {
    schemaVersion: 2,
    kind: "invoice",
    number: "F2026-000042",
    issuedAt: "2026-11-27T10:00:00.000Z",
    issueDate: "2026-11-27",
    orderId: "o1",
    orderNumber: "ORD-000042",
    refersTo: null,
    seller: TEST_SELLER,
    vatOnDebits: false,
    buyer: {
      name: `${LONGEST.firstName} ${LONGEST.lastName}`,
      email: LONGEST.email,
      phone: "",
      company: LONGEST.company,
      vatNumber: "FR40123456789",
      siren: "123456789",
      purchaseOrder: LONGEST.purchaseOrder,
    },
    address,
    billingAddress: { ...address, address: W(300, "Rechnungsadresse") },
    countryCode: "FR",
    ...documentAmounts("invoice", { items, shippingFeeCents: 990, totalCents }, totalCents, tax),
    tax,
    mention: null,
    paymentMethod: "online",
    currency: "EUR",
  };
}

interface Word {
  page: number;
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Every word of the PDF with its box in points (poppler's `pdftotext -bbox`). */
async function words(pdf: Uint8Array): Promise<Word[]> {
  const file = await Deno.makeTempFile({ suffix: ".pdf" });
  try {
    await Deno.writeFile(file, pdf);
    const out = await new Deno.Command("pdftotext", {
      args: ["-bbox", "-enc", "UTF-8", file, "-"],
      stdout: "piped",
    }).output();
    assert(out.success, "pdftotext -bbox");
    const html = new TextDecoder().decode(out.stdout);
    const found: Word[] = [];
    for (const [i, page] of html.split(/<page\b/).slice(1).entries()) {
      const re =
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
      for (const m of page.matchAll(re)) {
        found.push({
          page: i + 1,
          text: m[5].replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">"),
          x0: Number(m[1]),
          y0: Number(m[2]),
          x1: Number(m[3]),
          y1: Number(m[4]),
        });
      }
    }
    return found;
  } finally {
    await Deno.remove(file);
  }
}

/**
 * Whether two words' ink overlaps. A word's box runs from the font's ascent to its descent,
 * taller than the lines' spacing, so only its middle half (where the letters are) counts.
 */
function overlap(a: Word, b: Word): boolean {
  if (a.page !== b.page) return false;
  const core = (w: Word) => {
    const h = (w.y1 - w.y0) / 4;
    return { x0: w.x0 + 0.5, x1: w.x1 - 0.5, y0: w.y0 + h, y1: w.y1 - h };
  };
  const [p, q] = [core(a), core(b)];
  return p.x0 < q.x1 && q.x0 < p.x1 && p.y0 < q.y1 && q.y0 < p.y1;
}

Deno.test("[api] invoice PDF: the longest accepted names, company, addresses, email, purchase order and product titles stay within their boxes (no word overlaps another, none leaves the margins), and are printed whole", async () => {
  const pdf = await renderInvoicePdf(longestDocument(), { shopName: "Vectra" });
  const all = await words(pdf);
  const [width] = [595.28, 841.89];
  const outside = all.filter((w) => w.x0 < 40 || w.x1 > width - 40);
  assertEquals(outside.map((w) => w.text), [], "every word within the page's margins");
  const clashes: string[] = [];
  for (const [i, a] of all.entries()) {
    for (const b of all.slice(i + 1)) {
      if (overlap(a, b)) clashes.push(`p${a.page}: "${a.text}" over "${b.text}"`);
    }
  }
  assertEquals(clashes, [], "no word printed over another");
  // Wrapped, not cut: each long value is on the page whole, its pieces in order.
  const joined = all.map((w) => w.text).join("");
  for (const value of Object.values(LONGEST)) {
    assert(joined.includes(value.replace(/ /g, "")), `printed whole: ${value.slice(0, 40)}...`);
  }
});

Deno.test("[api] invoice PDF of a public body: the buyer's block says what the XML says, its SIRET (BT-46), service code (BT-10) and engagement number (BT-13), the longest accepted wrapped within its box", async () => {
  const doc = longestDocument();
  const serviceCode = unbroken(100);
  const engagementNumber = "EJ-".concat("W".repeat(47));
  doc.buyer = {
    ...doc.buyer,
    siren: "197517184",
    siret: "19751718400012",
    serviceCode,
    purchaseOrder: engagementNumber,
  };
  const all = await words(await renderInvoicePdf(doc, { shopName: "Vectra" }));
  const text = all.map((w) => w.text).join(" ").replace(/[\s\u00a0\u202f]+/g, " ");
  assert(text.includes("SIRET 197 517 184 00012"), "the structure's SIRET");
  assert(text.includes("Code service / Service code"), "the service code's label");
  assert(text.includes("N° d’engagement / Engagement number"), "the engagement number's label");
  assert(!text.includes("Bon de commande"), "the engagement number is no purchase order");
  const joined = all.map((w) => w.text).join("");
  assert(joined.includes(`Servicecode${serviceCode}`), "the service code, whole");
  assert(joined.includes(`Engagementnumber${engagementNumber}`), "the engagement number, whole");
  const width = 595.28;
  const outside = all.filter((w) => w.x0 < 40 || w.x1 > width - 40);
  assertEquals(outside.map((w) => w.text), [], "every word within the page's margins");
  const clashes: string[] = [];
  for (const [i, a] of all.entries()) {
    for (const b of all.slice(i + 1)) {
      if (overlap(a, b)) clashes.push(`p${a.page}: "${a.text}" over "${b.text}"`);
    }
  }
  assertEquals(clashes, [], "no word printed over another");
});

Deno.test("[api] quote PDF (its discount column too, French and English): the longest accepted names, company, addresses, purchase order, titles and staff's note stay within their boxes, printed whole", async () => {
  const doc = longestDocument();
  const tax = doc.tax;
  const address = { ...doc.address, country: "France" };
  const lines = [
    { title: LONGEST.title, quantity: 3, priceCents: 5_900, discountBp: 1250 },
    { title: unbroken(300), quantity: 1, priceCents: 99_999_99, discountBp: 0 },
  ].map((l, i) => ({ ...l, id: `p${i}`, image: "", shelfCents: l.priceCents }));
  const subtotalCents = lines.reduce((n, l) => n + l.priceCents * l.quantity, 0);
  const note = W(2000, "Sonderkonditionen");
  const quote: SalesQuote = {
    schemaVersion: 1,
    id: "q1",
    number: "D2026-000042",
    status: "sent",
    source: "staff",
    locale: "fr",
    customer: {
      firstName: LONGEST.firstName,
      lastName: LONGEST.lastName,
      email: LONGEST.email,
      phone: "",
    },
    business: {
      companyName: LONGEST.company,
      vatNumber: "FR40123456789",
      siren: "123456789",
      purchaseOrder: LONGEST.purchaseOrder,
    },
    shippingAddress: address,
    billingAddress: { ...address, address: W(300, "Rechnungsadresse") },
    shippingCountry: "France",
    lines,
    subtotalCents,
    shippingFeeCents: 990,
    totalCents: subtotalCents + 990,
    shippingFeeDetails: { country: "France", feeCents: 990, currency: "EUR" },
    tax,
    note,
    validUntil: "2026-12-27",
    terms: { kind: "on_terms", days: 30 },
    sentAt: "2026-11-27T10:00:00.000Z",
    createdAt: "2026-11-27T10:00:00.000Z",
    updatedAt: "2026-11-27T10:00:00.000Z",
  };
  for (const locale of ["fr", "en"] as const) {
    const all = await words(
      await renderQuotePdf({ ...quote, locale }, {
        shopName: "Vectra",
        seller: TEST_SELLER,
        bank: { iban: "FR7630006000011234567890189", bic: "AGRIFRPP882" },
        timeZone: "Europe/Paris",
      }),
    );
    const width = 595.28;
    const outside = all.filter((w) => w.x0 < 40 || w.x1 > width - 40);
    assertEquals(outside.map((w) => w.text), [], "every word within the page's margins");
    const clashes: string[] = [];
    for (const [i, a] of all.entries()) {
      for (const b of all.slice(i + 1)) {
        if (overlap(a, b)) clashes.push(`p${a.page}: "${a.text}" over "${b.text}"`);
      }
    }
    assertEquals(clashes, [], "no word printed over another");
    const joined = all.map((w) => w.text).join("");
    for (const value of [...Object.values(LONGEST), note]) {
      assert(joined.includes(value.replace(/ /g, "")), `printed whole: ${value.slice(0, 40)}...`);
    }
  }
});
