import type { AdminOrder } from "../../domain/admin-order.ts";
import type { DocumentSummary } from "../../domain/invoice.ts";
import { toCents } from "../../domain/money.ts";
import { formatMoney } from "../../domain/money.ts";

const LINK =
  "rounded-lg px-3 py-1.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100";

/**
 * An order's invoice and credit notes on its back-office page, each with its PDF and UBL, and
 * the pro-forma of an order paid before shipping.
 */
export default function OrderDocuments(
  { documents, order }: {
    documents: DocumentSummary[];
    order: Pick<AdminOrder, "_id" | "orderNumber" | "proForma" | "account">;
  },
) {
  const { account } = order;
  return (
    <section
      class="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-5"
      data-testid="order-documents"
    >
      <h2 class="mb-3 text-base font-semibold">Invoice and credit notes</h2>
      {account && (
        <dl
          class="mb-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm"
          data-testid="order-account"
        >
          <dt class="text-slate-600">Payment</dt>
          <dd>
            Bank transfer, {account.terms === "before_shipping"
              ? "before shipping"
              : `on terms: ${account.termsDays} days after the invoice`}
          </dd>
          {account.dueDate && (
            <>
              <dt class="text-slate-600">Due date</dt>
              <dd>{account.dueDate}</dd>
            </>
          )}
          <dt class="text-slate-600">Reference</dt>
          <dd class="break-all">{account.reference}</dd>
          <dt class="text-slate-600">Due</dt>
          <dd>{formatMoney(toCents(account.due))}</dd>
        </dl>
      )}
      {order.proForma && (
        <p class="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm">
          <span>
            <span class="font-medium">Pro forma invoice</span>
            <span class="text-slate-600">(paid before shipping: not an invoice)</span>
          </span>
          <a
            href={`/api/orders/${encodeURIComponent(order._id)}/pro-forma`}
            download={`pro-forma-${order.orderNumber}.pdf`}
            class={LINK}
          >
            Download pro forma<span class="sr-only">of {order.orderNumber}</span>
          </a>
        </p>
      )}
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
                    {d.issueDate}, {formatMoney(toCents(d.total))}
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
            {account?.terms === "on_terms"
              ? "No invoice yet: one is issued when the order ships."
              : "No invoice yet: one is issued when the order is paid."}
          </p>
        )}
    </section>
  );
}
