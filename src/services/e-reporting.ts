import { DomainError } from "../domain/errors.ts";
import { type EReport, eReportOf } from "../domain/e-reporting.ts";
import { eReportingXml } from "../domain/e-reporting-xml.ts";
import type { Seller } from "../domain/invoice.ts";
import type { ReportingPeriod } from "../domain/reporting-periods.ts";
import { dayStart, nextDay } from "../domain/shop-time.ts";
import type { InvoiceStore } from "../store/invoices.ts";

export const MATRICULE_MISSING_MESSAGE =
  "Set PA_MATRICULE (the approved platform's 4-character registration number): e-reporting files name it as their sender";

/**
 * A period's e-reporting (Flux 10): its report from the documents issued in it (read a batch at
 * a time) and its file. The approved platform's sender deposits the file (`file` is its
 * EReportingWriter); staff can download it.
 */
export function createEReporting(deps: {
  invoices: Pick<InvoiceStore, "between" | "get">;
  timeZone: string;
  seller: () => Seller;
  /** PA_MATRICULE, or null. */
  matricule: string | null;
}) {
  async function report(period: ReportingPeriod): Promise<EReport> {
    const builder = eReportOf(period);
    const start = dayStart(period.from, deps.timeZone);
    const end = dayStart(nextDay(period.to), deps.timeZone);
    for await (const doc of deps.invoices.between(start, end)) {
      // A credit note issued before its invoice's date was kept names the invoice only.
      if (doc.kind === "credit_note" && doc.refersTo && !doc.refersToDate) {
        const invoice = await deps.invoices.get(doc.refersTo);
        builder.add({ ...doc, refersToDate: invoice?.issueDate ?? null });
      } else builder.add(doc);
    }
    return builder.report();
  }

  /** The period's Flux 10 file (UTF-8 XML), written now. */
  async function file(period: ReportingPeriod): Promise<Uint8Array> {
    if (!deps.matricule) {
      throw new DomainError(409, "platform_matricule_missing", MATRICULE_MISSING_MESSAGE);
    }
    const seller = deps.seller();
    const xml = eReportingXml(await report(period), {
      seller: { siren: seller.siren, vatNumber: seller.vatNumber, legalName: seller.legalName },
      platform: { id: deps.matricule, name: `PA ${deps.matricule}` },
      issuedAt: new Date().toISOString(),
    });
    return new TextEncoder().encode(xml);
  }

  return { report, file };
}
export type EReporting = ReturnType<typeof createEReporting>;
