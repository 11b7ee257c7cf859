import { useEffect, useState } from "preact/hooks";
import { type CartItem, cartTotal, totalWithShipping } from "../domain/cart.ts";
import { overStockLines, stockNote } from "../domain/cart-stock.ts";
import { toCents } from "../domain/money.ts";
import { countryIn } from "../domain/country-code.ts";
import { textLang } from "../domain/shop-product.ts";
import { pageMessages } from "../i18n/client.ts";
import { fill } from "../i18n/fill.ts";
import { formatAmount, formatCount, formatMoney, plural } from "../i18n/format.ts";
import type { Lang } from "../i18n/locales.ts";
import type { PublicShippingFee } from "../domain/shipping-fee.ts";
import {
  cart,
  drawerAvailable,
  drawerOpen,
  refreshCartFromApi,
  removeFromCart,
  setSelectedCountry,
  setShippingFee,
  updateQuantity,
} from "../browser/state/cart.ts";
import { checkoutOpen } from "../browser/state/checkout.ts";
import { currentQuote, type Quote, quote, refreshQuote } from "../browser/state/quote.ts";
import { Store } from "../browser/state/store.ts";
import { useStore } from "./use-store.ts";
import ModalFrame from "./ModalFrame.tsx";
import DialogHeader from "../ui/DialogHeader.tsx";

/** Countries with an active fee, fetched once when the drawer is first opened (spec section 7). */
const countries = new Store<string[] | null>(null);
/** Kept as the spec says; the drawer shows only the loading note. */
export const shippingError = new Store("");
let prepared = false;
let feeRequest = 0;

async function loadCountries() {
  try {
    const res = await fetch("/api/shipping/fees");
    if (!res.ok) throw new Error(String(res.status));
    const fees = await res.json() as PublicShippingFee[];
    countries.value = fees.filter((f) => f.isActive !== false).map((f) => f.country);
  } catch {
    shippingError.value = "Failed to fetch shipping fees";
    countries.value = [];
    return;
  }
  const chosen = cart.value.selectedCountry;
  if (chosen && !countries.value.includes(chosen)) await chooseCountry("");
  else if (chosen) await chooseCountry(chosen); // the saved fee may be out of date
}

/** Sets the country and fetches its fee; no country, a 404 or a failure leaves no fee. */
async function chooseCountry(country: string) {
  const request = ++feeRequest;
  setSelectedCountry(country);
  shippingError.value = "";
  if (!country) {
    setShippingFee(null);
    return;
  }
  if (cart.value.shippingFee?.country !== country) setShippingFee(null);
  try {
    const res = await fetch(`/api/shipping/fees/country/${encodeURIComponent(country)}`);
    if (request !== feeRequest) return;
    if (res.status === 404) return setShippingFee(null);
    if (!res.ok) throw new Error(String(res.status));
    const fee = await res.json() as PublicShippingFee;
    setShippingFee({ country: fee.country, shippingFee: fee.shippingFee, currency: fee.currency });
  } catch {
    if (request !== feeRequest) return;
    setShippingFee(null);
    shippingError.value = "Failed to fetch shipping fee for country";
  }
}

/**
 * The cart drawer: lines with quantity and remove, the shipping country and its fee, subtotal
 * and total, and 'Proceed to Checkout' (enabled once a country is chosen and its fee known, and
 * no line asks for more than the stock; a refresh of a known fee does not disable it),
 * which hands over to the checkout island, or on a page without one (a product page) leads to
 * `checkoutPage`, the shop with its checkout open. A modal dialog: focus stays inside while open,
 * Escape closes, focus goes back to the button that opened it.
 */
export default function CartDrawer(
  { lang, checkoutPage }: { lang: Lang; checkoutPage?: string },
) {
  const t = pageMessages("cart", lang);
  const open = useStore(drawerOpen);
  const state = useStore(cart);
  const countryList = useStore(countries);
  useStore(quote);
  const close = () => (drawerOpen.value = false);
  const lineKey = state.items.map((i) => `${i.id}:${i.quantity}`).join(",");

  // The cart as it would be charged: the country decides the tax (exports are net of VAT).
  useEffect(() => {
    if (open) refreshQuote("", lang).catch(() => {/* the shelf amounts stay shown */});
  }, [open, lineKey, state.selectedCountry]);

  useEffect(() => {
    drawerAvailable.value = true;
    return () => (drawerAvailable.value = false);
  }, []);

  useEffect(() => {
    if (!open || prepared) return;
    prepared = true;
    loadCountries();
    refreshCartFromApi().catch(() => {/* the saved lines stay as they are */});
  }, [open]);

  if (!open) return null;

  const { items, selectedCountry, shippingFee } = state;
  const fee = shippingFee?.country === selectedCountry ? shippingFee : null;
  const q = selectedCountry ? currentQuote() : null;
  const vat = q?.statement;
  const excl = vat?.exempt ? ` (${vat.excluded})` : "";
  // Until the list arrives (or if it cannot), the saved choice still shows.
  const options = (countryList?.length ? countryList : [selectedCountry].filter((c) => c !== ""))
    .map((c) => [c, countryIn(c, lang)]).sort((a, b) => a[1].localeCompare(b[1], lang));
  const overStock = overStockLines(state);
  // A fee already known for this country stays usable while it is re-checked: disabling the
  // button during that refresh would swallow a click that was meant for the shown total.
  const canCheckout = items.length > 0 && selectedCountry !== "" && fee !== null &&
    overStock.length === 0;
  const hint = items.length === 0
    ? ""
    : selectedCountry === ""
    ? t.chooseCountry
    : overStock.length > 0
    ? fill(t.lowerQuantity, { titles: overStock.map((i) => i.title).join(", ") })
    : "";

  return (
    <ModalFrame
      labelledBy="cart-title"
      onClose={close}
      panelClass="flex w-full max-w-md flex-col bg-white shadow-xl"
      testId="cart-drawer"
      side="right"
    >
      <DialogHeader
        id="cart-title"
        title={t.title}
        closeLabel={t.close}
        onClose={close}
        class="flex items-center justify-between border-b border-slate-200 px-5 py-4"
      />
      {items.length === 0
        ? <p class="flex-1 px-5 py-10 text-center text-slate-600">{t.empty}</p>
        : (
          <ul class="flex-1 divide-y divide-slate-200 overflow-y-auto px-5">
            {items.map((item) => <CartLine key={item.id} lang={lang} item={item} quote={q} />)}
          </ul>
        )}
      <div class="space-y-3 border-t border-slate-200 px-5 py-4">
        <div>
          <label for="cart-country" class="block text-sm font-medium">{t.country}</label>
          <select
            id="cart-country"
            class="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
            value={selectedCountry}
            disabled={countryList === null}
            onChange={(e) => chooseCountry(e.currentTarget.value)}
          >
            <option value="">
              {countryList === null ? t.loadingCountries : t.selectCountry}
            </option>
            {options.map(([c, name]) => <option key={c} value={c}>{name}</option>)}
          </select>
        </div>
        {/* Nothing to ship: no subtotal, fee or total to show. */}
        {items.length > 0 && (
          <dl class="space-y-1 text-sm">
            <div class="flex justify-between">
              <dt>{t.subtotal}{excl}</dt>
              <dd data-testid="cart-subtotal">
                {formatMoney(toCents(q ? q.subtotal : cartTotal(state)), lang)}
              </dd>
            </div>
            {selectedCountry && (
              <div class="flex justify-between">
                <dt>
                  {fill(t.shippingTo, { country: countryIn(selectedCountry, lang) })}
                  {excl}
                </dt>
                <dd data-testid="cart-shipping" aria-live="polite">
                  {fee
                    ? shippingAmount(toCents(q ? q.shippingFee : fee.shippingFee), fee, lang)
                    : t.loadingFee}
                </dd>
              </div>
            )}
            <div class="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
              <dt>{t.total}{excl}</dt>
              <dd data-testid="cart-total">
                {formatMoney(toCents(q && fee ? q.total : totalWithShipping(state)), lang)}
              </dd>
            </div>
            {vat && (
              <div class="flex justify-between text-slate-600">
                <dt>{vat.label}</dt>
                <dd>{formatMoney(vat.vatCents, lang)}</dd>
              </div>
            )}
          </dl>
        )}
        {items.length > 0 && vat?.exempt && (
          <p class="text-sm text-slate-600" aria-live="polite">
            {vat.note}
          </p>
        )}
        {hint && (
          <p id="cart-checkout-hint" class="text-sm text-slate-600" aria-live="polite">
            {hint}
          </p>
        )}
        <button
          type="button"
          disabled={!canCheckout}
          aria-describedby={hint ? "cart-checkout-hint" : undefined}
          class="w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
          onClick={() => {
            if (checkoutPage) return location.assign(checkoutPage);
            checkoutOpen.value = true;
            close();
          }}
        >
          {t.proceed}
        </button>
      </div>
    </ModalFrame>
  );
}

/** The spec's "9.90 EUR" in English; French writes an amount as it writes any other: "9,90 €". */
function shippingAmount(cents: number, fee: { currency: string }, lang: Lang): string {
  return lang === "en"
    ? `${formatAmount(cents, lang)} ${fee.currency}`
    : formatMoney(cents, lang, fee.currency);
}

function CartLine({ lang, item, quote }: { lang: Lang; item: CartItem; quote: Quote | null }) {
  // As charged for the chosen country (net of VAT for an export), else at the shelf price.
  const charged = quote?.items.find((l) => l.id === item.id && l.quantity === item.quantity);
  const t = pageMessages("cart", lang);
  const note = stockNote(item, {
    outOfStock: t.outOfStock,
    available: (count) =>
      fill(plural(count, lang, { one: t.onlyAvailableOne, other: t.onlyAvailableOther }), {
        count: formatCount(count, lang),
      }),
  });
  const qtyId = `cart-qty-${item.id}`;
  // What the buyer is typing, until the field commits it (change): a re-render meanwhile (the
  // fee arriving, another line changing) must not put the old quantity back under their cursor.
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <li class="flex gap-4 py-4" data-testid="cart-line" data-product-id={item.id}>
      <img
        src={item.images.front}
        alt=""
        width="80"
        height="60"
        class="h-16 w-20 flex-none rounded-lg bg-slate-50 object-contain p-1"
      />
      <div class="flex flex-1 flex-col gap-2">
        <div class="flex justify-between gap-2">
          <p class="font-medium leading-snug">
            <span lang={textLang(item, "title")}>{item.title}</span>
            {note && (
              <span class="block text-xs font-medium text-red-700" data-testid="cart-stock-note">
                {note}
              </span>
            )}
          </p>
          <p class="font-semibold">
            {formatMoney(
              charged ? toCents(charged.total) : toCents(item.price) * item.quantity,
              lang,
            )}
          </p>
        </div>
        <div class="flex items-center gap-2">
          <button
            type="button"
            class="h-8 w-8 rounded-md border border-slate-300 hover:bg-slate-100"
            aria-label={fill(t.decrease, { title: item.title })}
            onClick={() => updateQuantity(item.id, item.quantity - 1)}
          >
            −
          </button>
          <label for={qtyId} class="sr-only">{fill(t.quantityOf, { title: item.title })}</label>
          <input
            id={qtyId}
            type="number"
            min="0"
            step="1"
            inputMode="numeric"
            value={draft ?? item.quantity}
            class="h-8 w-16 rounded-md border border-slate-300 px-2 text-center"
            onInput={(e) => setDraft(e.currentTarget.value)}
            onChange={(e) => {
              const raw = e.currentTarget.value;
              setDraft(null);
              // An emptied field keeps the quantity; 0 or less removes the line.
              if (raw === "") e.currentTarget.value = String(item.quantity);
              else updateQuantity(item.id, Number(raw));
            }}
          />
          <button
            type="button"
            class="h-8 w-8 rounded-md border border-slate-300 hover:bg-slate-100"
            aria-label={fill(t.increase, { title: item.title })}
            onClick={() => updateQuantity(item.id, item.quantity + 1)}
          >
            +
          </button>
          <button
            type="button"
            class="ml-auto text-sm font-medium text-red-700 hover:underline"
            aria-label={fill(t.removeLabel, { title: item.title })}
            onClick={() => removeFromCart(item.id)}
          >
            {t.remove}
          </button>
        </div>
      </div>
    </li>
  );
}
