import { z } from "zod";
import type { Order } from "./order.ts";
import { filterDay } from "./staff-dates.ts";
import { csvAmount, type CsvDialect, csvNumber, csvRow } from "./csv.ts";
import { fromCents } from "./money.ts";

/**
 * Invoices and credit notes: immutable snapshots of a sale, numbered in gapless yearly
 * sequences. Prices are what the buyer pays (VAT included); the VAT is worked out per rate
 * from the gross amounts, so net + VAT = gross to the cent for every rate and in total.
 */

export const DOCUMENT_KINDS = ["invoice", "credit_note"] as const;
export type DocumentKind = typeof DOCUMENT_KINDS[number];

/** The EU's member states (ISO 3166-1 alpha-2): goods sent there carry the seller's VAT. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
]); // deno-fmt-ignore

/** French law's mention for goods exported outside the EU (no VAT charged). */
export const EXPORT_MENTION = "Exonération de TVA, article 262 I du CGI (export hors UE)";

/** The VAT rate of a destination, in basis points (2000 = 20%), with its legal mention. */
export interface VatRule {
  rateBp: number;
  mention: string | null;
}

/** Rates by destination: the EU rate, the rate outside it, and per-country exceptions. */
export interface VatTable {
  euRateBp: number;
  exportRateBp: number;
  overrides: Readonly<Record<string, number>>;
}

/** A French seller's start: 20% for EU destinations, 0% (export, with the mention) beyond. */
export const DEFAULT_VAT_TABLE: VatTable = { euRateBp: 2000, exportRateBp: 0, overrides: {} };

/**
 * Reads `VAT_RATES`: `EU=20,EXPORT=0,DE=19` (percent, up to two decimals); missing keys keep
 * the default. Throws on anything else, so a typo stops the start instead of a wrong invoice.
 */
export function parseVatTable(text: string | undefined): VatTable {
  if (!text?.trim()) return DEFAULT_VAT_TABLE;
  const table = { ...DEFAULT_VAT_TABLE, overrides: {} as Record<string, number> };
  for (const part of text.split(",")) {
    const m = /^\s*([A-Za-z]{2}|EU|EXPORT)\s*=\s*(\d{1,2}(?:\.\d{1,2})?)\s*$/i.exec(part);
    if (!m) throw new Error(`Invalid VAT_RATES entry: "${part.trim()}" (e.g. EU=20,EXPORT=0)`);
    const bp = Math.round(Number(m[2]) * 100);
    const key = m[1].toUpperCase();
    if (key === "EU") table.euRateBp = bp;
    else if (key === "EXPORT") table.exportRateBp = bp;
    else table.overrides[key] = bp;
  }
  return table;
}

export function vatRuleFor(countryCode: string | null, table: VatTable): VatRule {
  const code = countryCode?.toUpperCase() ?? "";
  if (code in table.overrides) return { rateBp: table.overrides[code], mention: null };
  if (EU_COUNTRIES.has(code)) return { rateBp: table.euRateBp, mention: null };
  return {
    rateBp: table.exportRateBp,
    mention: table.exportRateBp === 0 ? EXPORT_MENTION : null,
  };
}

/** One rate's share of a document: net + VAT = gross, in cents. */
export const vatLineSchema = z.object({
  rateBp: z.number().int().min(0),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  grossCents: z.number().int(),
});
export type VatLine = z.infer<typeof vatLineSchema>;

/** The VAT inside a gross amount at a rate: rounded once, on the rate's total. */
export function splitGross(grossCents: number, rateBp: number): VatLine {
  const netCents = Math.round((grossCents * 10_000) / (10_000 + rateBp));
  return { rateBp, netCents, vatCents: grossCents - netCents, grossCents };
}

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

export const documentLineSchema = z.object({
  title: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  totalCents: z.number().int(),
});

/** An invoice or credit note as issued: never edited, never deleted. */
export const invoiceDocumentSchema = z.object({
  schemaVersion: z.literal(1),
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
  /** A credit note's invoice. */
  refersTo: z.string().nullable(),
  seller: sellerSchema,
  buyer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  address: z.object({
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    country: z.string(),
  }),
  countryCode: z.string().nullable(),
  lines: z.array(documentLineSchema),
  shippingCents: z.number().int(),
  /** Gross amount of the document (a credit note's is what is given back), VAT included. */
  totalCents: z.number().int(),
  vat: z.array(vatLineSchema),
  mention: z.string().nullable(),
  paymentMethod: z.string(),
  currency: z.string(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

const PREFIX: Readonly<Record<DocumentKind, string>> = { invoice: "F", credit_note: "A" };

/** "F2026-000123": the kind's letter, the year, the number in that year's sequence. */
export function formatDocumentNumber(kind: DocumentKind, year: string, n: number): string {
  return `${PREFIX[kind]}${year}-${String(n).padStart(6, "0")}`;
}

/**
 * What the shop has been paid for an order and keeps: the gross an invoice must cover. A
 * cancellation alone returns no money, so it changes nothing here: only a refund (or a payment
 * staff mark as not received) calls for a credit note.
 */
export function amountDue(o: Pick<Order, "paymentStatus" | "totalCents" | "refund">) {
  if (o.paymentStatus === "paid") return o.totalCents;
  if (o.paymentStatus === "refunded") {
    return Math.max(0, o.totalCents - (o.refund?.amountCents ?? 0));
  }
  return 0;
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

/**
 * The document's amounts: an invoice takes the order's lines and shipping; a credit note the
 * amount given back, at the invoice's rate.
 */
export function documentAmounts(
  kind: DocumentKind,
  order: Pick<Order, "items" | "shippingFeeCents" | "totalCents">,
  amountCents: number,
  rateBp: number,
) {
  const lines = kind === "invoice"
    ? order.items.map((l) => ({
      title: l.title,
      quantity: l.quantity,
      unitCents: l.priceCents,
      totalCents: l.priceCents * l.quantity,
    }))
    : [{
      title: amountCents === order.totalCents ? "Order cancelled or refunded in full" : "Refund",
      quantity: 1,
      unitCents: amountCents,
      totalCents: amountCents,
    }];
  return {
    lines,
    shippingCents: kind === "invoice" ? order.shippingFeeCents : 0,
    totalCents: amountCents,
    vat: [splitGross(amountCents, rateBp)],
  };
}

/** Totals per VAT rate over documents (credit notes subtract), for a period's summary. */
export function totalsByRate(docs: readonly InvoiceDocument[]): VatLine[] {
  const by = new Map<number, VatLine>();
  for (const d of docs) {
    const sign = d.kind === "credit_note" ? -1 : 1;
    for (const v of d.vat) {
      const t = by.get(v.rateBp) ?? { rateBp: v.rateBp, netCents: 0, vatCents: 0, grossCents: 0 };
      t.netCents += sign * v.netCents;
      t.vatCents += sign * v.vatCents;
      t.grossCents += sign * v.grossCents;
      by.set(v.rateBp, t);
    }
  }
  return [...by.values()].sort((a, b) => b.rateBp - a.rateBp);
}

/** "20%", "5.5%" */
export const formatRate = (bp: number) =>
  `${
    (bp / 100).toLocaleString("en", {
      maximumFractionDigits: 2,
    })
  }%`;

/** `?from&to`: inclusive shop days of the documents' issue (the current month when left out). */
export const invoicePeriodSchema = z.object({
  from: filterDay("from").optional(),
  to: filterDay("to").optional(),
}).refine((q) => !q.from || !q.to || q.to >= q.from, {
  message: "to must not be before from",
  path: ["to"],
});
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
  "Currency",
  "Net",
  "VAT rate (%)",
  "VAT",
  "Gross",
  "Payment method",
];

export const invoicesCsvHeader = (dialect: CsvDialect) => csvRow(INVOICES_CSV_COLUMNS, dialect);

/**
 * One CSV row per VAT rate of a document: its date is its issue date (the shop's day), its
 * amounts numbers, a credit note's negative, so a spreadsheet's SUM nets them.
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
      d.currency,
      csvAmount(sign * v.netCents),
      csvNumber(v.rateBp / 100),
      csvAmount(sign * v.vatCents),
      csvAmount(sign * v.grossCents),
      d.paymentMethod,
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
    total: fromCents(sign * d.totalCents),
    vat: d.vat.map((v) => ({
      rate: formatRate(v.rateBp),
      net: fromCents(sign * v.netCents),
      vat: fromCents(sign * v.vatCents),
      gross: fromCents(sign * v.grossCents),
    })),
  };
}
export type DocumentSummary = ReturnType<typeof toDocumentSummary>;
