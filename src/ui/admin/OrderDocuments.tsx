import type { DocumentSummary } from "../../domain/invoice.ts";
import { toCents } from "../../domain/money.ts";
import { formatMoney } from "../../domain/money.ts";

/** An order's invoice and credit notes on its back-office page, each with its PDF and UBL. */
export default function OrderDocuments({ documents }: { documents: DocumentSummary[] }) {
  return (
    <section
      class="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-5"
      data-testid="order-documents"
    >
      <h2 class="mb-3 text-base font-semibold">Invoice and credit notes</h2>
      {documents.length
        ? (
          <ul class="divide-y divide-slate-100 text-sm">
            {documents.map((d) => (
              <li key={d.number} class="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span class="font-medium">
                    {d.kind === "invoice" ? "Invoice" : "Credit note"} {d.number}
                  </span>
                  <span class="text-slate-600">
                    {" "}
                    {d.issuedAt.slice(0, 10)}, {formatMoney(toCents(d.total))}
                  </span>
                </span>
                <span class="flex gap-2">
                  <a
                    href={`/api/invoices/${encodeURIComponent(d.number)}/pdf`}
                    download={`${d.number}.pdf`}
                    class="rounded-lg px-3 py-1.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100"
                  >
                    Download PDF<span class="sr-only">of {d.number}</span>
                  </a>
                  <a
                    href={`/api/invoices/${encodeURIComponent(d.number)}/ubl`}
                    download={`${d.number}-ubl.xml`}
                    class="rounded-lg px-3 py-1.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100"
                  >
                    UBL<span class="sr-only">of {d.number}</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )
        : (
          <p class="text-sm text-slate-600">
            No invoice yet: one is issued when the order is paid.
          </p>
        )}
    </section>
  );
}
