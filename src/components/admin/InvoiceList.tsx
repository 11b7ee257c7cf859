import { formatRate } from "../../domain/invoice.ts";
import type { DocumentSummary } from "../../domain/invoice.ts";
import { formatMoney, toCents } from "../../domain/money.ts";

interface Result {
  from: string;
  to: string;
  documents: DocumentSummary[];
  totals: { rateBp: number; net: number; vat: number; gross: number }[];
}

const money = (euros: number) => formatMoney(toCents(euros));
const BUTTON =
  "rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100";

/** The Invoices screen's body: totals per VAT rate, downloads, and the period's documents. */
export default function InvoiceList(
  { result, exportQuery }: { result: Result; exportQuery: string },
) {
  const { documents, totals } = result;
  return (
    <div class="space-y-4">
      <section
        class="rounded-xl bg-white p-4 ring-1 ring-slate-200"
        aria-labelledby="vat-totals"
        data-testid="vat-totals"
      >
        <div class="flex flex-wrap items-center justify-between gap-2">
          <h2 id="vat-totals" class="text-base font-semibold">
            Totals from {result.from} to {result.to}
          </h2>
          <div class="flex flex-wrap gap-2">
            <a href={`/api/invoices/export.csv?${exportQuery}`} class={BUTTON} download>
              Export CSV
            </a>
            <a href={`/api/invoices/export.zip?${exportQuery}`} class={BUTTON} download>
              Download PDFs (ZIP)
            </a>
          </div>
        </div>
        {totals.length
          ? (
            <div class="mt-3 overflow-x-auto">
              <table class="w-full min-w-[28rem] text-left text-sm">
                <thead class="text-slate-600">
                  <tr>
                    <th scope="col" class="py-1">VAT rate</th>
                    <th scope="col" class="py-1 text-right">Net</th>
                    <th scope="col" class="py-1 text-right">VAT</th>
                    <th scope="col" class="py-1 text-right">Gross</th>
                  </tr>
                </thead>
                <tbody>
                  {totals.map((t) => (
                    <tr key={t.rateBp} class="border-t border-slate-100">
                      <th scope="row" class="py-1 font-medium">{formatRate(t.rateBp)}</th>
                      <td class="py-1 text-right">{money(t.net)}</td>
                      <td class="py-1 text-right">{money(t.vat)}</td>
                      <td class="py-1 text-right">{money(t.gross)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
          : <p class="mt-3 text-sm text-slate-600">No invoice or credit note in this period.</p>}
      </section>

      {documents.length > 0 && (
        <div class="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
          <table class="w-full min-w-[44rem] text-left text-sm" data-testid="invoice-table">
            <caption class="sr-only">Invoices and credit notes, newest first</caption>
            <thead class="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" class="px-3 py-2">Number</th>
                <th scope="col" class="px-3 py-2">Date</th>
                <th scope="col" class="px-3 py-2">Order</th>
                <th scope="col" class="px-3 py-2">Customer</th>
                <th scope="col" class="px-3 py-2">Country</th>
                <th scope="col" class="px-3 py-2 text-right">Total</th>
                <th scope="col" class="px-3 py-2">
                  <span class="sr-only">Files</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {documents.map((d) => (
                <tr key={d.number} class="border-t border-slate-100">
                  <td class="px-3 py-2 font-medium">
                    {d.number}
                    {d.kind === "credit_note" && (
                      <span class="block text-xs font-normal text-slate-600">
                        Credit note for {d.refersTo}
                      </span>
                    )}
                  </td>
                  <td class="px-3 py-2">{d.issuedAt.slice(0, 10)}</td>
                  <td class="px-3 py-2">
                    <a
                      href={`/admin/orders/${encodeURIComponent(d.orderId)}`}
                      class="text-brand-700 hover:underline"
                    >
                      {d.orderNumber}
                    </a>
                  </td>
                  <td class="px-3 py-2">{d.customer}</td>
                  <td class="px-3 py-2">{d.country}</td>
                  <td class="px-3 py-2 text-right">{money(d.total)}</td>
                  <td class="px-3 py-2 text-right">
                    <a
                      href={`/api/invoices/${encodeURIComponent(d.number)}/pdf`}
                      class="font-semibold text-brand-700 hover:underline"
                      download={`${d.number}.pdf`}
                    >
                      PDF<span class="sr-only">of {d.number}</span>
                    </a>{" "}
                    <a
                      href={`/api/invoices/${encodeURIComponent(d.number)}/ubl`}
                      class="ml-2 font-semibold text-brand-700 hover:underline"
                      download={`${d.number}-ubl.xml`}
                    >
                      UBL<span class="sr-only">of {d.number}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
