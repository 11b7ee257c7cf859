import type { AuditEntry } from "../../domain/audit.ts";
import { formatMoney, toCents } from "../../domain/money.ts";
import { PAYMENT_METHOD_LABELS, STATUS_COLOURS } from "../../domain/order-status.ts";
import type { AdminOrder } from "../../domain/admin-order.ts";
import { formatShopTime } from "../../domain/shop-time.ts";
import { ratePercent, vatStatement } from "../../domain/vat-statement.ts";
import { tax as taxMessages } from "../../i18n/messages/en/tax.ts";
import { taxWords } from "../../i18n/tax-words.ts";

/** The language an order was placed in, as staff read it. */
const ORDER_LANGUAGES = { en: "English", fr: "French" } as const;
import StatusBadge, { type BadgeColour } from "./StatusBadge.tsx";

/** How the back office (in English) states VAT: the buyers' words, in English. */
const STAFF_TAX_WORDS = taxWords(taxMessages, "en");

/** The staff page's words about tax, in one place. */
const TAX_TEXT = {
  title: "Tax",
  scheme: {
    domestic: "Sale taxed in France (French return)",
    distance: "EU consumer (distance sale)",
    intra_eu: "Intra-EU supply to a business (exempt)",
    export: "Export outside the EU (exempt)",
  } as Record<string, string>,
  category: "VAT category",
  taxCountry: "VAT of",
  vies: "VIES consultation",
  viesName: "Name at VIES",
  viesAddress: "Address at VIES",
  nameCheck: {
    match: "Typed name matches VIES's",
    mismatch: "Typed name differs from VIES's",
    unknown: "VIES gives no name to compare: check it",
  } as Record<string, string>,
  viesUnavailable: "VIES unavailable: VAT charged",
  company: "Company",
  vatNumber: "VAT number",
  siren: "SIREN",
  purchaseOrder: "Purchase order",
  // A public body's (Chorus Pro): what its invoice carries (BT-46, BT-10, BT-13).
  siret: "SIRET (Chorus Pro)",
  serviceCode: "Service code",
  engagementNumber: "Engagement number (EJ)",
  billing: "Billing address",
};

function Section({ title, children }: { title: string; children: preact.ComponentChildren }) {
  return (
    <section class="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <h2 class="mb-3 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/**
 * An order as staff read it: lines, totals, customer, address, payment, and its history, its
 * times in the shop's zone (named).
 */
export default function OrderDetail(
  { order, history, timeZone }: { order: AdminOrder; history: AuditEntry[]; timeZone: string },
) {
  const when = (iso: string) => `${formatShopTime(iso, timeZone)} (${timeZone})`;
  const a = order.shippingAddress;
  const vat = vatStatement(order.tax, toCents(order.vat), STAFF_TAX_WORDS);
  const excl = vat.exempt ? ` (${STAFF_TAX_WORDS.excluded})` : "";
  const b = order.billingAddress;
  return (
    <div class="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <div class="space-y-4 lg:col-span-2">
        {order.needsRefund && (
          <p
            role="alert"
            class="rounded-xl bg-red-50 p-4 text-sm font-medium text-red-900 ring-1 ring-red-200"
          >
            Refund needed: this order was paid after its stock was sold. Refund the customer or
            restock and ship.
          </p>
        )}
        {order.withdrawal && (
          <div
            class="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
            data-testid="order-withdrawal"
          >
            <p class="font-semibold">
              <span class="mr-2 rounded-full bg-amber-200 px-2 py-0.5 text-xs uppercase">
                Withdrawal
              </span>
              Consumer withdrawal received {when(order.withdrawal.at)}
            </p>
            <ul class="mt-1 list-disc pl-5">
              {order.withdrawal.items.map((i) => <li key={i.id}>{i.quantity} × {i.title}</li>)}
            </ul>
            <p class="mt-1">
              Refund within 14 days of receipt (standard delivery included for a full withdrawal),
              once the goods or proof of their sending are back: use Refund.
            </p>
          </div>
        )}
        <Section title="Items">
          <table class="w-full text-sm">
            <caption class="sr-only">Order lines</caption>
            <thead class="text-left text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" class="py-1">Product</th>
                <th scope="col" class="py-1 text-right">Price</th>
                <th scope="col" class="py-1 text-right">Qty</th>
                <th scope="col" class="py-1 text-right">Amount</th>
              </tr>
            </thead>
            <tbody class="divide-y divide-slate-100">
              {order.items.map((l) => (
                <tr key={l.id}>
                  <td class="py-2">{l.title}</td>
                  <td class="py-2 text-right">{formatMoney(toCents(l.price))}</td>
                  <td class="py-2 text-right">{l.quantity}</td>
                  <td class="py-2 text-right">{formatMoney(toCents(l.price) * l.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl class="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm">
            <div class="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{formatMoney(toCents(order.subtotal))}</dd>
            </div>
            <div class="flex justify-between">
              <dt>
                Shipping ({order.shippingFeeDetails?.country ?? order.shippingCountry})
              </dt>
              <dd>{formatMoney(toCents(order.shippingFee))}</dd>
            </div>
            <div class="flex justify-between font-semibold">
              <dt>Total{excl}</dt>
              <dd data-testid="order-total">{formatMoney(toCents(order.total), order.currency)}</dd>
            </div>
            <div class="flex justify-between text-slate-600">
              <dt>{vat.label}</dt>
              <dd data-testid="order-vat">{formatMoney(vat.vatCents)}</dd>
            </div>
          </dl>
        </Section>
        <Section title="History">
          <ol
            class="space-y-3 border-l-2 border-slate-200 pl-4 text-sm"
            data-testid="order-timeline"
          >
            <li>
              <p class="font-medium">Order placed</p>
              <p class="text-slate-500">{when(order.createdAt)}</p>
            </li>
            {history.map((h) => (
              <li key={h.id}>
                <p class="font-medium">{h.summary}</p>
                <p class="text-slate-500">{when(h.at)} · {h.actor.email}</p>
              </li>
            ))}
          </ol>
        </Section>
      </div>
      <div class="space-y-4">
        <Section title="Customer">
          <p class="font-medium">{order.customer.firstName} {order.customer.lastName}</p>
          <p class="text-sm text-slate-600">{order.customer.email || "No email"}</p>
          <p class="text-sm text-slate-600">{order.customer.phone}</p>
          <p class="text-sm text-slate-600" data-testid="order-language">
            Language: {ORDER_LANGUAGES[order.locale]}{" "}
            <span class="text-slate-500">(its mails and order page)</span>
          </p>
          <p class="text-sm text-slate-600" data-testid="order-terms">
            Terms accepted: {order.termsVersion
              ? (
                <a class="underline" href={`/general-terms/${order.termsVersion}`}>
                  version of {order.termsVersion}
                </a>
              )
              : "not recorded (before versions, or entered by staff)"}
          </p>
        </Section>
        {order.business && (
          <Section title={TAX_TEXT.company}>
            <dl class="space-y-1 text-sm" data-testid="order-business">
              <div>
                <dt class="sr-only">{TAX_TEXT.company}</dt>
                <dd class="font-medium">{order.business.companyName}</dd>
              </div>
              {(
                [
                  [TAX_TEXT.vatNumber, order.business.vatNumber],
                  [TAX_TEXT.siren, order.business.siren],
                  [TAX_TEXT.purchaseOrder, order.business.purchaseOrder],
                  [TAX_TEXT.siret, order.business.publicBody?.siret],
                  [TAX_TEXT.serviceCode, order.business.publicBody?.serviceCode],
                  [TAX_TEXT.engagementNumber, order.business.publicBody?.engagementNumber],
                  // VIES's register beside what the buyer typed: staff see whose number it is.
                  [TAX_TEXT.viesName, order.vies?.name],
                  [TAX_TEXT.viesAddress, order.vies?.address],
                  [
                    "VIES",
                    order.vies?.status === "valid" && order.vies.nameMatch
                      ? TAX_TEXT.nameCheck[order.vies.nameMatch]
                      : null,
                  ],
                ] as const
              ).filter(([, v]) => v).map(([k, v]) => (
                <div key={k} class="flex justify-between gap-2">
                  <dt class="text-slate-600">{k}</dt>
                  <dd class="font-mono text-xs">{v}</dd>
                </div>
              ))}
            </dl>
          </Section>
        )}
        <Section title={TAX_TEXT.title}>
          <dl class="space-y-1 text-sm" data-testid="order-tax">
            <div class="flex justify-between gap-2">
              <dt class="text-slate-600">{TAX_TEXT.scheme[order.tax.scheme]}</dt>
              <dd>{vat.label}</dd>
            </div>
            <div class="flex justify-between gap-2">
              <dt class="text-slate-600">{TAX_TEXT.category}</dt>
              <dd>
                {order.tax.category}, {ratePercent(order.tax.rateBp)} ({TAX_TEXT.taxCountry}{" "}
                {order.tax.taxCountry})
              </dd>
            </div>
            {order.vies && (
              <div class="flex justify-between gap-2">
                <dt class="text-slate-600">{TAX_TEXT.vies}</dt>
                <dd class="font-mono text-xs">
                  {order.vies.status === "valid"
                    ? order.vies.consultationNumber ?? order.vies.vatNumber
                    : TAX_TEXT.viesUnavailable}
                </dd>
              </div>
            )}
            {vat.mention && <p lang="fr" class="text-slate-600">{vat.mention}</p>}
          </dl>
        </Section>
        <Section title="Shipping address">
          {/* Lines left empty (no state, no ZIP code) are not shown. */}
          <address class="text-sm not-italic leading-6" data-testid="shipping-address">
            {[a.address, [a.zipCode, a.city].filter(Boolean).join(" "), a.state, a.country]
              .filter(Boolean).map((line, i) => <span key={i} class="block">{line}</span>)}
          </address>
          {order.shipment && (
            <p class="mt-2 text-sm">
              {order.shipment.carrier} {order.shipment.trackingNumber}
            </p>
          )}
        </Section>
        {b && (
          <Section title={TAX_TEXT.billing}>
            <address class="text-sm not-italic leading-6" data-testid="billing-address">
              {[b.address, [b.zipCode, b.city].filter(Boolean).join(" "), b.state, b.country]
                .filter(Boolean).map((line, i) => <span key={i} class="block">{line}</span>)}
            </address>
          </Section>
        )}
        <Section title="Payment">
          <dl class="space-y-1 text-sm">
            <div class="flex justify-between gap-2">
              <dt>Method</dt>
              <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}</dd>
            </div>
            <div class="flex justify-between gap-2">
              <dt>Status</dt>
              <dd data-testid="payment-status">
                <StatusBadge
                  value={order.paymentStatus}
                  colour={(STATUS_COLOURS[order.paymentStatus] ?? "grey") as BadgeColour}
                />
              </dd>
            </div>
            <div class="flex justify-between gap-2">
              <dt>Payment intent</dt>
              <dd class="truncate font-mono text-xs">{order.paymentIntentId ?? "None"}</dd>
            </div>
            {order.refund && (
              <>
                <div class="flex justify-between gap-2">
                  <dt>Refunded</dt>
                  <dd>{formatMoney(toCents(order.refund.amount))}, {when(order.refund.at)}</dd>
                </div>
                <div class="flex justify-between gap-2">
                  <dt>Refund</dt>
                  <dd class="truncate font-mono text-xs">{order.refund.id}</dd>
                </div>
              </>
            )}
          </dl>
        </Section>
      </div>
    </div>
  );
}
