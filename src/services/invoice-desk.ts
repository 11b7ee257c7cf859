import { DomainError, NotFoundError, ValidationError } from "../domain/errors.ts";
import {
  type InvoiceDocument,
  type InvoicePeriodQuery,
  toDocumentSummary,
} from "../domain/invoice.ts";
import { RETURN_SCHEME_TEXT } from "../domain/return-schemes.ts";
import { taxTotals } from "../domain/tax-reports.ts";
import { firstOfMonth, lastOfMonth } from "../domain/date-ranges.ts";
import { fromCents } from "../domain/money.ts";
import { OSS_THRESHOLD_CENTS, OSS_WARNING_SHARE } from "../domain/tax.ts";
import { dayStart, nextDay, shopDay } from "../domain/shop-time.ts";
import type { InvoiceStore } from "../store/invoices.ts";
import { type DocumentSettings, renderInvoicePdf } from "./invoice-pdf-lazy.ts";
import { zipStream } from "./zip-stream.ts";
import { toEInvoice } from "../domain/en16931.ts";
import { toUbl } from "../domain/ubl.ts";

export type InvoiceDesk = ReturnType<typeof createInvoiceDesk>;

/** The longest period the Invoices screen lists at once (it holds the period's documents). */
export const MAX_LIST_DAYS = 366;
/** ZIP exports made at once on an instance: each renders every PDF of its period. */
export const MAX_ZIP_EXPORTS = 2;
export const ZIP_BUSY_MESSAGE = "Other PDF exports are being made: try again in a minute";

/** Staff's view of the invoices: a period's list and totals, PDFs, the CSV and the ZIP. */
export function createInvoiceDesk(deps: {
  invoices: InvoiceStore;
  timeZone: string;
  ossRegistered: boolean;
  documents: DocumentSettings;
}) {
  const { invoices, timeZone } = deps;
  let zipping = 0;

  /** The period's days and its bounds in ms (the current month by default). */
  function period(q: InvoicePeriodQuery) {
    const today = shopDay(Date.now(), timeZone);
    const from = q.from ?? firstOfMonth(q.to ?? today);
    const to = q.to ?? (q.from ? lastOfMonth(from) : lastOfMonth(today));
    return { from, to, start: dayStart(from, timeZone), end: dayStart(nextDay(to), timeZone) };
  }

  async function pdf(number: string): Promise<{ doc: InvoiceDocument; bytes: Uint8Array }> {
    const doc = await invoices.get(number);
    if (!doc) throw new NotFoundError("Invoice not found");
    return { doc, bytes: await renderInvoicePdf(doc, deps.documents) };
  }

  /** The UBL 2.1 of a document (EN 16931), for buyers whose software reads UBL. */
  const ublOf = (doc: InvoiceDocument) => new TextEncoder().encode(toUbl(toEInvoice(doc)));

  async function ubl(number: string): Promise<{ doc: InvoiceDocument; bytes: Uint8Array }> {
    const doc = await invoices.get(number);
    if (!doc) throw new NotFoundError("Invoice not found");
    return { doc, bytes: ublOf(doc) };
  }

  /**
   * This calendar year's EU cross-border consumer sales (net, credit notes deducted) against
   * the EUR 10,000 OSS threshold: crossed, or near it (80%), staff must know.
   */
  async function oss() {
    const year = shopDay(Date.now(), timeZone).slice(0, 4);
    const total = await invoices.ossYear(year);
    return {
      year,
      registered: deps.ossRegistered,
      net: fromCents(total.netCents),
      threshold: fromCents(OSS_THRESHOLD_CENTS),
      crossed: total.crossed,
      warning: !total.crossed && total.netCents >= OSS_THRESHOLD_CENTS * OSS_WARNING_SHARE,
    };
  }

  /** A credit note's invoice's issue date: the period the credit note corrects. */
  async function invoiceIssueDate(doc: InvoiceDocument): Promise<string | null> {
    if (doc.kind !== "credit_note" || !doc.refersTo) return null;
    return (await invoices.get(doc.refersTo))?.issueDate ?? null;
  }

  return {
    period,
    pdf,
    oss,
    ubl,
    invoiceIssueDate,

    /**
     * The period's documents, newest first, with the totals per country of taxation, scheme
     * and rate (French and foreign VAT at the same rate apart) and the CA3 box of each.
     */
    async list(q: InvoicePeriodQuery) {
      const p = period(q);
      if (Date.parse(p.to) - Date.parse(p.from) >= MAX_LIST_DAYS * 86_400_000) {
        const message = `The period can be at most ${MAX_LIST_DAYS} days`;
        throw new ValidationError(message, [{ field: "to", message }]);
      }
      const docs: InvoiceDocument[] = [];
      for await (const d of invoices.between(p.start, p.end)) docs.push(d);
      return {
        from: p.from,
        to: p.to,
        documents: docs.reverse().map(toDocumentSummary),
        totals: taxTotals(docs).map((t) => ({
          taxCountry: t.taxCountry,
          scheme: t.scheme,
          box: RETURN_SCHEME_TEXT[t.scheme].box,
          rateBp: t.rateBp,
          category: t.category,
          net: fromCents(t.netCents),
          vat: fromCents(t.vatCents),
          gross: fromCents(t.grossCents),
        })),
        oss: await oss(),
      };
    },

    /** The period's documents, oldest first, one at a time (the export holds none in memory). */
    each(q: InvoicePeriodQuery): AsyncGenerator<InvoiceDocument> {
      const p = period(q);
      return invoices.between(p.start, p.end);
    },

    /**
     * A ZIP of the period's documents, streamed as the client reads: each document's Factur-X
     * PDF and its UBL are made when the stream asks for more, written and let go. At most
     * `MAX_ZIP_EXPORTS` at once (429 past them), so downloads cannot pile up PDF rendering.
     */
    zip(q: InvoicePeriodQuery): ReadableStream<Uint8Array> {
      const p = period(q);
      if (zipping >= MAX_ZIP_EXPORTS) {
        throw new DomainError(429, "too_many_exports", ZIP_BUSY_MESSAGE);
      }
      zipping++;
      let done = false;
      // Whichever comes first, the end, an error or the reader leaving, frees its place once.
      const release = () => {
        if (!done) zipping--;
        done = true;
      };
      const docs = invoices.between(p.start, p.end);
      return zipStream(async () => {
        try {
          const next = await docs.next();
          if (next.done) {
            release();
            return null;
          }
          const doc = next.value;
          const date = new Date(doc.issuedAt);
          return [
            { name: `${doc.number}.pdf`, data: await renderInvoicePdf(doc, deps.documents), date },
            { name: `${doc.number}-ubl.xml`, data: ublOf(doc), date, deflate: true },
          ];
        } catch (err) {
          release();
          throw err;
        }
      }, async () => {
        release();
        await docs.return(undefined);
      });
    },
  };
}
