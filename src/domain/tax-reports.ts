import type { InvoiceDocument } from "./invoice.ts";
import { csvAmount, type CsvDialect, csvNumber, csvRow } from "./csv.ts";
import { RETURN_SCHEMES, type ReturnScheme, returnScheme } from "./return-schemes.ts";
import { vatPrefixOf } from "./vat-number.ts";

/**
 * The accountant's VAT returns from the period's documents, credit notes deducted: the lines
 * of the French return (CA3) each sale belongs to, the OSS return (consumer sales taxed in
 * another member state) and the EC sales list (état récapitulatif: exempt supplies to
 * businesses of other member states). Each sums, to the cent, what the invoices say.
 */

const sign = (d: Pick<InvoiceDocument, "kind">) => d.kind === "credit_note" ? -1 : 1;

/** A period's totals by country of taxation, return scheme, VAT category and rate. */
export interface TaxTotal {
  taxCountry: string;
  scheme: ReturnScheme;
  category: string;
  rateBp: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** The period's totals per tax country, scheme, category and rate (credit notes subtract). */
export function taxTotals(
  docs: Iterable<Pick<InvoiceDocument, "kind" | "vat" | "tax">>,
): TaxTotal[] {
  const by = new Map<string, TaxTotal>();
  for (const d of docs) {
    const scheme = returnScheme(d.tax);
    for (const v of d.vat) {
      const key = `${d.tax.taxCountry}/${scheme}/${v.category}/${v.rateBp}`;
      const t = by.get(key) ?? {
        taxCountry: d.tax.taxCountry,
        scheme,
        category: v.category,
        rateBp: v.rateBp,
        netCents: 0,
        vatCents: 0,
        grossCents: 0,
      };
      t.netCents += sign(d) * v.netCents;
      t.vatCents += sign(d) * v.vatCents;
      t.grossCents += sign(d) * v.grossCents;
      by.set(key, t);
    }
  }
  return [...by.values()].sort((a, b) =>
    RETURN_SCHEMES.indexOf(a.scheme) - RETURN_SCHEMES.indexOf(b.scheme) ||
    a.taxCountry.localeCompare(b.taxCountry) || b.rateBp - a.rateBp ||
    a.category.localeCompare(b.category)
  );
}

/** "2026-Q4": the calendar quarter of a shop day, the OSS return's period. */
export const quarterOf = (day: string) =>
  `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;

export const OSS_CSV_COLUMNS = [
  "Section",
  "Period",
  "Member state of consumption",
  "VAT rate (%)",
  "Taxable amount",
  "VAT",
  "Documents",
];

/** The OSS return's two sections: this period's supplies, then corrections of earlier ones. */
const OSS_SECTIONS = { supplies: "Supplies", correction: "Correction" } as const;

interface OssRow {
  section: keyof typeof OSS_SECTIONS;
  period: string;
  state: string;
  rateBp: number | null;
  net: number;
  vat: number;
  n: number;
}

/**
 * The OSS return: per quarter, member state and rate, the taxable amount and VAT of sales
 * taxed there. A credit note for a sale of an earlier quarter is not netted into this one: the
 * return corrects the earlier period, per member state (its VAT, art. 61 of Regulation
 * 282/2011), so it is listed apart, by the period it corrects and country.
 */
export function ossReport() {
  const rows = new Map<string, OssRow>();
  return {
    /** `invoiceIssueDate`: a credit note's invoice's issue date (the period it corrects). */
    add(d: InvoiceDocument, invoiceIssueDate: string | null = null) {
      if (returnScheme(d.tax) !== "distance_oss") return;
      const period = quarterOf(d.issueDate);
      const corrected = d.kind === "credit_note" && invoiceIssueDate
        ? quarterOf(invoiceIssueDate)
        : period;
      const correction = corrected < period;
      const state = vatPrefixOf(d.tax.taxCountry);
      for (const v of d.vat) {
        const rateBp = correction ? null : v.rateBp;
        const key = `${correction}/${corrected}/${state}/${rateBp}`;
        const row = rows.get(key) ?? {
          section: correction ? "correction" : "supplies",
          period: corrected,
          state,
          rateBp,
          net: 0,
          vat: 0,
          n: 0,
        };
        row.net += sign(d) * v.netCents;
        row.vat += sign(d) * v.vatCents;
        row.n++;
        rows.set(key, row);
      }
    },
    csv(dialect: CsvDialect = "standard"): string {
      const order = Object.keys(OSS_SECTIONS);
      return [...rows.values()]
        .sort((a, b) =>
          order.indexOf(a.section) - order.indexOf(b.section) ||
          a.period.localeCompare(b.period) || a.state.localeCompare(b.state) ||
          (b.rateBp ?? 0) - (a.rateBp ?? 0)
        )
        .map((r) =>
          csvRow([
            OSS_SECTIONS[r.section],
            r.period,
            r.state,
            r.rateBp === null ? "" : csvNumber(r.rateBp / 100),
            csvAmount(r.net),
            csvAmount(r.vat),
            csvNumber(r.n),
          ], dialect)
        ).join("");
    },
  };
}

export const EC_SALES_LIST_CSV_COLUMNS = [
  "Month",
  "Member state",
  "Buyer VAT number",
  "Amount",
  "Documents",
];

/**
 * Per month and buyer VAT number: exempt intra-EU supplies (EC sales list). The month is the
 * document's issue date as issued, never worked out again from its timestamp.
 */
export function ecSalesList() {
  const rows = new Map<string, { month: string; vatNumber: string; amount: number; n: number }>();
  return {
    add(d: InvoiceDocument) {
      if (d.tax.category !== "K" || !d.buyer.vatNumber) return;
      const month = d.issueDate.slice(0, 7);
      const key = `${month}/${d.buyer.vatNumber}`;
      const row = rows.get(key) ?? { month, vatNumber: d.buyer.vatNumber, amount: 0, n: 0 };
      row.amount += sign(d) * d.vat.reduce((n, v) => n + v.netCents, 0);
      row.n++;
      rows.set(key, row);
    },
    csv(dialect: CsvDialect = "standard"): string {
      return [...rows.values()]
        .sort((a, b) => a.month.localeCompare(b.month) || a.vatNumber.localeCompare(b.vatNumber))
        .map((r) =>
          csvRow([
            r.month,
            r.vatNumber.slice(0, 2),
            r.vatNumber,
            csvAmount(r.amount),
            csvNumber(r.n),
          ], dialect)
        ).join("");
    },
  };
}
