import type { Order } from "../../domain/order.ts";
import { CURRENT_TERMS_VERSION, WITHDRAWAL_FORM_PATH } from "../../domain/terms.ts";
import { WITHDRAWAL_DAYS, withdrawalOpen } from "../../domain/withdrawal.ts";
import { messagesFor } from "../../i18n/catalog.ts";
import { fill } from "../../i18n/fill.ts";
import { formatDate } from "../../i18n/format.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";

const DAY_MS = 86_400_000;
const link = "font-semibold text-brand-700 underline";

/**
 * The consumer's withdrawal on their order page: the withdrawal received, or, while the right
 * lasts, the form naming the items (src/scripts/withdrawal-form.ts sends it to the API).
 */
export default function WithdrawalSection(
  { lang, order, token, timeZone, now }: {
    lang: Lang;
    order: Order;
    token: string;
    timeZone: string;
    now: number;
  },
) {
  const t = messagesFor(lang).orders.withdraw;
  const version = order.termsVersion ?? CURRENT_TERMS_VERSION;
  const links = (
    <p class="mt-3 text-sm">
      <a href={localePath(lang, WITHDRAWAL_FORM_PATH)} class={link}>{t.form}</a>
      {" · "}
      <a href={`${localePath(lang, `/general-terms/${version}`)}#withdrawal`} class={link}>
        {t.terms}
      </a>
    </p>
  );
  if (order.withdrawal) {
    return (
      <section
        aria-labelledby="withdrawal-title"
        class="mt-10 rounded-lg border border-green-300 bg-green-50 px-4 py-3"
        data-testid="withdrawal-received"
      >
        <h2 id="withdrawal-title" class="text-lg font-semibold text-green-900">
          {fill(t.received, { date: formatDate(order.withdrawal.at, lang, timeZone) })}
        </h2>
        <ul class="mt-2 text-sm text-green-900">
          {order.withdrawal.items.map((i) => <li key={i.id}>{i.quantity} × {i.title}</li>)}
        </ul>
        <p class="mt-2 text-sm text-green-900">{t.receivedText}</p>
      </section>
    );
  }
  if (!withdrawalOpen(order, now)) return null;
  const until = order.status === "delivered"
    ? fill(t.until, {
      date: formatDate(
        new Date(Date.parse(order.deliveredAt ?? order.updatedAt) + WITHDRAWAL_DAYS * DAY_MS),
        lang,
        timeZone,
      ),
    })
    : t.beforeDelivery;
  return (
    <section aria-labelledby="withdrawal-title" class="mt-10" data-testid="withdrawal">
      <h2 id="withdrawal-title" class="text-xl font-semibold text-ink">{t.heading}</h2>
      <p class="mt-2 text-slate-700">{t.text}</p>
      <p class="mt-2 text-sm text-slate-600">{until}</p>
      <form
        id="withdrawal-form"
        class="mt-4"
        data-order={order.orderNumber}
        data-token={token}
        data-busy={t.busy}
        data-none={t.none}
        data-failed={t.failed}
      >
        <fieldset>
          <legend class="font-medium text-ink">{t.items}</legend>
          {order.items.map((l) => (
            <label key={l.id} class="mt-2 flex items-center gap-3">
              <input
                type="checkbox"
                name="item"
                value={l.id}
                checked
                class="h-5 w-5 rounded border-slate-400"
              />
              <span>{l.quantity} × {l.title}</span>
            </label>
          ))}
        </fieldset>
        <p id="withdrawal-error" role="alert" class="mt-3 text-sm font-medium text-red-700"></p>
        <button
          type="submit"
          class="mt-3 rounded-lg border-2 border-red-700 px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50"
        >
          {t.submit}
        </button>
      </form>
      {links}
    </section>
  );
}
