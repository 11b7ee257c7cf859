import type { ComponentChildren, RefObject } from "preact";
import { useRef, useState } from "preact/hooks";
import { resolveCountryCode } from "../domain/country-code.ts";
import { toCents } from "../domain/money.ts";
import {
  cardProblem,
  type CheckoutProblem,
  checkoutProblemDialog,
  NETWORK_ERROR,
  NETWORK_ERROR_AFTER_PAYMENT,
  SOLD_OUT,
} from "../domain/payment-errors.ts";
import { cart, clearCart, drawerOpen, refreshCartFromApi } from "../browser/state/cart.ts";
import { checkoutOpen } from "../browser/state/checkout.ts";
import { useModal } from "./use-modal.ts";
import { useStore } from "./use-store.ts";
import type { CardField } from "./checkout/card-field.ts";
import { pageMessages } from "../i18n/client.ts";
import { fill } from "../i18n/fill.ts";
import { formatMoney } from "../i18n/format.ts";
import type { Lang } from "../i18n/locales.ts";
import FormField, { PRIMARY_BUTTON, SubmitButton } from "../ui/FormField.tsx";

export interface CheckoutProps {
  lang: Lang;
  /**
   * The payment provider's card field (Stripe Elements, or the offline sandbox's), given by the
   * island of that provider (checkout/StripeCheckout.tsx, checkout/SandboxCheckout.tsx): the
   * page carries the code of the one the server uses only.
   */
  cardField: (ref: RefObject<CardField | null>, lang: Lang) => ComponentChildren;
}

/** The form's fields with their autofill and type; their labels are the catalogue's. */
const FIELDS = [
  ["firstName", "given-name", "text"],
  ["lastName", "family-name", "text"],
  ["email", "email", "email"],
  ["phone", "tel", "tel"],
  ["address", "street-address", "text"],
  ["city", "address-level2", "text"],
  ["state", "address-level1", "text"],
  ["zipCode", "postal-code", "text"],
] as const;
type Field = typeof FIELDS[number][0];
type Form = Record<Field, string>;
const EMPTY_FORM = Object.fromEntries(FIELDS.map(([name]) => [name, ""])) as Form;

type Stage = "form" | "payment" | "success" | "error";

const SECONDARY_BUTTON =
  "rounded-lg border border-gray-300 px-4 py-2 text-sm text-gray-700 hover:bg-gray-50 disabled:opacity-50";

/** The only payment method (spec section 9): Stripe, which takes cards, debit cards and PayPal. */
const PAYMENT_METHOD = "stripe";

/** The intent of this checkout, reused by 'Try Again' while the order is unchanged. */
interface Intent {
  key: string;
  clientSecret: string;
  paymentIntentId: string;
  paid: boolean;
}

async function postJson(url: string, body: unknown) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  return { ok: res.ok, data };
}

/** The server's code and message for a failed call, else `fallback` (spec section 8, "Payment"). */
function serverError(
  data: { message?: unknown; error?: unknown },
  fallback: string,
): CheckoutProblem {
  const code = typeof data.error === "string" ? data.error : "";
  const message = typeof data.message === "string" && data.message ? data.message : fallback;
  return { code, message };
}

/**
 * The checkout: the customer form (opened by the cart drawer's 'Proceed to Checkout'), the
 * card payment dialog, then the success or error dialog. Every amount is recomputed and checked
 * by the server; the card goes to the provider's field only.
 */
export default function Checkout({ lang, cardField }: CheckoutProps) {
  const t = pageMessages("checkout", lang);
  const words = pageMessages("payment", lang);
  const money = (cents: number) => formatMoney(cents, lang);
  const open = useStore(checkoutOpen);
  const state = useStore(cart);
  const [stage, setStage] = useState<Stage>("form");
  const [form, setForm] = useState<Form>(EMPTY_FORM);
  const [formError, setFormError] = useState("");
  const [busy, setBusy] = useState(false);
  const [payError, setPayError] = useState<CheckoutProblem | null>(null);
  const [orderNumber, setOrderNumber] = useState("");
  const intent = useRef<Intent | null>(null);
  const card = useRef<CardField | null>(null);

  const subtotalCents = state.items.reduce((s, i) => s + toCents(i.price) * i.quantity, 0);
  const feeCents = state.shippingFee ? toCents(state.shippingFee.shippingFee) : 0;
  const totalCents = subtotalCents + feeCents;
  const country = state.selectedCountry;

  function closeAll() {
    if (busy) return;
    checkoutOpen.value = false;
    setStage("form");
    setPayError(null);
  }

  /** Checks the form, then creates the payment intent ('Processing...') before the card. */
  async function submitForm(e: Event) {
    e.preventDefault();
    if (busy) return;
    if (FIELDS.some(([name]) => !form[name].trim()) || !country) {
      setFormError(t.required);
      return;
    }
    setFormError("");
    setPayError(null);
    setBusy(true);
    try {
      const problem = await ensureIntent(orderData());
      if (problem) return fail(problem);
      setStage("payment");
    } catch {
      fail({ code: NETWORK_ERROR, message: "" });
    } finally {
      setBusy(false);
    }
  }

  /** Creates the payment intent unless this order already has one; returns what went wrong. */
  async function ensureIntent(data: ReturnType<typeof orderData>) {
    const key = JSON.stringify(data);
    if (intent.current?.key === key) return null;
    const created = await postJson("/api/stripe/create-payment-intent", {
      amount: data.total,
      currency: "eur",
      orderData: data,
    });
    if (!created.ok || !created.data.success) {
      return serverError(created.data, t.createFailed);
    }
    intent.current = {
      key,
      clientSecret: created.data.clientSecret,
      paymentIntentId: created.data.paymentIntentId,
      paid: false,
    };
    return null;
  }

  function orderData() {
    const f = Object.fromEntries(
      Object.entries(form).map(([k, v]) => [k, v.trim()]),
    ) as Form;
    return {
      customer: { firstName: f.firstName, lastName: f.lastName, email: f.email, phone: f.phone },
      shippingAddress: {
        address: f.address,
        city: f.city,
        state: f.state,
        zipCode: f.zipCode,
        country,
      },
      items: state.items,
      subtotal: subtotalCents / 100,
      shippingFee: feeCents / 100,
      total: totalCents / 100,
      paymentMethod: PAYMENT_METHOD,
      shippingCountry: country,
      shippingFeeDetails: state.shippingFee
        ? {
          country: state.shippingFee.country,
          fee: state.shippingFee.shippingFee,
          currency: state.shippingFee.currency,
        }
        : null,
      locale: lang,
    };
  }

  function fail(problem: CheckoutProblem) {
    setPayError(problem);
    setStage("error");
  }

  /** The spec's payment sequence: intent, country code, card confirmation, backend confirm. */
  async function pay() {
    if (busy || !card.current) return;
    const incomplete = card.current.problem();
    if (incomplete) {
      setPayError({ code: "", message: incomplete });
      return;
    }
    setBusy(true);
    setPayError(null);
    try {
      const data = orderData();
      const problem = await ensureIntent(data);
      if (problem) return fail(problem);
      const current = intent.current!;
      const countryCode = resolveCountryCode(country);
      if (!countryCode) return fail({ code: "", message: fill(t.invalidCountry, { country }) });

      if (!current.paid) {
        const result = await card.current.confirm(current.clientSecret, {
          name: `${data.customer.firstName} ${data.customer.lastName}`,
          email: data.customer.email,
          phone: data.customer.phone,
          address: {
            line1: data.shippingAddress.address,
            city: data.shippingAddress.city,
            state: data.shippingAddress.state,
            postal_code: data.shippingAddress.zipCode,
            country: countryCode,
          },
        });
        if (result.error) return fail(cardProblem(result.error, t.cardFailed));
        // Authorized (the shop captures once the stock is taken), or already charged.
        if (result.status !== "requires_capture" && result.status !== "succeeded") {
          return fail({ code: "", message: t.notCompleted });
        }
        current.paid = true;
      }

      const confirmed = await postJson("/api/stripe/confirm-payment", {
        paymentIntentId: current.paymentIntentId,
        orderData: data,
      });
      if (!confirmed.ok || !confirmed.data.success) {
        // Sold out meanwhile, or too late: this intent was canceled (nothing charged); a new
        // try needs a new one.
        if ([SOLD_OUT, "payment_intent_canceled"].includes(confirmed.data.error)) {
          intent.current = null;
        }
        return fail(serverError(confirmed.data, t.confirmFailed));
      }
      intent.current = null;
      setOrderNumber(confirmed.data.order?.orderNumber ?? "");
      setStage("success");
    } catch {
      // Only a failed connection throws here (every answer is read above).
      fail({
        code: intent.current?.paid ? NETWORK_ERROR_AFTER_PAYMENT : NETWORK_ERROR,
        message: "",
      });
    } finally {
      setBusy(false);
    }
  }

  /** After a stock refusal: the cart, with the lines' stock fetched again. */
  function backToCart() {
    closeAll();
    drawerOpen.value = true;
    refreshCartFromApi().catch(() => {/* the drawer keeps the lines it has */});
  }

  function continueShopping() {
    setForm(EMPTY_FORM);
    setOrderNumber("");
    clearCart();
    drawerOpen.value = false;
    checkoutOpen.value = false;
    setStage("form");
  }

  if (!open) return null;
  const dialog = checkoutProblemDialog(payError ?? { code: "", message: "" }, words);
  // The API and the card speak English; a French page shows the dialog's own words inline.
  const inlineError = payError?.message && (lang === "en" ? payError.message : dialog.text);

  return (
    <>
      <Modal title={t.title} closeLabel={t.close} onClose={closeAll} hidden={stage !== "form"}>
        <form onSubmit={submitForm} noValidate class="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {FIELDS.map(([name, autocomplete, type]) => (
            <FormField
              key={name}
              id={`checkout-${name}`}
              label={t.fields[name]}
              marked
              name={name}
              type={type}
              required
              autocomplete={autocomplete}
              value={form[name]}
              onInput={(e) => setForm({ ...form, [name]: e.currentTarget.value })}
            />
          ))}
          <FormField
            id="checkout-country"
            label={t.country}
            hint={t.countryNote}
            class="sm:col-span-2"
          >
            {(wiring) => (
              <input
                {...wiring}
                name="country"
                value={country}
                readOnly
                class="mt-1 block w-full rounded-lg border border-slate-200 bg-slate-100 px-3 py-2 text-base text-slate-700 sm:text-sm"
              />
            )}
          </FormField>
          <div class="rounded-md bg-gray-50 p-3 text-sm text-gray-700 sm:col-span-2">
            <p>{fill(t.subtotal, { amount: money(subtotalCents) })}</p>
            <p>
              {state.shippingFee
                ? fill(t.shippingIn, {
                  currency: state.shippingFee.currency,
                  amount: money(feeCents),
                })
                : fill(t.shipping, { amount: money(feeCents) })}
            </p>
            <p class="font-semibold text-gray-900">
              {fill(t.total, { amount: money(totalCents) })}
            </p>
          </div>
          <fieldset class="sm:col-span-2">
            <legend class="text-sm font-medium text-gray-700">{t.paymentMethod}</legend>
            <label class="mt-1 flex items-start gap-3 rounded-md border border-brand-600 bg-brand-50 p-3">
              <input
                type="radio"
                name="paymentMethod"
                value={PAYMENT_METHOD}
                checked
                aria-describedby="checkout-pay-online-note"
                class="mt-1"
              />
              <span class="flex flex-col text-sm">
                <span class="font-medium text-gray-900">{t.payOnline}</span>
                <span id="checkout-pay-online-note" class="text-gray-600">
                  {t.payOnlineNote}
                </span>
              </span>
            </label>
          </fieldset>
          {formError && (
            <p role="alert" class="text-sm font-medium text-red-700 sm:col-span-2">
              {formError}
            </p>
          )}
          <div class="flex justify-end gap-3 sm:col-span-2">
            <button
              type="button"
              onClick={closeAll}
              class={SECONDARY_BUTTON}
            >
              {t.cancel}
            </button>
            <SubmitButton busy={busy} busyLabel={t.processing}>{t.proceed}</SubmitButton>
          </div>
        </form>
      </Modal>

      {(stage === "payment" || stage === "error") && (
        <Modal
          title={t.cardTitle}
          closeLabel={t.close}
          onClose={() => !busy && setStage("form")}
          hidden={stage !== "payment"}
        >
          <p class="mb-4 text-gray-700">
            {t.amountToPay} <strong>{money(totalCents)}</strong>
          </p>
          {cardField(card, lang)}
          {inlineError && (
            <p role="alert" class="mt-3 text-sm font-medium text-red-700" data-testid="card-error">
              {inlineError}
            </p>
          )}
          <div class="mt-5 flex justify-end gap-3">
            <button
              type="button"
              disabled={busy}
              onClick={() => setStage("form")}
              class={SECONDARY_BUTTON}
            >
              {t.back}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={pay}
              class={PRIMARY_BUTTON}
            >
              {busy ? t.processingPayment : fill(t.pay, { amount: money(totalCents) })}
            </button>
          </div>
        </Modal>
      )}

      {stage === "error" && (
        <Modal
          title={dialog.title}
          closeLabel={t.close}
          onClose={() => setStage("form")}
          role="alertdialog"
        >
          <p class="text-gray-700">{dialog.text}</p>
          <div class="mt-5 flex justify-end gap-3">
            <button
              type="button"
              onClick={() => setStage("form")}
              class={SECONDARY_BUTTON}
            >
              {t.cancel}
            </button>
            <button
              type="button"
              onClick={dialog.backToCart ? backToCart : () => setStage("payment")}
              data-autofocus
              class={PRIMARY_BUTTON}
            >
              {dialog.backToCart ? t.backToCart : t.tryAgain}
            </button>
          </div>
          {dialog.footer && (
            <p class="mt-4 border-t border-gray-200 pt-3 text-xs text-gray-500">
              {dialog.footer}
            </p>
          )}
        </Modal>
      )}

      {stage === "success" && (
        <Modal title={t.successTitle} closeLabel={t.close} onClose={continueShopping}>
          <p class="text-gray-700">
            {fill(t.successText, {
              n: orderNumber ? ` ${orderNumber}` : "",
              email: form.email.trim(),
            })}
          </p>
          <div class="mt-5 flex justify-end">
            <button
              type="button"
              onClick={continueShopping}
              data-autofocus
              class={PRIMARY_BUTTON}
            >
              {t.continueShopping}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

let modalIds = 0;

/**
 * A modal dialog: labelled by its title, focus moved inside on open (to `[data-autofocus]` or
 * the first field), kept inside, and restored on close; Escape closes. `hidden` keeps it
 * mounted (and its state) while another dialog is on top.
 */
function Modal(props: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  hidden?: boolean;
  role?: "dialog" | "alertdialog";
  children: ComponentChildren;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [id] = useState(() => `checkout-dialog-${++modalIds}`);
  useModal(!props.hidden, ref, props.onClose, "[data-autofocus], input:not([readonly])");

  return (
    <div
      class={`fixed inset-0 z-[60] flex items-center justify-center bg-black/50 p-4 ${
        props.hidden ? "hidden" : ""
      }`}
    >
      <div
        ref={ref}
        role={props.role ?? "dialog"}
        aria-modal="true"
        aria-labelledby={id}
        tabIndex={-1}
        class="max-h-full w-full max-w-xl overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
      >
        <div class="mb-4 flex items-start justify-between gap-4">
          <h2 id={id} class="text-xl font-bold text-gray-900">{props.title}</h2>
          <button
            type="button"
            aria-label={props.closeLabel}
            onClick={props.onClose}
            class="rounded p-1 text-gray-500 hover:bg-gray-100"
          >
            ✕
          </button>
        </div>
        {props.children}
      </div>
    </div>
  );
}
