import { Fragment } from "preact";
import { countryIn } from "../../domain/country-code.ts";
import type { InvoiceDocument } from "../../domain/invoice.ts";
import { type BankAccount, formatIban } from "../../domain/bank-account.ts";
import { hasProForma, proFormaPath } from "../../domain/document-links.ts";
import { accountBalance } from "../../domain/order-account.ts";
import { formatRfReference } from "../../domain/rf-reference.ts";
import { type Order, orderVat } from "../../domain/order.ts";
import { orderProgress, trackingUrl } from "../../domain/order-progress.ts";
import { messagesFor } from "../../i18n/catalog.ts";
import { fill } from "../../i18n/fill.ts";
import { taxWords } from "../../i18n/tax-words.ts";
import { formatDate, formatMoney } from "../../i18n/format.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import WithdrawalSection from "./WithdrawalSection.tsx";

/**
 * What an order on account owes and how to pay it: the amount still due, by when (or before
 * shipping), the seller's IBAN and BIC, and the RF reference to quote.
 */
function TransferDue(
  { order, bank, lang, timeZone }: {
    order: Order;
    bank?: BankAccount;
    lang: Lang;
    timeZone: string;
  },
) {
  const w = messagesFor(lang).quotes.transfer;
  const account = order.account!;
  const { dueCents, state } = accountBalance(account, order.totalCents);
  const paid = state === "paid" || state === "overpaid" || order.paymentStatus === "paid";
  // Stripe's bank transfer: the buyer's virtual IBAN and Stripe's reference, due by its hold.
  const stripe = account.stripeTransfer;
  const facts: [string, string][] = [
    [w.due, paid ? w.paid : formatMoney(dueCents, lang)],
    stripe ? [w.payBy, formatDate(stripe.holdUntil, lang, timeZone)] : [
      w.dueDate,
      account.terms === "before_shipping"
        ? w.beforeShipping
        : account.dueDate
        ? formatDate(`${account.dueDate}T12:00:00Z`, lang, "UTC")
        : fill(messagesFor(lang).quotes.terms.on_terms, { days: account.termsDays }),
    ],
    ...(stripe ? [[w.holder, stripe.holder] as [string, string]] : []),
    [w.iban, formatIban(stripe?.iban ?? bank!.iban)],
    [w.bic, stripe?.bic ?? bank!.bic],
    [w.reference, stripe?.reference ?? formatRfReference(account.reference)],
  ];
  return (
    <div class="mt-10 rounded-lg border border-slate-200 p-5" data-testid="order-transfer">
      <h2 class="text-xl font-semibold text-ink">{w.heading}</h2>
      <dl class="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        {facts.map(([k, v]) => (
          <Fragment key={k}>
            <dt class="text-slate-600">{k}</dt>
            <dd class="font-medium text-ink break-all">{v}</dd>
          </Fragment>
        ))}
      </dl>
      {!paid && <p class="mt-3 text-sm text-slate-600">{w.referenceHint}</p>}
    </div>
  );
}

/**
 * The buyer's order page: where the order is, its lines and totals, the delivery address, and
 * its invoice and credit notes to download. Server-rendered, no JavaScript.
 */
export default function OrderStatusContent(
  { lang, order, documents, token, timeZone, bank }: {
    lang: Lang;
    order: Order;
    documents: InvoiceDocument[];
    token: string;
    /** Where an order on account is paid (SELLER_IBAN, SELLER_BIC). */
    bank?: BankAccount;
    /** The shop's (SHOP_TIMEZONE): its days are the order's and its invoices'. */
    timeZone: string;
  },
) {
  const t = messagesFor(lang).orders;
  const money = (cents: number) => formatMoney(cents, lang);
  /** An instant's day in the shop's time zone. */
  const dateOf = (iso: string) => formatDate(iso, lang, timeZone);
  /** A day as issued ("YYYY-MM-DD", a document's): midday UTC is that day everywhere. */
  const dayOf = (day: string) => formatDate(`${day}T12:00:00Z`, lang, "UTC");
  const { steps, stoppedBy } = orderProgress(order);
  const stopped = stoppedBy && t[stoppedBy];
  const current = steps.findLastIndex((s) => s.done);
  const ship = order.shipment;
  const tracking = ship ? trackingUrl(ship.carrier, ship.trackingNumber) : null;
  const a = order.shippingAddress;
  const biz = order.business;
  /** Where the invoice goes: the billing address, or the delivery address when none. */
  const bill = order.billingAddress ?? { ...a, country: order.shippingCountry };
  const tt = messagesFor(lang).tax;
  const vat = orderVat(order, taxWords(tt, lang));
  const docUrl = (n: string) =>
    `/api/public/orders/${encodeURIComponent(order.orderNumber)}/documents/${
      encodeURIComponent(n)
    }?t=${encodeURIComponent(token)}`;

  return (
    <section class="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <p class="text-sm font-semibold uppercase tracking-widest text-brand-700">{t.eyebrow}</p>
      <h1 class="mt-1 whitespace-nowrap text-3xl font-bold text-ink">{order.orderNumber}</h1>
      <p class="mt-2 text-slate-600">{fill(t.placedOn, { date: dateOf(order.createdAt) })}</p>

      {stopped
        ? (
          <p
            class="mt-8 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-900"
            data-testid="order-stopped"
          >
            {stopped}
            {order.refund && (
              <span class="mt-1 block font-normal" data-testid="order-refund">
                {fill(t.refundLine, {
                  amount: money(order.refund.amountCents),
                  date: dateOf(order.refund.at),
                })}
              </span>
            )}
          </p>
        )
        : (
          <ol class="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t.progress}>
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
                {t.steps[s.key]}
                <span class="sr-only">{s.done ? t.done : t.notYet}</span>
              </li>
            ))}
          </ol>
        )}

      {!stopped && order.refund && (
        <p class="mt-6 rounded-lg bg-slate-50 px-4 py-3 text-sm" data-testid="order-refund">
          {fill(t.partlyRefunded, {
            amount: money(order.refund.amountCents),
            date: dateOf(order.refund.at),
          })}
        </p>
      )}

      {ship && (
        <div class="mt-6 rounded-lg bg-slate-50 px-4 py-3 text-sm" data-testid="shipment">
          <p>
            {t.shippedWith} <strong>{ship.carrier || t.ourCarrier}</strong>
            {ship.trackingNumber && (
              <>
                {t.trackingNumber} <strong>{ship.trackingNumber}</strong>
              </>
            )}
            {t.shippedEnd}
          </p>
          {tracking && (
            <p class="mt-1">
              <a
                href={tracking}
                rel="noopener noreferrer"
                class="font-semibold text-brand-700 underline"
              >
                {t.track}
              </a>
            </p>
          )}
        </div>
      )}

      <h2 class="mt-10 text-xl font-semibold text-ink">{t.items}</h2>
      <table class="mt-3 w-full text-left text-sm">
        <thead class="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" class="py-2">{t.item}</th>
            <th scope="col" class="py-2 text-right">{t.qty}</th>
            <th scope="col" class="py-2 text-right">{t.amount}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((l) => (
            <tr key={l.id} class="border-b border-slate-100">
              <td class="py-2">{l.title}</td>
              <td class="py-2 text-right">{l.quantity}</td>
              <td class="py-2 text-right">{money(l.priceCents * l.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} class="pt-3 text-right font-normal text-slate-600">
              {fill(t.shipping, { country: countryIn(order.shippingCountry, lang) })}
            </th>
            <td class="pt-3 text-right">{money(order.shippingFeeCents)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2} class="pt-1 text-right">
              {vat.exempt ? tt.totalExcluded : t.totalVat}
            </th>
            <td class="pt-1 text-right font-semibold" data-testid="order-total">
              {money(order.totalCents)}
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={2} class="pt-1 text-right font-normal text-slate-600">
              {vat.label}
            </th>
            <td class="pt-1 text-right text-slate-600" data-testid="order-vat">
              {money(vat.vatCents)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p class="mt-3 text-sm text-slate-600" data-testid="order-vat-note">
        {vat.note}
        {vat.mention && <span lang="fr">{` ${vat.mention}.`}</span>}
      </p>

      {order.account && (bank || order.account.stripeTransfer) &&
        !(order.account.stripeTransfer && order.status === "cancelled") && (
        <TransferDue order={order} bank={bank} lang={lang} timeZone={timeZone} />
      )}

      <div class="mt-10 grid gap-8 sm:grid-cols-2">
        <div>
          <h2 class="text-xl font-semibold text-ink">{t.deliveryAddress}</h2>
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
            {countryIn(order.shippingCountry, lang)}
          </address>
        </div>
        {(order.business || order.billingAddress) && (
          <div data-testid="order-buyer">
            <h2 class="text-xl font-semibold text-ink">{t.buyer}</h2>
            {biz && (
              <dl class="mt-3 space-y-1 text-slate-700">
                {(
                  [
                    [t.company, biz.companyName],
                    [t.vatNumber, biz.vatNumber],
                    [t.purchaseOrder, biz.purchaseOrder],
                  ] as const
                ).filter(([, v]) => v).map(([label, value]) => (
                  <div key={label}>
                    <dt class="inline text-slate-600">{fill(t.fact, { label })}</dt>{" "}
                    <dd class="inline break-all">{value}</dd>
                  </div>
                ))}
              </dl>
            )}
            <h3 class="mt-4 font-semibold text-ink">{t.billingAddress}</h3>
            <address class="mt-1 not-italic leading-6 text-slate-700">
              {bill.address}
              <br />
              {[bill.zipCode, bill.city].filter(Boolean).join(" ")}
              {bill.state && (
                <>
                  <br />
                  {bill.state}
                </>
              )}
              <br />
              {bill.country}
            </address>
          </div>
        )}
        <div>
          <h2 class="text-xl font-semibold text-ink">{t.invoice}</h2>
          {hasProForma(order) && order.status !== "cancelled" && (
            <p class="mt-3" data-testid="order-pro-forma">
              <a
                href={proFormaPath(order.orderNumber, token)}
                class="font-semibold text-brand-700 underline"
                download={`pro-forma-${order.orderNumber}.pdf`}
              >
                {fill(t.proForma, { number: order.orderNumber })}
              </a>
            </p>
          )}
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
                      {fill(d.kind === "invoice" ? t.invoiceDoc : t.creditNote, {
                        number: d.number,
                      })}
                    </a>
                    <span class="text-sm text-slate-600">, {dayOf(d.issueDate)}</span>
                  </li>
                ))}
              </ul>
            )
            : (
              <p class="mt-3 text-slate-600">
                {t.noInvoice}
              </p>
            )}
        </div>
      </div>

      <WithdrawalSection
        lang={lang}
        order={order}
        token={token}
        timeZone={timeZone}
        now={Date.now()}
      />

      <p class="mt-12 text-sm text-slate-600">
        {t.questionsBefore}{" "}
        <a href={localePath(lang, "/request-a-demo")} class="underline">{t.contactForm}</a>
        {t.questionsAfter}
      </p>
    </section>
  );
}
