import type { InvoiceDocument } from "./invoice.ts";
import { formatRate } from "./invoice.ts";
import { formatAmount } from "./money.ts";
import { csvRow } from "./order-csv.ts";
import { shopDay } from "./shop-time.ts";
import { SELLER_COUNTRY } from "./tax.ts";
import { vatPrefixOf } from "./vat-number.ts";

/**
 * The accountant's VAT returns from the period's documents, credit notes deducted: the OSS
 * return (consumer sales taxed in another member state) and the EC sales list (état
 * récapitulatif: exempt supplies to businesses of other member states). Each sums, to the
 * cent, what the invoices of the period say.
 */

const sign = (d: Pick<InvoiceDocument, "kind">) => d.kind === "credit_note" ? -1 : 1;

export const OSS_CSV_HEADER = csvRow([
  "Member state of consumption",
  "VAT rate",
  "Taxable amount",
  "VAT",
  "Documents",
]);

/** Per destination and rate: the taxable amount and VAT of sales taxed there (OSS return). */
export function ossReport() {
  const rows = new Map<
    string,
    { state: string; rateBp: number; net: number; vat: number; n: number }
  >();
  return {
    add(d: InvoiceDocument) {
      if (d.tax.scheme !== "distance" || d.tax.taxCountry === SELLER_COUNTRY) return;
      for (const v of d.vat) {
        const key = `${d.tax.taxCountry}/${v.rateBp}`;
        const row = rows.get(key) ??
          { state: vatPrefixOf(d.tax.taxCountry), rateBp: v.rateBp, net: 0, vat: 0, n: 0 };
        row.net += sign(d) * v.netCents;
        row.vat += sign(d) * v.vatCents;
        row.n++;
        rows.set(key, row);
      }
    },
    csv(): string {
      return [...rows.values()]
        .sort((a, b) => a.state.localeCompare(b.state) || b.rateBp - a.rateBp)
        .map((r) =>
          csvRow([
            r.state,
            formatRate(r.rateBp),
            formatAmount(r.net),
            formatAmount(r.vat),
            String(r.n),
          ])
        ).join("");
    },
  };
}

export const EC_SALES_LIST_CSV_HEADER = csvRow([
  "Month",
  "Member state",
  "Buyer VAT number",
  "Amount",
  "Documents",
]);

/** Per month (shop time) and buyer VAT number: exempt intra-EU supplies (EC sales list). */
export function ecSalesList(timeZone: string) {
  const rows = new Map<string, { month: string; vatNumber: string; amount: number; n: number }>();
  return {
    add(d: InvoiceDocument) {
      if (d.tax.category !== "K" || !d.buyer.vatNumber) return;
      const month = shopDay(Date.parse(d.issuedAt), timeZone).slice(0, 7);
      const key = `${month}/${d.buyer.vatNumber}`;
      const row = rows.get(key) ?? { month, vatNumber: d.buyer.vatNumber, amount: 0, n: 0 };
      row.amount += sign(d) * d.vat.reduce((n, v) => n + v.netCents, 0);
      row.n++;
      rows.set(key, row);
    },
    csv(): string {
      return [...rows.values()]
        .sort((a, b) => a.month.localeCompare(b.month) || a.vatNumber.localeCompare(b.vatNumber))
        .map((r) =>
          csvRow([
            r.month,
            r.vatNumber.slice(0, 2),
            r.vatNumber,
            formatAmount(r.amount),
            String(r.n),
          ])
        ).join("");
    },
  };
}
