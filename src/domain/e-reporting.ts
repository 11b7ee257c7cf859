import { z } from "zod";
import { processingRule } from "./approved-platform.ts";
import { type InvoiceDocument, invoiceDocumentSchema } from "./invoice.ts";
import type { ReportingPeriod } from "./reporting-periods.ts";
import { SELLER_COUNTRY, taxDecisionSchema, vatGroupSchema } from "./tax.ts";
import { checkVatNumber, countryOfVatPrefix } from "./vat-number.ts";

/**
 * E-reporting (Flux 10): what the shop tells the tax administration, through its approved
 * platform, of the sales that are not e-invoiced. Invoices to French businesses go to the
 * platform as e-invoices (their data reaches the administration that way); the rest of a
 * period's documents are reported here:
 * - consumer sales (in France, distance sales to the EU, exports to consumers) as daily
 *   aggregates per day, transaction category and VAT rate: amount before tax, VAT, number of
 *   sales. TLB1: goods taxed in France; TNT1: goods not taxed in France (OSS sales taxed in the
 *   member state of arrival, exports), at 0%: the Flux 10 rules accept French rates only
 *   (docs/money-and-law.md, the assumptions on e-reporting);
 * - sales to businesses not established in France (intra-EU supplies, exports, sales charged
 *   French VAT) invoice by invoice, with the buyer's identifier.
 * A credit note is deducted in its own period: from its day's aggregate, or reported itself (type
 * 381) with the invoice it corrects. Amounts are the documents' own, to the cent.
 */

/**
 * What e-reporting reads of a document, kept beside it by issue day (store/invoices.ts): a
 * period's report is one range read of these small records, not of the whole documents.
 */
export const reportedDocumentSchema = invoiceDocumentSchema.pick({
  kind: true,
  number: true,
  issueDate: true,
  refersTo: true,
  refersToDate: true,
  countryCode: true,
  mention: true,
}).extend({
  buyer: invoiceDocumentSchema.shape.buyer.pick({
    company: true,
    vatNumber: true,
    siren: true,
    siret: true,
  }),
  billingAddress: invoiceDocumentSchema.shape.billingAddress.pick({ country: true }),
  tax: taxDecisionSchema.pick({ destination: true, taxCountry: true, exemptionReason: true }),
  vat: z.array(
    vatGroupSchema.pick({ category: true, rateBp: true, netCents: true, vatCents: true }),
  ),
});
export type ReportedDocument = z.infer<typeof reportedDocumentSchema>;

/** A document's e-reporting record: the fields above, nothing else. */
export function reportedDocument(doc: InvoiceDocument): ReportedDocument {
  const { company, vatNumber, siren, siret } = doc.buyer;
  return {
    kind: doc.kind,
    number: doc.number,
    issueDate: doc.issueDate,
    refersTo: doc.refersTo,
    refersToDate: doc.refersToDate ?? null,
    countryCode: doc.countryCode,
    mention: doc.mention,
    buyer: { company, vatNumber, siren, ...(siret !== undefined ? { siret } : {}) },
    billingAddress: { country: doc.billingAddress.country },
    tax: {
      destination: doc.tax.destination,
      taxCountry: doc.tax.taxCountry,
      exemptionReason: doc.tax.exemptionReason,
    },
    vat: doc.vat.map((v) => ({
      category: v.category,
      rateBp: v.rateBp,
      netCents: v.netCents,
      vatCents: v.vatCents,
    })),
  };
}

/** Flux 10 transaction categories (TT-81) of the sales the shop makes (goods). */
export const TRANSACTION_CATEGORIES = ["TLB1", "TNT1"] as const;
export type TransactionCategory = typeof TRANSACTION_CATEGORIES[number];

/** A buyer's identifier in Flux 10 (TT-36, its scheme TT-37) and VAT number (TT-38). */
export interface BuyerId {
  /**
   * 0002 a French SIREN, 0223 a business of another member state (its VAT number), 0227 a
   * business outside the EU (its own country's tax id).
   */
  scheme: "0002" | "0223" | "0227";
  id: string;
  vatNumber: string | null;
}

/** The longest identifier of schemes 0223 and 0227 the rules accept (G2.19). */
const MAX_FOREIGN_ID = 18;

/**
 * The business buyer's identifier, or null: a consumer, or a company that gave no number (or one
 * too long for the rules), reported with the consumer sales: Flux 10 needs the buyer's
 * identifier for a sale reported per invoice (G6.28). What a company outside the EU typed as its
 * VAT number is its own country's tax id (as on its e-invoice, domain/en16931.ts).
 */
export function buyerId(doc: Pick<ReportedDocument, "buyer">): BuyerId | null {
  const { company, siren, vatNumber } = doc.buyer;
  if (!company || !vatNumber) return null;
  const vat = vatNumber.toUpperCase();
  if (!checkVatNumber(vat).ok) {
    return vat.length <= MAX_FOREIGN_ID ? { scheme: "0227", id: vat, vatNumber: null } : null;
  }
  // A SIREN (0002) goes with the buyer's VAT number beside it (G2.33).
  if (countryOfVatPrefix(vat.slice(0, 2)) === SELLER_COUNTRY) {
    return { scheme: "0002", id: siren ?? vat.slice(4), vatNumber: vat };
  }
  return { scheme: "0223", id: vat, vatNumber: vat };
}

const sign = (d: Pick<ReportedDocument, "kind">) => d.kind === "credit_note" ? -1 : 1;

/** One VAT rate's share of a day's consumer sales in a category. */
export interface RateTotal {
  rateBp: number;
  netCents: number;
  vatCents: number;
}

/** A day's consumer sales in one category (TG-31): credit notes of the day deducted. */
export interface DailySales {
  day: string;
  category: TransactionCategory;
  /** Invoices of the day (the sales); a credit note takes its amounts off, not a sale. */
  count: number;
  netCents: number;
  vatCents: number;
  rates: RateTotal[];
}

/** One VAT group of a reported invoice (TG-23). */
export interface ReportedVat {
  category: string;
  rateBp: number;
  netCents: number;
  vatCents: number;
  exemptionReason: string | null;
  mention: string | null;
}

/** A sale to a business not established in France, reported as invoiced (TG-8). */
export interface ReportedInvoice {
  number: string;
  kind: InvoiceDocument["kind"];
  issueDate: string;
  /** A credit note's invoice and its issue date. */
  refersTo: string | null;
  refersToDate: string | null;
  buyer: BuyerId;
  /** Where the goods went (ISO code). */
  destination: string;
  netCents: number;
  vatCents: number;
  vat: ReportedVat[];
}

export interface EReport {
  period: ReportingPeriod;
  sales: DailySales[];
  invoices: ReportedInvoice[];
}

/**
 * A consumer sale's category and the VAT reported in France: French VAT (TLB1 at its rate),
 * or none (TNT1 at 0%: exempt exports, and OSS sales, whose foreign VAT goes on the OSS return).
 */
function consumerShare(doc: ReportedDocument, v: ReportedDocument["vat"][number]) {
  const french = doc.tax.taxCountry === SELLER_COUNTRY && v.category === "S";
  return french
    ? { category: "TLB1" as const, rateBp: v.rateBp, vatCents: v.vatCents }
    : { category: "TNT1" as const, rateBp: 0, vatCents: 0 };
}

/**
 * A period's report, fed its documents one at a time (any order); documents issued outside the
 * period and e-invoiced ones are left out. `report()` answers the days and invoices in order.
 */
export function eReportOf(period: ReportingPeriod) {
  const days = new Map<string, DailySales & { byRate: Map<number, RateTotal> }>();
  const invoices: ReportedInvoice[] = [];
  return {
    add(doc: ReportedDocument) {
      if (doc.issueDate < period.from || doc.issueDate > period.to) return;
      // E-invoiced (to a French business or public body): not reported.
      if (processingRule(doc)) return;
      const buyer = buyerId(doc);
      if (buyer) {
        invoices.push({
          number: doc.number,
          kind: doc.kind,
          issueDate: doc.issueDate,
          refersTo: doc.refersTo,
          refersToDate: doc.refersToDate ?? null,
          buyer,
          destination: doc.tax.destination,
          netCents: doc.vat.reduce((n, v) => n + v.netCents, 0),
          vatCents: doc.vat.reduce((n, v) => n + v.vatCents, 0),
          vat: doc.vat.map((v) => ({
            category: v.category,
            rateBp: v.rateBp,
            netCents: v.netCents,
            vatCents: v.vatCents,
            exemptionReason: v.category === "S" ? null : doc.tax.exemptionReason,
            mention: v.category === "S" ? null : doc.mention,
          })),
        });
        return;
      }
      const counted = new Set<string>();
      for (const v of doc.vat) {
        const share = consumerShare(doc, v);
        const key = `${doc.issueDate}/${share.category}`;
        let day = days.get(key);
        if (!day) {
          day = {
            day: doc.issueDate,
            category: share.category,
            count: 0,
            netCents: 0,
            vatCents: 0,
            rates: [],
            byRate: new Map(),
          };
          days.set(key, day);
        }
        // A sale counts once in a category, whatever its number of rates.
        if (doc.kind === "invoice" && !counted.has(key)) {
          day.count++;
          counted.add(key);
        }
        const rate = day.byRate.get(share.rateBp) ??
          { rateBp: share.rateBp, netCents: 0, vatCents: 0 };
        rate.netCents += sign(doc) * v.netCents;
        rate.vatCents += sign(doc) * share.vatCents;
        day.byRate.set(share.rateBp, rate);
        day.netCents += sign(doc) * v.netCents;
        day.vatCents += sign(doc) * share.vatCents;
      }
    },
    report(): EReport {
      const sales = [...days.values()]
        .map(({ byRate, ...d }) => ({
          ...d,
          rates: [...byRate.values()].sort((a, b) => b.rateBp - a.rateBp),
        }))
        .sort((a, b) =>
          a.day.localeCompare(b.day) ||
          TRANSACTION_CATEGORIES.indexOf(a.category) - TRANSACTION_CATEGORIES.indexOf(b.category)
        );
      invoices.sort((a, b) =>
        a.issueDate.localeCompare(b.issueDate) || a.number.localeCompare(b.number)
      );
      return { period, sales, invoices };
    },
  };
}
