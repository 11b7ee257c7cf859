import { quotePdfPath } from "../../domain/document-links.ts";
import type { SalesQuote } from "../../domain/sales-quote.ts";
import { vatGroup } from "../../domain/tax.ts";
import { vatStatement } from "../../domain/vat-statement.ts";
import { messagesFor } from "../../i18n/catalog.ts";
import { fill } from "../../i18n/fill.ts";
import { formatDate, formatMoney } from "../../i18n/format.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import { taxWords } from "../../i18n/tax-words.ts";
import FormField, { FIELD } from "../../ui/FormField.tsx";

const BUTTON = "mt-3 rounded-lg px-5 py-2.5 font-semibold";

/**
 * The buyer's quote page behind its signed link: the lines, totals and VAT as the checkout
 * charges them, validity, payment terms, the note; while it can be answered, the forms to
 * accept it (purchase order number, its PDF) and to decline it (src/scripts/quote-answer.ts
 * sends them), "Pay now" coming after (src/islands/QuotePayment.tsx, in QuotePage.astro); else
 * what became of it, and a way to ask again.
 */
export default function QuoteContent(
  { lang, quote: q, token, orderUrl, timeZone }: {
    lang: Lang;
    quote: SalesQuote;
    token: string;
    /** The order the acceptance made, behind its own signed link. */
    orderUrl: string | null;
    timeZone: string;
  },
) {
  const m = messagesFor(lang);
  const t = m.quotes.page;
  const money = (cents: number) => formatMoney(cents, lang);
  const day = (d: string) => formatDate(`${d}T12:00:00Z`, lang, timeZone);
  const vat = vatStatement(q.tax, vatGroup(q.totalCents, q.tax).vatCents, taxWords(m.tax, lang));
  const excl = vat.exempt ? ` (${t.excluded})` : "";
  const discounted = q.lines.some((l) => l.discountBp > 0);
  const num = "px-2 py-2 text-right whitespace-nowrap";
  const state = q.cardPayment
    ? t.state.paying
    : q.status === "expired"
    ? fill(t.state.expired, { date: day(q.validUntil) })
    : q.paidWith === "card"
    ? t.state.paidByCard
    : q.paidWith === "transfer"
    ? t.state.paidByTransfer
    : q.status === "accepted"
    ? fill(t.state.accepted, { po: q.acceptance?.purchaseOrder ?? "" })
    : q.status === "sent"
    ? null
    : t.state[q.status];
  return (
    <div class="mx-auto max-w-3xl px-4 py-10 sm:px-6" data-testid="quote-page">
      <h1 class="text-3xl font-bold text-ink">{fill(t.title, { n: q.number })}</h1>
      <p class="mt-2 text-slate-700">{fill(t.forCompany, { company: q.business.companyName })}</p>
      <p class="mt-1 font-medium text-ink" data-testid="quote-validity">
        {fill(m.quotes.validUntil, { date: day(q.validUntil) })}
      </p>
      {state && (
        <div
          role="status"
          class="mt-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
          data-testid="quote-state"
        >
          <p class="font-medium">{state}</p>
          {orderUrl && q.orderNumber && (
            <p class="mt-2">
              <a class="font-semibold text-brand-700 underline" href={orderUrl}>
                {fill(t.order, { n: q.orderNumber })}
              </a>
            </p>
          )}
          {(q.status === "expired" || q.status === "cancelled" || q.status === "declined") && (
            <p class="mt-2">
              <a class="font-semibold text-brand-700 underline" href={localePath(lang, "/shop")}>
                {t.askAgain}
              </a>
            </p>
          )}
        </div>
      )}
      <div class="mt-6 overflow-x-auto">
        <table class="w-full text-sm" data-testid="quote-lines">
          <caption class="sr-only">{fill(t.title, { n: q.number })}</caption>
          <thead class="border-b border-slate-300 text-left text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" class="px-2 py-2">{t.product}</th>
              <th scope="col" class={num}>{t.quantity}</th>
              {discounted && <th scope="col" class={num}>{t.discount}</th>}
              <th scope="col" class={num}>{t.unitPrice}{excl}</th>
              <th scope="col" class={num}>{t.amount}{excl}</th>
            </tr>
          </thead>
          <tbody class="divide-y divide-slate-200">
            {q.lines.map((l) => (
              <tr key={l.id}>
                <td class="px-2 py-2">{l.title}</td>
                <td class={num}>{l.quantity}</td>
                {discounted && (
                  <td class={num}>
                    {l.discountBp ? `${(l.discountBp / 100).toLocaleString(lang)}\u202f%` : ""}
                  </td>
                )}
                <td class={num}>{money(l.priceCents)}</td>
                <td class={num}>{money(l.priceCents * l.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl class="mt-4 space-y-1 border-t border-slate-300 pt-3 text-sm" data-testid="quote-totals">
        <div class="flex justify-between gap-3">
          <dt>{t.subtotal}{excl}</dt>
          <dd>{money(q.subtotalCents)}</dd>
        </div>
        <div class="flex justify-between gap-3">
          <dt>{t.shipping}{excl}</dt>
          <dd>{money(q.shippingFeeCents)}</dd>
        </div>
        <div class="flex justify-between gap-3 text-base font-semibold">
          <dt>{t.total}{excl}</dt>
          <dd data-testid="quote-total">{money(q.totalCents)}</dd>
        </div>
        <div class="flex justify-between gap-3 text-slate-600">
          <dt>{vat.label}</dt>
          <dd>{money(vat.vatCents)}</dd>
        </div>
      </dl>
      <p class="mt-2 text-sm text-slate-600">{vat.note}</p>
      {vat.mention && <p lang="fr" class="mt-1 text-sm text-slate-600">{vat.mention}</p>}
      <p class="mt-4 font-medium" data-testid="quote-terms">
        {fill(m.quotes.terms[q.terms.kind], { days: q.terms.days })}
      </p>
      <p class="mt-2">
        <a
          class="font-semibold text-brand-700 underline"
          href={quotePdfPath(q.number, token)}
          download={`${q.number}.pdf`}
          data-testid="quote-pdf"
        >
          {t.pdf}
        </a>
      </p>
      {q.note && (
        <section class="mt-4 rounded-lg bg-slate-50 p-3 text-sm" aria-label={t.note}>
          <p class="whitespace-pre-line">{q.note}</p>
        </section>
      )}
      {q.status === "sent" && !q.cardPayment && (
        <div
          class="mt-10 grid gap-8 sm:grid-cols-2"
          data-number={q.number}
          data-token={token}
          data-busy={t.busy}
          data-failed={t.errors.failed}
          id="quote-answers"
        >
          <form id="quote-accept" aria-labelledby="quote-accept-title" noValidate>
            <h2 id="quote-accept-title" class="text-xl font-semibold text-ink">
              {t.accept.heading}
            </h2>
            <p class="mt-2 text-sm text-slate-700">{t.accept.text}</p>
            <FormField
              id="quote-purchase-order"
              class="mt-3"
              label={t.accept.purchaseOrder}
              name="purchaseOrder"
              marked
              required
              maxLength={100}
              autocomplete="off"
              data-error={t.errors.purchaseOrder}
            />
            <FormField id="quote-file" class="mt-3" label={t.accept.file}>
              {(wiring) => (
                <input
                  {...wiring}
                  type="file"
                  name="file"
                  accept="application/pdf,.pdf"
                  class={FIELD}
                  data-error={t.errors.file}
                />
              )}
            </FormField>
            <p role="alert" class="mt-3 text-sm font-medium text-red-700" data-error-box></p>
            <button type="submit" class={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}>
              {t.accept.button}
            </button>
          </form>
          <form id="quote-decline" aria-labelledby="quote-decline-title" noValidate>
            <h2 id="quote-decline-title" class="text-xl font-semibold text-ink">
              {t.decline.heading}
            </h2>
            <FormField id="quote-reason" class="mt-3" label={t.decline.reason} marked>
              {(wiring) => (
                <textarea
                  {...wiring}
                  name="reason"
                  required
                  rows={3}
                  maxLength={1000}
                  class={FIELD}
                  data-error={t.errors.reason}
                />
              )}
            </FormField>
            <p role="alert" class="mt-3 text-sm font-medium text-red-700" data-error-box></p>
            <button
              type="submit"
              class={`${BUTTON} border-2 border-slate-400 text-slate-800 hover:bg-slate-50`}
            >
              {t.decline.button}
            </button>
          </form>
        </div>
      )}
    </div>
  );
}
