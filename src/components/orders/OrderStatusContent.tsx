import type { InvoiceDocument } from "../../domain/invoice.ts";
import { formatMoney } from "../../domain/money.ts";
import type { Order } from "../../domain/order.ts";
import { orderProgress, trackingUrl } from "../../domain/order-progress.ts";
import { formatDay, shopDay } from "../../domain/shop-time.ts";

/**
 * The buyer's order page: where the order is, its lines and totals, the delivery address, and
 * its invoice and credit notes to download. Server-rendered, no JavaScript.
 */
export default function OrderStatusContent(
  { order, documents, token, timeZone }: {
    order: Order;
    documents: InvoiceDocument[];
    token: string;
    /** The shop's (SHOP_TIMEZONE): the days its invoices carry. */
    timeZone: string;
  },
) {
  const dateOf = (iso: string) => formatDay(shopDay(Date.parse(iso), timeZone));
  const { steps, stopped } = orderProgress(order);
  const current = steps.findLastIndex((s) => s.done);
  const ship = order.shipment;
  const tracking = ship ? trackingUrl(ship.carrier, ship.trackingNumber) : null;
  const a = order.shippingAddress;
  const docUrl = (n: string) =>
    `/api/public/orders/${encodeURIComponent(order.orderNumber)}/documents/${
      encodeURIComponent(n)
    }?t=${encodeURIComponent(token)}`;

  return (
    <section class="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <p class="text-sm font-semibold uppercase tracking-widest text-brand-700">Your order</p>
      <h1 class="mt-1 text-3xl font-bold text-ink">{order.orderNumber}</h1>
      <p class="mt-2 text-slate-600">Placed on {dateOf(order.createdAt)}</p>

      {stopped
        ? (
          <p
            class="mt-8 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-900"
            data-testid="order-stopped"
          >
            {stopped}
            {order.refund && (
              <span class="mt-1 block font-normal" data-testid="order-refund">
                {formatMoney(order.refund.amountCents, order.currency)} refunded on{" "}
                {dateOf(order.refund.at)}, to the card you paid with: it usually shows within 5 to
                10 days.
              </span>
            )}
          </p>
        )
        : (
          <ol class="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Order progress">
            {steps.map((s, i) => (
              <li
                key={s.key}
                aria-current={i === current ? "step" : undefined}
                class={`rounded-lg border px-3 py-2 text-sm ${
                  s.done
                    ? "border-green-300 bg-green-50 text-green-900"
                    : "border-slate-200 bg-white text-slate-500"
                }`}
                data-done={s.done ? "true" : "false"}
              >
                <span aria-hidden="true">{s.done ? "✓ " : "○ "}</span>
                {s.label}
                <span class="sr-only">{s.done ? " (done)" : " (not yet)"}</span>
              </li>
            ))}
          </ol>
        )}

      {ship && (
        <div class="mt-6 rounded-lg bg-slate-50 px-4 py-3 text-sm" data-testid="shipment">
          <p>
            Shipped with <strong>{ship.carrier || "our carrier"}</strong>
            {ship.trackingNumber && (
              <>
                , tracking number <strong>{ship.trackingNumber}</strong>
              </>
            )}.
          </p>
          {tracking && (
            <p class="mt-1">
              <a
                href={tracking}
                rel="noopener noreferrer"
                class="font-semibold text-brand-700 underline"
              >
                Track the parcel
              </a>
            </p>
          )}
        </div>
      )}

      <h2 class="mt-10 text-xl font-semibold text-ink">Items</h2>
      <table class="mt-3 w-full text-left text-sm">
        <thead class="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" class="py-2">Item</th>
            <th scope="col" class="py-2 text-right">Qty</th>
            <th scope="col" class="py-2 text-right">Amount</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((l) => (
            <tr key={l.id} class="border-b border-slate-100">
              <td class="py-2">{l.title}</td>
              <td class="py-2 text-right">{l.quantity}</td>
              <td class="py-2 text-right">{formatMoney(l.priceCents * l.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} class="pt-3 text-right font-normal text-slate-600">
              Shipping ({order.shippingCountry})
            </th>
            <td class="pt-3 text-right">{formatMoney(order.shippingFeeCents)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2} class="pt-1 text-right">Total (VAT included)</th>
            <td class="pt-1 text-right font-semibold" data-testid="order-total">
              {formatMoney(order.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>

      <div class="mt-10 grid gap-8 sm:grid-cols-2">
        <div>
          <h2 class="text-xl font-semibold text-ink">Delivery address</h2>
          <address class="mt-3 not-italic leading-6 text-slate-700">
            {order.customer.firstName} {order.customer.lastName}
            <br />
            {a.address}
            <br />
            {[a.zipCode, a.city].filter(Boolean).join(" ")}
            {a.state && (
              <>
                <br />
                {a.state}
              </>
            )}
            <br />
            {order.shippingCountry}
          </address>
        </div>
        <div>
          <h2 class="text-xl font-semibold text-ink">Invoice</h2>
          {documents.length
            ? (
              <ul class="mt-3 space-y-2" data-testid="order-documents">
                {documents.map((d) => (
                  <li key={d.number}>
                    <a
                      href={docUrl(d.number)}
                      class="font-semibold text-brand-700 underline"
                      download={`${d.number}.pdf`}
                    >
                      {d.kind === "invoice" ? "Invoice" : "Credit note"} {d.number} (PDF)
                    </a>
                    <span class="text-sm text-slate-600">, {formatDay(d.issueDate)}</span>
                  </li>
                ))}
              </ul>
            )
            : (
              <p class="mt-3 text-slate-600">
                The invoice is issued when the payment is received.
              </p>
            )}
        </div>
      </div>

      <p class="mt-12 text-sm text-slate-600">
        Questions about this order? Reply to its confirmation mail, or use the{" "}
        <a href="/request-a-demo" class="underline">contact form</a>.
      </p>
    </section>
  );
}
