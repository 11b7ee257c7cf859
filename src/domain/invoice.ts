import { z } from "zod";
import { PAYMENT_TERMS } from "./payment-terms.ts";
import type { Order } from "./order.ts";
import { invoicedCents } from "./order-correction.ts";
import type { ReturnedLine } from "./order-correction-schema.ts";
import { DEFAULT_SHOP_TIMEZONE, shopDay } from "./shop-time.ts";
import { dayRangeSchema } from "./staff-dates.ts";
import { csvAmount, type CsvDialect, csvNumber, csvRow } from "./csv.ts";
import { fromCents } from "./money.ts";
import { ratePercent } from "./vat-statement.ts";
import { RETURN_SCHEME_TEXT, returnScheme } from "./return-schemes.ts";
import {
  legacyDecision,
  taxAmounts,
  type TaxDecision,
  taxDecisionSchema,
  VAT_CATEGORIES,
  vatGroup,
  vatGroupSchema,
} from "./tax.ts";

/**
 * Invoices and credit notes: immutable snapshots of a sale, numbered in gapless yearly
 * sequences. Amounts are what the buyer pays; the sale's tax decision (domain/tax.ts) gives
 * the rate, category and mention, and the VAT is worked out once per rate from the gross, so
 * net + VAT = gross to the cent, and the lines' nets add up to the rate's net.
 */

export const DOCUMENT_KINDS = ["invoice", "credit_note"] as const;
export type DocumentKind = typeof DOCUMENT_KINDS[number];

/** The seller's legal identity, printed on every document (from configuration). */
export const sellerSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  siren: z.string(),
  siret: z.string(),
  vatNumber: z.string(),
  rcs: z.string(),
  shareCapital: z.string(),
  contact: z.string(),
});
export type Seller = z.infer<typeof sellerSchema>;

/** The seller fields and the environment variable of each. */
export const SELLER_ENV: Readonly<Record<keyof Seller, string>> = {
  legalName: "SELLER_LEGAL_NAME",
  address: "SELLER_ADDRESS",
  siren: "SELLER_SIREN",
  siret: "SELLER_SIRET",
  vatNumber: "SELLER_VAT_NUMBER",
  rcs: "SELLER_RCS",
  shareCapital: "SELLER_SHARE_CAPITAL",
  contact: "SELLER_CONTACT",
};

/** What an unset seller field prints outside production: impossible to miss on a document. */
export const sellerPlaceholder = (env: string) => `[SET ${env}]`;

const addressSchema = z.object({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
});

export const documentLineSchema = z.object({
  title: z.string(),
  quantity: z.number().int(),
  /** As charged (the sale's price basis), and the line's amount as charged. */
  unitCents: z.number().int(),
  totalCents: z.number().int(),
  /** Excluding VAT: the line's amount (its share of the rate's net), and per unit, to the cent. */
  netCents: z.number().int(),
  unitNetCents: z.number().int(),
  category: z.enum(VAT_CATEGORIES),
  rateBp: z.number().int().min(0),
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

/** An invoice or credit note as issued: never edited, never deleted. */
export const invoiceDocumentSchema = z.object({
  schemaVersion: z.literal(2),
  kind: z.enum(DOCUMENT_KINDS),
  /** "F2026-000123" (invoice) or "A2026-000012" (credit note, "avoir"). */
  number: z.string(),
  issuedAt: z.string(),
  /**
   * The issue date, "YYYY-MM-DD": the shop's day (SHOP_TIMEZONE) when issued, fixed then, as the
   * number's year is. Documents issued before it was kept get it from `issuedAt` when read.
   */
  issueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  orderId: z.string(),
  orderNumber: z.string(),
  /** A credit note's invoice, and that invoice's issue date (kept since the French rules). */
  refersTo: z.string().nullable(),
  refersToDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().optional(),
  seller: sellerSchema,
  /**
   * The seller's electronic address (BT-34, scheme 0225) when issued: SELLER_EINVOICE_ADDRESS,
   * else its SIREN. Documents issued before it was kept read the SIREN.
   */
  sellerEndpoint: z.string().optional(),
  /**
   * The invoice states the option for VAT on debits: only documents issued while
   * SELLER_VAT_ON_DEBITS was accepted (goods' VAT is due on delivery: it is refused now).
   */
  vatOnDebits: z.boolean(),
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    /** A business buyer's company, VAT number (prefix first), SIREN and purchase order. */
    company: z.string().nullable(),
    vatNumber: z.string().nullable(),
    siren: z.string().nullable(),
    purchaseOrder: z.string().nullable(),
    /**
     * A public body's structure (SIRET, BT-46 scheme 0009) and service code (BT-10), for Chorus
     * Pro; its engagement number is the purchase order (BT-13).
     */
    siret: z.string().nullable().optional(),
    serviceCode: z.string().nullable().optional(),
  }),
  /** The delivery address. */
  address: addressSchema,
  /** The billing address: the delivery address unless the buyer gave another one. */
  billingAddress: addressSchema,
  /** The delivery country's ISO code. */
  countryCode: z.string().nullable(),
  lines: z.array(documentLineSchema),
  /** Shipping as charged, and excluding VAT (a credit note's are 0: its line is the amount). */
  shippingCents: z.number().int(),
  shippingNetCents: z.number().int(),
  /** Gross amount of the document (a credit note's is what is given back), VAT included. */
  totalCents: z.number().int(),
  /** One group per VAT category and rate: net + VAT = gross. */
  vat: z.array(vatGroupSchema),
  /** The sale's tax decision (a credit note keeps its invoice's). */
  tax: taxDecisionSchema,
  /** The sale's legal mention (an exemption's article), null when VAT is charged. */
  mention: z.string().nullable(),
  paymentMethod: z.string(),
  currency: z.string(),
  /**
   * An order on account's invoice: its terms, its due date (on terms: the day of issue plus
   * the terms), the RF reference and the seller's account the transfer goes to, and what was
   * paid already when it was issued. Absent on other documents.
   */
  account: z.object({
    terms: z.enum(PAYMENT_TERMS),
    termsDays: z.number().int().min(0).max(60),
    dueDate: z.string().nullable(),
    reference: z.string(),
    iban: z.string(),
    bic: z.string(),
    paidCents: z.number().int().min(0),
  }).optional(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

/** Documents issued before the tax decision: one rate per document, no nets per line. */
const legacyDocumentSchema = invoiceDocumentSchema.omit({
  schemaVersion: true,
  vatOnDebits: true,
  buyer: true,
  billingAddress: true,
  lines: true,
  shippingNetCents: true,
  vat: true,
  tax: true,
}).extend({
  schemaVersion: z.literal(1),
  buyer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  lines: z.array(z.object({
    title: z.string(),
    quantity: z.number().int(),
    unitCents: z.number().int(),
    totalCents: z.number().int(),
  })),
  vat: z.array(z.object({ rateBp: z.number().int().min(0) })).min(1),
});

/**
 * A stored document: issued ones as they are; one issued before the tax decision (schema 1)
 * read with the decision it stood for and its nets worked out the way its VAT was; one issued
 * before `issueDate` was kept gets its day of issue in the shop's `timeZone`.
 */
export function parseInvoiceDocument(
  stored: unknown,
  timeZone = DEFAULT_SHOP_TIMEZONE,
): InvoiceDocument {
  const d = stored as { issueDate?: string; issuedAt?: string } | null;
  const value = d && !d.issueDate && typeof d.issuedAt === "string"
    ? { ...d, issueDate: shopDay(Date.parse(d.issuedAt), timeZone) }
    : stored;
  if ((value as { schemaVersion?: unknown })?.schemaVersion !== 1) {
    return invoiceDocumentSchema.parse(value);
  }
  const old = legacyDocumentSchema.parse(value);
  // Its tax point is its day of issue: a legacy document states no other day of supply.
  const tax = legacyDecision(old.countryCode, old.vat[0].rateBp, old.issueDate);
  const amounts = old.kind === "invoice"
    ? documentAmounts(
      "invoice",
      {
        items: old.lines.map((l) => ({
          title: l.title,
          quantity: l.quantity,
          priceCents: l.unitCents,
        })),
        shippingFeeCents: old.shippingCents,
        totalCents: old.totalCents,
      },
      old.totalCents,
      tax,
    )
    : documentAmounts(
      "credit_note",
      {
        items: [],
        shippingFeeCents: 0,
        totalCents: old.totalCents,
      },
      old.totalCents,
      tax,
    );
  return invoiceDocumentSchema.parse({
    ...old,
    ...amounts,
    lines: amounts.lines.map((l, i) => ({ ...l, title: old.lines[i]?.title ?? l.title })),
    schemaVersion: 2,
    vatOnDebits: false,
    buyer: { ...old.buyer, company: null, vatNumber: null, siren: null, purchaseOrder: null },
    billingAddress: old.address,
    tax,
  });
}

/**
 * The day of the supply a document invoices (or credits): its sale's tax point, which is a
 * staff order's own date (an order recorded later, back-dated) or a web order's payment.
 */
export const supplyDate = (d: Pick<InvoiceDocument, "tax" | "issueDate">) =>
  /^\d{4}-\d{2}-\d{2}$/.test(d.tax.taxPoint) ? d.tax.taxPoint : d.issueDate;

const PREFIX: Readonly<Record<DocumentKind, string>> = { invoice: "F", credit_note: "A" };

/** "F2026-000123": the kind's letter, the year, the number in that year's sequence. */
export function formatDocumentNumber(kind: DocumentKind, year: string, n: number): string {
  return `${PREFIX[kind]}${year}-${String(n).padStart(6, "0")}`;
}

/**
 * What the shop has been paid for an order and keeps, as its documents must say: the total less
 * what credit notes took off (refunds, price corrections). A cancellation alone returns no money,
 * so it changes nothing here; a payment staff mark as not received leaves nothing due.
 */
export function amountDue(
  o:
    & Pick<Order, "paymentStatus" | "totalCents" | "refund" | "corrections">
    & Partial<Pick<Order, "status" | "account">>,
) {
  const paid = o.paymentStatus === "paid" || o.paymentStatus === "partially_refunded" ||
    o.paymentStatus === "refunded";
  // An order on terms is invoiced when it ships, unpaid: the invoice is what the buyer owes.
  const owedOnTerms = o.account?.terms === "on_terms" && o.paymentStatus === "pending" &&
    (o.status === "shipped" || o.status === "delivered");
  return paid || owedOnTerms ? invoicedCents(o) : 0;
}

/**
 * What an order's documents must do next, given what they already cover (invoiced less
 * credited): an invoice for the whole order when nothing is covered and it is paid, a credit
 * note for what is covered beyond what is due (a refund, a cancellation, a payment undone).
 */
export function nextDocument(
  due: number,
  covered: number,
  totalCents: number,
): { kind: DocumentKind; amountCents: number } | null {
  if (covered === 0 && due > 0) return { kind: "invoice", amountCents: totalCents };
  if (covered > due) return { kind: "credit_note", amountCents: covered - due };
  return null;
}

/** A partial credit note's one line: what is given back of which invoice. */
export const partialRefundTitle = (invoice: string) =>
  `Remboursement partiel de la facture ${invoice} / Partial refund of invoice ${invoice}`;

/** A full credit note's one line when its invoice's lines are not known. */
export const fullRefundTitle = (invoice: string) =>
  `Remboursement intégral de la facture ${invoice} / Refund of invoice ${invoice} in full`;

/**
 * The document's amounts under the sale's decision: an invoice takes the order's lines and
 * shipping as charged, with each line's net. A credit note lists what it credits: the whole
 * invoice gives back its very lines, shipping and VAT groups; a part is one line saying of which
 * invoice, in the invoice's VAT category and at its rate.
 */
export function documentAmounts(
  kind: DocumentKind,
  order: {
    items: readonly { title: string; quantity: number; priceCents: number }[];
    shippingFeeCents: number;
    totalCents: number;
  },
  amountCents: number,
  tax: TaxDecision,
  invoice:
    | Pick<
      InvoiceDocument,
      "number" | "lines" | "shippingCents" | "shippingNetCents" | "totalCents" | "vat"
    >
    | null = null,
  returned: { lines: readonly ReturnedLine[]; shipping: boolean } | null = null,
) {
  const perLine = { category: tax.category, rateBp: tax.rateBp };
  if (kind === "credit_note") {
    if (invoice && amountCents === invoice.totalCents) {
      const { lines, shippingCents, shippingNetCents, vat } = invoice;
      return { lines, shippingCents, shippingNetCents, totalCents: amountCents, vat };
    }
    const credited = invoice && returned && creditedLines(invoice, returned, tax);
    if (credited && credited.totalCents === amountCents) return credited;
    const group = vatGroup(amountCents, tax);
    const ref = invoice?.number ?? "";
    return {
      lines: [{
        title: amountCents === order.totalCents ? fullRefundTitle(ref) : partialRefundTitle(ref),
        quantity: 1,
        unitCents: amountCents,
        totalCents: amountCents,
        netCents: group.netCents,
        unitNetCents: group.netCents,
        ...perLine,
      }],
      shippingCents: 0,
      shippingNetCents: 0,
      totalCents: amountCents,
      vat: [group],
    };
  }
  const taxed = taxAmounts(
    order.items.map((l) => ({ quantity: l.quantity, unitCents: l.priceCents })),
    order.shippingFeeCents,
    tax,
  );
  return {
    lines: taxed.lines.map((l, i) => ({ title: order.items[i].title, ...l, ...perLine })),
    shippingCents: taxed.shipping.totalCents,
    shippingNetCents: taxed.shipping.netCents,
    totalCents: taxed.totalCents,
    vat: taxed.vat,
  };
}

/**
 * A credit note of returned lines: each returned line as invoiced (its unit price, the units
 * given back) and the shipping if refunded, their VAT worked out as the invoice's was.
 */
function creditedLines(
  invoice: Pick<InvoiceDocument, "lines" | "shippingCents">,
  returned: { lines: readonly ReturnedLine[]; shipping: boolean },
  tax: TaxDecision,
) {
  const chosen = returned.lines.map((r) => ({
    line: invoice.lines[r.index],
    quantity: r.quantity,
  }));
  if (chosen.some((c) => !c.line)) return null;
  const taxed = taxAmounts(
    chosen.map((c) => ({ quantity: c.quantity, unitCents: c.line.unitCents })),
    returned.shipping ? invoice.shippingCents : 0,
    tax,
  );
  const perLine = { category: tax.category, rateBp: tax.rateBp };
  return {
    lines: taxed.lines.map((l, i) => ({ title: chosen[i].line.title, ...l, ...perLine })),
    shippingCents: taxed.shipping.totalCents,
    shippingNetCents: taxed.shipping.netCents,
    totalCents: taxed.totalCents,
    vat: taxed.vat,
  };
}

/** "20%", "5.5%" */
export const formatRate = ratePercent;

/** `?from&to`: inclusive shop days of the documents' issue (the current month when left out). */
export const invoicePeriodSchema = dayRangeSchema("from", "to");
export type InvoicePeriodQuery = z.infer<typeof invoicePeriodSchema>;

const INVOICES_CSV_COLUMNS = [
  "Number",
  "Type",
  "Date",
  "Order",
  "Refers to",
  "Customer",
  "Email",
  "Country",
  "Company",
  "Buyer VAT number",
  "Currency",
  "Net",
  "VAT rate (%)",
  "VAT category",
  "VAT",
  "Gross",
  "Payment method",
  "Tax country",
  "Tax scheme",
  "CA3 box",
  "Supply date",
];

export const invoicesCsvHeader = (dialect: CsvDialect) => csvRow(INVOICES_CSV_COLUMNS, dialect);

/**
 * One CSV row per VAT group of a document: its date is its issue date (the shop's day), its
 * supply date the day of the sale it invoices (a back-dated staff order's own), its amounts
 * numbers, a credit note's negative, so a spreadsheet's SUM nets them; the country whose VAT
 * applies and the scheme tell French VAT from foreign VAT at the same rate.
 */
export function invoiceCsvRows(d: InvoiceDocument, dialect: CsvDialect): string {
  const sign = d.kind === "credit_note" ? -1 : 1;
  return d.vat.map((v) =>
    csvRow([
      d.number,
      d.kind === "invoice" ? "Invoice" : "Credit note",
      d.issueDate,
      d.orderNumber,
      d.refersTo ?? "",
      d.buyer.name,
      d.buyer.email,
      d.address.country,
      d.buyer.company ?? "",
      d.buyer.vatNumber ?? "",
      d.currency,
      csvAmount(sign * v.netCents),
      csvNumber(v.rateBp / 100),
      v.category,
      csvAmount(sign * v.vatCents),
      csvAmount(sign * v.grossCents),
      d.paymentMethod,
      d.tax.taxCountry,
      RETURN_SCHEME_TEXT[returnScheme(d.tax)].label,
      RETURN_SCHEME_TEXT[returnScheme(d.tax)].box,
      supplyDate(d),
    ], dialect)
  ).join("");
}

/** What the back office shows of a document. */
export function toDocumentSummary(d: InvoiceDocument) {
  const sign = d.kind === "credit_note" ? -1 : 1;
  return {
    number: d.number,
    kind: d.kind,
    issuedAt: d.issuedAt,
    issueDate: d.issueDate,
    orderId: d.orderId,
    orderNumber: d.orderNumber,
    refersTo: d.refersTo,
    customer: d.buyer.name,
    country: d.address.country,
    company: d.buyer.company,
    vatNumber: d.buyer.vatNumber,
    total: fromCents(sign * d.totalCents),
    vat: d.vat.map((v) => ({
      rate: formatRate(v.rateBp),
      category: v.category,
      net: fromCents(sign * v.netCents),
      vat: fromCents(sign * v.vatCents),
      gross: fromCents(sign * v.grossCents),
    })),
  };
}
export type DocumentSummary = ReturnType<typeof toDocumentSummary>;
