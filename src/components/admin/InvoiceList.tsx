import { formatRate } from "../../domain/invoice.ts";
import type { DocumentSummary } from "../../domain/invoice.ts";
import { formatMoney, toCents } from "../../domain/money.ts";
import { RETURN_SCHEME_TEXT, type ReturnScheme } from "../../domain/return-schemes.ts";

interface Result {
  from: string;
  to: string;
  documents: DocumentSummary[];
  totals: {
    taxCountry: string;
    scheme: ReturnScheme;
    box: string;
    rateBp: number;
    category: string;
    net: number;
    vat: number;
    gross: number;
  }[];
  oss: {
    year: string;
    registered: boolean;
    net: number;
    threshold: number;
    crossed: boolean;
    warning: boolean;
  };
}

/** The screen's words about VAT returns and the OSS threshold, in one place. */
const TEXT = {
  ossTitle: (year: string) => `EU distance sales in ${year}`,
  ossLine: (net: string, threshold: string) =>
    `${net} of ${threshold} (EU consumers in other member states, net, credit notes deducted)`,
  ossRegistered: "Registered for the One-Stop Shop (VAT_OSS=on): EU consumers pay their " +
    "country's VAT, declared in the OSS return.",
  ossCrossed: "Threshold passed: EU consumers pay their country's VAT for the rest of this " +
    "year and next year. Register for the One-Stop Shop (OSS) to declare it, then set VAT_OSS=on.",
  ossWarning: "Over 80% of the threshold: the sale that passes it, and every later one, will " +
    "be charged the buyer's country's VAT. Prepare the OSS registration.",
  ossUnder: "Under the threshold: EU consumers pay French VAT.",
  ossReturn: "OSS return (CSV)",
  ecSalesList: "EC sales list (CSV)",
  ossReturnExcel: "OSS return (Excel FR)",
  ecSalesListExcel: "EC sales list (Excel FR)",
  category: "Category",
  taxCountry: "Tax country",
  scheme: "Scheme",
  box: "Return box",
};

const money = (euros: number) => formatMoney(toCents(euros));
type Total = Result["totals"][number];
const totalKey = (t: Total) => `${t.taxCountry}/${t.scheme}/${t.category}/${t.rateBp}`;
/** A VAT total's amounts, in the order both of its views show them. */
const AMOUNTS = [["Net", "net"], ["VAT", "vat"], ["Gross", "gross"]] as const;
/** The documents table's plain columns (Total and the files follow). */
const DOCUMENT_COLUMNS = ["Number", "Date", "Order", "Customer", "Country"];
const BUTTON =
  "rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100";

/**
 * Phones: one block per country of taxation, scheme and rate, its amounts side by side,
 * never cut.
 */
function TotalsStacked({ totals }: { totals: Total[] }) {
  return (
    <ul class="mt-3 divide-y divide-slate-100 sm:hidden" data-testid="vat-totals-stacked">
      {totals.map((t) => (
        <li key={totalKey(t)} class="py-2 text-sm">
          <p class="font-medium">
            {RETURN_SCHEME_TEXT[t.scheme].label}: {t.taxCountry} VAT {formatRate(t.rateBp)}{" "}
            <span class="font-normal text-slate-600">
              ({TEXT.category} {t.category}, {t.box})
            </span>
          </p>
          <dl class="mt-1 grid grid-cols-3 gap-2">
            {AMOUNTS.map(([label, amount]) => (
              <div key={label} class="min-w-0">
                <dt class="text-xs text-slate-600">{label}</dt>
                <dd class="whitespace-nowrap tabular-nums">{money(t[amount])}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** Wider screens: a row per country of taxation, scheme, category and rate. */
function TotalsTable({ totals }: { totals: Total[] }) {
  return (
    <div class="mt-3 hidden sm:block">
      <table class="w-full text-left text-sm">
        <thead class="text-slate-600">
          <tr>
            <th scope="col" class="py-1">{TEXT.scheme}</th>
            <th scope="col" class="py-1">{TEXT.taxCountry}</th>
            <th scope="col" class="py-1">VAT rate</th>
            <th scope="col" class="py-1">{TEXT.category}</th>
            <th scope="col" class="py-1">{TEXT.box}</th>
            {AMOUNTS.map(([label]) => (
              <th key={label} scope="col" class="py-1 text-right">{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {totals.map((t) => (
            <tr key={totalKey(t)} class="border-t border-slate-100">
              <th scope="row" class="py-1 font-medium">{RETURN_SCHEME_TEXT[t.scheme].label}</th>
              <td class="py-1">{t.taxCountry}</td>
              <td class="py-1">{formatRate(t.rateBp)}</td>
              <td class="py-1">{t.category}</td>
              <td class="py-1">{t.box}</td>
              {AMOUNTS.map(([, amount]) => (
                <td key={amount} class="py-1 text-right tabular-nums">{money(t[amount])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The Invoices screen's body: totals per country of taxation, scheme and rate, downloads,
 * and the period's documents.
 */
export default function InvoiceList(
  { result, exportQuery }: { result: Result; exportQuery: string },
) {
  const { documents, totals, oss } = result;
  const share = Math.min(100, Math.round((oss.net / oss.threshold) * 100));
  return (
    <div class="space-y-4">
      <section
        class={`rounded-xl p-4 ring-1 ${
          oss.crossed || oss.warning ? "bg-amber-50 ring-amber-300" : "bg-white ring-slate-200"
        }`}
        aria-labelledby="oss-total"
        data-testid="oss-total"
      >
        <h2 id="oss-total" class="text-base font-semibold">{TEXT.ossTitle(oss.year)}</h2>
        <p class="mt-1 text-sm">
          {TEXT.ossLine(money(oss.net), money(oss.threshold))}
        </p>
        <meter
          class="mt-2 h-3 w-full"
          aria-label={TEXT.ossTitle(oss.year)}
          min={0}
          max={oss.threshold}
          low={oss.threshold * 0.8}
          high={oss.threshold * 0.8}
          optimum={0}
          value={Math.min(oss.net, oss.threshold)}
        >
          {share}%
        </meter>
        <p
          class="mt-2 text-sm font-medium"
          role={oss.warning && !oss.registered ? "alert" : undefined}
        >
          {oss.registered
            ? TEXT.ossRegistered
            : oss.crossed
            ? TEXT.ossCrossed
            : oss.warning
            ? TEXT.ossWarning
            : TEXT.ossUnder}
        </p>
      </section>
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
            <a
              href={`/api/invoices/export.csv?${exportQuery}&format=excel-fr`}
              class={BUTTON}
              download
            >
              Export CSV (Excel FR)
            </a>
            <a href={`/api/invoices/export.zip?${exportQuery}`} class={BUTTON} download>
              Download PDFs (ZIP)
            </a>
            <a href={`/api/invoices/oss.csv?${exportQuery}`} class={BUTTON} download>
              {TEXT.ossReturn}
            </a>
            <a href={`/api/invoices/ec-sales-list.csv?${exportQuery}`} class={BUTTON} download>
              {TEXT.ecSalesList}
            </a>
            <a
              href={`/api/invoices/oss.csv?${exportQuery}&format=excel-fr`}
              class={BUTTON}
              download
            >
              {TEXT.ossReturnExcel}
            </a>
            <a
              href={`/api/invoices/ec-sales-list.csv?${exportQuery}&format=excel-fr`}
              class={BUTTON}
              download
            >
              {TEXT.ecSalesListExcel}
            </a>
          </div>
        </div>
        {totals.length
          ? (
            <>
              <TotalsStacked totals={totals} />
              <TotalsTable totals={totals} />
            </>
          )
          : <p class="mt-3 text-sm text-slate-600">No invoice or credit note in this period.</p>}
      </section>

      {documents.length > 0 && (
        <ul
          class="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200 sm:hidden"
          aria-label="Invoices and credit notes, newest first"
          data-testid="invoice-cards"
        >
          {documents.map((d) => (
            <li key={d.number} class="px-3 py-2 text-sm" data-testid="invoice-card">
              <div class="flex items-baseline justify-between gap-3">
                <span class="font-medium">{d.number}</span>
                <span
                  class="whitespace-nowrap font-semibold tabular-nums"
                  data-testid="invoice-total"
                >
                  {money(d.total)}
                </span>
              </div>
              {d.kind === "credit_note" && (
                <p class="text-xs text-slate-600">Credit note for {d.refersTo}</p>
              )}
              <div class="mt-1 flex items-baseline justify-between gap-3">
                <span class="min-w-0 text-slate-600">
                  {d.issueDate} ·{" "}
                  <a
                    href={`/admin/orders/${encodeURIComponent(d.orderId)}`}
                    class="text-brand-700 underline"
                  >
                    {d.orderNumber}
                  </a>{" "}
                  · {d.country}
                </span>
                <a
                  href={`/api/invoices/${encodeURIComponent(d.number)}/pdf`}
                  class="shrink-0 font-semibold text-brand-700 hover:underline"
                  download={`${d.number}.pdf`}
                >
                  PDF<span class="sr-only">of {d.number}</span>
                </a>
              </div>
              <p class="break-words text-slate-700">{d.customer}</p>
            </li>
          ))}
        </ul>
      )}

      {documents.length > 0 && (
        <div class="hidden overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200 sm:block">
          <table class="w-full min-w-[44rem] text-left text-sm" data-testid="invoice-table">
            <caption class="sr-only">Invoices and credit notes, newest first</caption>
            <thead class="bg-slate-50 text-slate-600">
              <tr>
                {DOCUMENT_COLUMNS.map((c) => <th key={c} scope="col" class="px-3 py-2">{c}</th>)}
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
                  <td class="px-3 py-2">{d.issueDate}</td>
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
                  <td class="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                    {money(d.total)}
                  </td>
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
