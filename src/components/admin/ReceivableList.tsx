import { formatMoney } from "../../domain/money.ts";
import type { AgingBucket, Receivable, totalsOf } from "../../domain/receivables.ts";
import { AGING_BUCKETS } from "../../domain/receivables.ts";

const BUCKET_LABELS: Record<AgingBucket, string> = {
  not_due: "Not yet due",
  "1_30": "1-30 days late",
  "31_60": "31-60 days late",
  over_60: "Over 60 days late",
};

/** The Receivables screen's body: totals per aging bucket, the CSV links, then each invoice. */
export default function ReceivableList(
  { receivables, totals }: { receivables: Receivable[]; totals: ReturnType<typeof totalsOf> },
) {
  return (
    <div class="space-y-4">
      <dl class="grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="aging">
        {AGING_BUCKETS.map((b) => (
          <div key={b} class="rounded-xl bg-white p-3 ring-1 ring-slate-200">
            <dt class="text-sm text-slate-600">{BUCKET_LABELS[b]}</dt>
            <dd class="text-lg font-bold tabular-nums">{formatMoney(totals.byBucket[b])}</dd>
          </div>
        ))}
        <div class="rounded-xl bg-white p-3 ring-1 ring-slate-200">
          <dt class="text-sm text-slate-600">Total due ({totals.count})</dt>
          <dd class="text-lg font-bold tabular-nums">{formatMoney(totals.dueCents)}</dd>
        </div>
      </dl>
      <p class="flex flex-wrap gap-4 text-sm">
        <a class="text-blue-800 underline" href="/api/receivables/export.csv" download>
          Export CSV
        </a>
        <a
          class="text-blue-800 underline"
          href="/api/receivables/export.csv?format=excel-fr"
          download
        >
          Export CSV (Excel, French)
        </a>
      </p>
      {receivables.length === 0
        ? (
          <p class="rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200">
            No open invoice on terms.
          </p>
        )
        : (
          <div class="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
            <table class="w-full text-left text-sm" data-testid="receivables">
              <thead class="text-slate-600">
                <tr>
                  <th scope="col" class="px-3 py-2">Order</th>
                  <th scope="col" class="px-3 py-2">Invoice</th>
                  <th scope="col" class="px-3 py-2">Company</th>
                  <th scope="col" class="px-3 py-2">Due date</th>
                  <th scope="col" class="px-3 py-2 text-right">Due</th>
                  <th scope="col" class="px-3 py-2 text-right">Days late</th>
                  <th scope="col" class="px-3 py-2">Reminders</th>
                </tr>
              </thead>
              <tbody>
                {receivables.map((r) => (
                  <tr
                    key={r.orderId}
                    class={`border-t border-slate-100 ${r.flagged ? "bg-red-50" : ""}`}
                    data-flagged={r.flagged}
                  >
                    <th scope="row" class="px-3 py-2 font-normal">
                      <a class="text-blue-800 underline" href={`/admin/orders/${r.orderId}`}>
                        {r.orderNumber}
                      </a>
                    </th>
                    <td class="px-3 py-2">{r.invoiceNumber ?? ""}</td>
                    <td class="px-3 py-2">{r.company}</td>
                    <td class="whitespace-nowrap px-3 py-2">{r.dueDate}</td>
                    <td class="px-3 py-2 text-right tabular-nums">{formatMoney(r.dueCents)}</td>
                    <td class="px-3 py-2 text-right tabular-nums">{Math.max(0, r.daysLate)}</td>
                    <td class="px-3 py-2">
                      {r.remindersSent}
                      {r.flagged && <strong class="ml-2 text-red-800">Call the buyer</strong>}
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
