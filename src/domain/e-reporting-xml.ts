import type { DailySales, EReport, ReportedInvoice } from "./e-reporting.ts";
import { el, leaf, XML_DECLARATION } from "./xml.ts";

/**
 * The Flux 10 file of a period's report (e-reporting.ts): the AIFE schema's `Report`, a header
 * (ReportDocument) and a transactions report (TB-2): the invoices to businesses not established
 * in France (TG-8), then the daily consumer sales (TG-31). No namespace, as the schema has none.
 * Checked in tests against the Flux 10 XSD and the PPF's Schematron (tests/_lib/flux10.ts).
 */

/** Who files: the seller (declarant, SIREN) through its approved platform (sender). */
export interface EReportHeader {
  seller: { siren: string; vatNumber: string; legalName: string };
  /** The approved platform: its 4-character registration number (matricule) and name. */
  platform: { id: string; name: string };
  /** When the file is written (ISO instant): its IssueDateTime, in UTC. */
  issuedAt: string;
}

/** The transmission's id (≤ 50 characters: letters, digits, - + _ /): seller and period. */
export const reportId = (siren: string, periodId: string) => `FRR-${siren}-${periodId}`;

/** "-1234.05": cents as the rules want amounts (two decimals, a point, a sign if negative). */
export function amount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "20", "5.5": a rate in basis points as a percentage. */
const percent = (bp: number) => String(bp / 100);
/** "20261123" */
const compactDay = (day: string) => day.replaceAll("-", "");

/** Invoice (380) and credit note (381) type codes (UNTDID 1001). */
const TYPE_CODES = { invoice: "380", credit_note: "381" } as const;
/** The billing framework (TT-28): B1, an invoice for goods deposited. */
const BUSINESS_PROCESS = "B1";
const PROFILE = "urn.cpro.gouv.fr:1p0:ereporting";

function invoiceXml(inv: ReportedInvoice, header: EReportHeader): string {
  return el(
    "Invoice",
    leaf("ID", inv.number),
    leaf("IssueDate", compactDay(inv.issueDate)),
    leaf("TypeCode", TYPE_CODES[inv.kind]),
    leaf("CurrencyCode", "EUR"),
    el("BusinessProcess", leaf("ID", BUSINESS_PROCESS), leaf("TypeID", PROFILE)),
    inv.refersTo
      ? el(
        "ReferencedDocument",
        leaf("ID", inv.refersTo),
        leaf("IssueDate", inv.refersToDate && compactDay(inv.refersToDate)),
      )
      : null,
    el(
      "Seller",
      leaf("CompanyId", header.seller.siren, { schemeId: "0002" }),
      leaf("TaxRegistrationId", header.seller.vatNumber, { qualifyingId: "VAT" }),
      el("PostalAddress", leaf("CountryId", "FR")),
    ),
    el(
      "Buyer",
      leaf("CompanyId", inv.buyer.id, { schemeId: inv.buyer.scheme }),
      leaf("TaxRegistrationId", inv.buyer.vatNumber, { qualifyingId: "VAT" }),
    ),
    el("Delivery", el("Location", leaf("CountryId", inv.destination))),
    el(
      "MonetaryTotal",
      leaf("TaxExclusiveAmount", amount(inv.netCents)),
      leaf("TaxAmount", amount(inv.vatCents), { CurrencyCode: "EUR" }),
    ),
    inv.vat.map((v) =>
      el(
        "TaxSubTotal",
        leaf("TaxableAmount", amount(v.netCents)),
        leaf("TaxAmount", amount(v.vatCents)),
        el(
          "TaxCategory",
          leaf("Code", v.category),
          leaf("Percent", percent(v.rateBp)),
          leaf("TaxExemptionReason", v.mention),
          leaf("TaxExemptionReasonCode", v.exemptionReason),
        ),
      )
    ),
  );
}

const salesXml = (d: DailySales) =>
  el(
    "Transactions",
    leaf("Date", compactDay(d.day)),
    leaf("TransactionsCurrency", "EUR"),
    leaf("CategoryCode", d.category),
    leaf("TaxExclusiveAmount", amount(d.netCents)),
    leaf("TaxTotal", amount(d.vatCents)),
    leaf("TransactionsCount", d.count),
    d.rates.map((r) =>
      el(
        "TaxSubtotal",
        leaf("TaxPercent", percent(r.rateBp)),
        leaf("TaxableAmount", amount(r.netCents)),
        leaf("TaxTotal", amount(r.vatCents)),
      )
    ),
  );

/** The Flux 10 XML of a report (an initial transmission: type IN). */
export function eReportingXml(report: EReport, header: EReportHeader): string {
  const issued = header.issuedAt.replace(/\D/g, "").slice(0, 14);
  const party = (id: string, scheme: string, name: string, role: string) => [
    leaf("Id", id, { schemeId: scheme }),
    leaf("Name", name),
    leaf("RoleCode", role),
  ];
  return XML_DECLARATION + el(
    "Report",
    el(
      "ReportDocument",
      leaf("Id", reportId(header.seller.siren, report.period.id)),
      el("IssueDateTime", leaf("DateTimeString", issued)),
      leaf("TypeCode", "IN"),
      el("Sender", party(header.platform.id, "0238", header.platform.name, "WK")),
      el("Issuer", party(header.seller.siren, "0002", header.seller.legalName, "SE")),
    ),
    el(
      "TransactionsReport",
      el(
        "ReportPeriod",
        leaf("StartDate", compactDay(report.period.from)),
        leaf("EndDate", compactDay(report.period.to)),
      ),
      report.invoices.map((inv) => invoiceXml(inv, header)),
      report.sales.map(salesXml),
    ),
  ) + "\n";
}
