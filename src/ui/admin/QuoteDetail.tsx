import type { ComponentChildren } from "preact";
import type { AuditEntry } from "../../domain/audit.ts";
import { formatMoney } from "../../domain/money.ts";
import type { QuoteStatus, SalesQuote } from "../../domain/sales-quote.ts";
import { formatShopTime } from "../../domain/shop-time.ts";
import { vatGroup } from "../../domain/tax.ts";
import { vatStatement } from "../../domain/vat-statement.ts";
import { tax as taxMessages } from "../../i18n/messages/en/tax.ts";
import { taxWords } from "../../i18n/tax-words.ts";
import StatusBadge, { type BadgeColour } from "./StatusBadge.tsx";

const STAFF_TAX_WORDS = taxWords(taxMessages, "en");

export const QUOTE_STATUS_COLOURS: Readonly<Record<QuoteStatus, BadgeColour>> = {
  draft: "grey",
  sent: "blue",
  accepted: "green",
  declined: "red",
  expired: "yellow",
  cancelled: "grey",
};

/** "On terms, 30 days" / "Before shipping (pro-forma)": how a quote is paid, for staff. */
export const termsText = (t: SalesQuote["terms"]) =>
  t.kind === "on_terms"
    ? `On terms, ${t.days} days after shipping`
    : "Before shipping (pro-forma, by transfer)";

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <StatusBadge value={status} colour={QUOTE_STATUS_COLOURS[status]} />;
}

function Section({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <section class="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <h2 class="mb-3 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** A pair of a definition list, left and right. */
function Row({ term, children }: { term: string; children: ComponentChildren }) {
  return (
    <div class="flex justify-between gap-3">
      <dt class="text-slate-600">{term}</dt>
      <dd class="text-right">{children}</dd>
    </div>
  );
}

/**
 * A quote as staff read it: lines with their discounts, totals and VAT as the checkout charges
 * them, the buyer, its terms, what the buyer did and when (viewed, accepted with its purchase
 * order, declined and why), the order it made, and its history; times in the shop's zone.
 */
export default function QuoteDetail(
  { quote: q, history, timeZone }: {
    quote: SalesQuote;
    history: AuditEntry[];
    timeZone: string;
  },
) {
  const when = (iso: string) => `${formatShopTime(iso, timeZone)} (${timeZone})`;
  const vat = vatStatement(q.tax, vatGroup(q.totalCents, q.tax).vatCents, STAFF_TAX_WORDS);
  const excl = vat.exempt ? ` (${STAFF_TAX_WORDS.excluded})` : "";
  const a = q.shippingAddress;
  const b = q.billingAddress;
  const events: [string, string | undefined][] = [
    ["Created", q.createdAt],
    ["Sent", q.sentAt],
    ["Viewed by the buyer", q.viewedAt],
    ["Accepted", q.acceptedAt],
    ["Declined", q.declinedAt],
    ["Cancelled", q.cancelledAt],
    ["Expired", q.expiredAt],
  ];
  return (
    <div class="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <div class="min-w-0 space-y-4 lg:col-span-2">
        <Section title="Items">
          <div class="overflow-x-auto">
            <table class="w-full text-sm" data-testid="quote-lines">
              <caption class="sr-only">Quote lines</caption>
              <thead class="text-left text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" class="py-1">Product</th>
                  <th scope="col" class="py-1 text-right">Shelf</th>
                  <th scope="col" class="py-1 text-right">Disc.</th>
                  <th scope="col" class="py-1 text-right">Unit{excl}</th>
                  <th scope="col" class="py-1 text-right">Qty</th>
                  <th scope="col" class="py-1 text-right">Amount</th>
                </tr>
              </thead>
              <tbody class="divide-y divide-slate-100">
                {q.lines.map((l) => (
                  <tr key={l.id}>
                    <td class="py-2">{l.title}</td>
                    <td class="py-2 text-right">{formatMoney(l.shelfCents)}</td>
                    <td class="py-2 text-right">{l.discountBp ? `${l.discountBp / 100} %` : ""}</td>
                    <td class="py-2 text-right">{formatMoney(l.priceCents)}</td>
                    <td class="py-2 text-right">{l.quantity}</td>
                    <td class="py-2 text-right">{formatMoney(l.priceCents * l.quantity)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl class="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm">
            <Row term={`Subtotal${excl}`}>{formatMoney(q.subtotalCents)}</Row>
            <Row
              term={`Shipping (${q.shippingFeeDetails.country})${
                q.shippingFeeOverrideCents === undefined ? "" : ", set by staff"
              }`}
            >
              {formatMoney(q.shippingFeeCents)}
            </Row>
            <div class="flex justify-between gap-3 font-semibold">
              <dt>Total{excl}</dt>
              <dd data-testid="quote-total">{formatMoney(q.totalCents)}</dd>
            </div>
            <Row term={vat.label}>{formatMoney(vat.vatCents)}</Row>
          </dl>
          {vat.mention && <p lang="fr" class="mt-2 text-sm text-slate-600">{vat.mention}</p>}
          {q.note && <p class="mt-3 whitespace-pre-line text-sm">Note: {q.note}</p>}
          {q.message && (
            <p class="mt-3 whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm">
              Buyer's message: {q.message}
            </p>
          )}
        </Section>
        <Section title="History">
          <ol
            class="space-y-3 border-l-2 border-slate-200 pl-4 text-sm"
            data-testid="quote-timeline"
          >
            {history.map((h) => (
              <li key={h.id}>
                <p class="font-medium">{h.summary}</p>
                <p class="text-slate-500">{when(h.at)} · {h.actor.email || h.actor.id}</p>
              </li>
            ))}
          </ol>
        </Section>
      </div>
      <div class="min-w-0 space-y-4">
        <Section title="Quote">
          <dl class="space-y-1 text-sm" data-testid="quote-facts">
            <Row term="Valid until">{q.validUntil}</Row>
            <Row term="Payment">{termsText(q.terms)}</Row>
            <Row term="Language">{q.locale === "fr" ? "French" : "English"}</Row>
            <Row term="PDF">
              <a
                class="font-medium text-brand-700 underline"
                href={`/api/quotes/${q.id}/pdf`}
                download={`${q.number}.pdf`}
                data-testid="quote-pdf"
              >
                {q.number}.pdf<span class="sr-only">, the quote as the buyer reads it</span>
              </a>
            </Row>
            <Row term="From">{q.source === "request" ? "Buyer's request" : "Staff"}</Row>
            {events.filter(([, at]) => at).map(([label, at]) => (
              <Row key={label} term={label}>{when(at!)}</Row>
            ))}
            {q.declineReason && <Row term="Reason">{q.declineReason}</Row>}
            {q.acceptance && (
              <Row term="Purchase order">
                <span class="font-mono text-xs" data-testid="quote-po">
                  {q.acceptance.purchaseOrder}
                </span>
              </Row>
            )}
            {q.acceptance?.attachment && (
              <Row term="PO file">
                <a
                  class="font-medium text-brand-700 underline"
                  href={`/api/quotes/${q.id}/purchase-order`}
                  download
                >
                  {q.acceptance.attachment.name} ({Math.ceil(q.acceptance.attachment.size / 1024)}
                  {" "}
                  KB)
                </a>
              </Row>
            )}
            {q.orderId && (
              <Row term="Order">
                <a
                  class="font-semibold text-brand-700 underline"
                  href={`/admin/orders/${q.orderId}`}
                  data-testid="quote-order"
                >
                  {q.orderNumber}
                </a>
              </Row>
            )}
          </dl>
        </Section>
        <Section title="Buyer">
          <p class="font-medium">{q.business.companyName}</p>
          <dl class="mt-1 space-y-1 text-sm">
            {q.business.vatNumber && <Row term="VAT number">{q.business.vatNumber}</Row>}
            {q.business.siren && <Row term="SIREN">{q.business.siren}</Row>}
            {q.business.purchaseOrder && (
              <Row term="Their reference">{q.business.purchaseOrder}</Row>
            )}
            {/* A public body's (Chorus Pro): what the invoice of its order will carry. */}
            {q.business.publicBody && (
              <>
                <Row term="SIRET (Chorus Pro)">{q.business.publicBody.siret}</Row>
                {q.business.publicBody.serviceCode && (
                  <Row term="Service code">{q.business.publicBody.serviceCode}</Row>
                )}
                {q.business.publicBody.engagementNumber && (
                  <Row term="Engagement number (EJ)">{q.business.publicBody.engagementNumber}</Row>
                )}
              </>
            )}
          </dl>
          <p class="mt-2 text-sm">{q.customer.firstName} {q.customer.lastName}</p>
          <p class="text-sm text-slate-600">{q.customer.email}</p>
          <p class="text-sm text-slate-600">{q.customer.phone}</p>
        </Section>
        <Section title="Delivery address">
          <address class="text-sm not-italic leading-6">
            {[a.address, [a.zipCode, a.city].filter(Boolean).join(" "), a.state, a.country]
              .filter(Boolean).map((line, i) => <span key={i} class="block">{line}</span>)}
          </address>
          {b && (
            <>
              <h3 class="mt-3 text-sm font-semibold">Billing address</h3>
              <address class="text-sm not-italic leading-6">
                {[b.address, [b.zipCode, b.city].filter(Boolean).join(" "), b.state, b.country]
                  .filter(Boolean).map((line, i) => <span key={i} class="block">{line}</span>)}
              </address>
            </>
          )}
        </Section>
      </div>
    </div>
  );
}
