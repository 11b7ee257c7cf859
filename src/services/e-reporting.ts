import type { AuditActor } from "../domain/audit.ts";
import { DomainError } from "../domain/errors.ts";
import { type EReport, eReportOf } from "../domain/e-reporting.ts";
import { eReportingXml } from "../domain/e-reporting-xml.ts";
import type { Seller } from "../domain/invoice.ts";
import type { ReportingPeriod } from "../domain/reporting-periods.ts";
import { nextDay } from "../domain/shop-time.ts";
import { addAudit } from "../store/audit.ts";
import type { InvoiceStore } from "../store/invoices.ts";

export const MATRICULE_MISSING_MESSAGE =
  "Set PA_MATRICULE (the approved platform's 4-character registration number): e-reporting files name it as their sender";

/**
 * A period's e-reporting (Flux 10): its report from the records of the documents issued in it
 * (the invoice store's day index, read a page at a time) and its file. The approved platform's sender deposits the file (`file` is its
 * EReportingWriter); staff can download it.
 */
export function createEReporting(deps: {
  kv: Deno.Kv;
  invoices: Pick<InvoiceStore, "reportedBetween" | "get">;
  seller: () => Seller;
  /** PA_MATRICULE, or null. */
  matricule: string | null;
}) {
  async function report(period: ReportingPeriod): Promise<EReport> {
    const builder = eReportOf(period);
    for await (const doc of deps.invoices.reportedBetween(period.from, nextDay(period.to))) {
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

  /** A staff download of a period's file, in the audit log (who took which period's file). */
  async function download(actor: AuditActor, period: ReportingPeriod): Promise<Uint8Array> {
    const bytes = await file(period);
    const op = deps.kv.atomic();
    addAudit(op, {
      actor,
      action: "ereporting.download",
      entity: "ereporting",
      entityId: period.id,
      summary: `Downloaded the e-reporting file of ${period.from} to ${period.to}`,
    });
    await op.commit();
    return bytes;
  }

  return { report, file, download };
}
export type EReporting = ReturnType<typeof createEReporting>;
