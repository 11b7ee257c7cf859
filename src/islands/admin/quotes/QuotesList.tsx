import { formatMoney } from "../../../domain/money.ts";
import type { SalesQuote } from "../../../domain/sales-quote.ts";
import { formatShopTime } from "../../../domain/shop-time.ts";
import { EmptyState } from "../ui/feedback.tsx";
import { ListTable } from "../ui/table.tsx";
import { QuoteStatusBadge } from "../../../ui/admin/QuoteDetail.tsx";

const cell = "px-3 py-2 align-top";

/** The quotes of one page, newest first, each opening its own page (rendered on the server only). */
export default function QuotesList(
  { quotes, timeZone }: { quotes: SalesQuote[]; timeZone: string },
) {
  if (quotes.length === 0) return <EmptyState>No quotes found</EmptyState>;
  return (
    <ListTable
      testId="quotes-table"
      caption="Quotes, newest first"
      columns={["Quote", `Date (${timeZone})`, "Buyer", "Total", "Valid until", "Status", "Order"]}
    >
      {quotes.map((q) => (
        <tr key={q.id} data-testid="quote-row" data-quote={q.number}>
          <td class={cell}>
            <a href={`/admin/quotes/${q.id}`} class="font-semibold text-brand-700 hover:underline">
              {q.number}
            </a>
          </td>
          <td class={`${cell} whitespace-nowrap`}>{formatShopTime(q.createdAt, timeZone)}</td>
          <td class={cell}>
            <div class="font-medium">{q.business.companyName}</div>
            <div class="text-slate-600">
              {q.customer.firstName} {q.customer.lastName} · {q.customer.email}
            </div>
          </td>
          <td class={`${cell} whitespace-nowrap font-semibold`}>{formatMoney(q.totalCents)}</td>
          <td class={`${cell} whitespace-nowrap`}>{q.validUntil}</td>
          <td class={cell}>
            <QuoteStatusBadge status={q.status} />
            {q.viewedAt && q.status === "sent" && (
              <div class="mt-1 text-xs text-slate-500">viewed</div>
            )}
          </td>
          <td class={cell}>
            {q.orderId
              ? (
                <a href={`/admin/orders/${q.orderId}`} class="text-brand-700 hover:underline">
                  {q.orderNumber}
                </a>
              )
              : ""}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
