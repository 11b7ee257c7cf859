import type { ComponentChildren, RefObject } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { countryIn, resolveCountryCode } from "../domain/country-code.ts";
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
import { currentQuote, type Quote, quote, refreshQuote } from "../browser/state/quote.ts";
import type { VatStatement } from "../domain/vat-statement.ts";
import { useModal } from "./use-modal.ts";
import { useStore } from "./use-store.ts";
import type { CardField } from "./checkout/card-field.ts";
import { pageMessages } from "../i18n/client.ts";
import { fill } from "../i18n/fill.ts";
import { fillNodes } from "../ui/fill-nodes.tsx";
import { formatMoney } from "../i18n/format.ts";
import type { Lang } from "../i18n/locales.ts";
import FormField, { PRIMARY_BUTTON, SubmitButton } from "../ui/FormField.tsx";
import DialogActions from "../ui/DialogActions.tsx";

export interface CheckoutProps {
  lang: Lang;
  /**
   * The payment provider's card field (Stripe Elements, or the offline sandbox's), given by the
   * island of that provider (checkout/StripeCheckout.tsx, checkout/SandboxCheckout.tsx): the
   * page carries the code of the one the server uses only.
   */
  cardField: (ref: RefObject<CardField | null>, lang: Lang) => ComponentChildren;
  /**
   * ISO codes of the countries whose addresses have a state / region (from the server's address
   * data, domain/address-format.ts): elsewhere the field is optional.
   */
  regionCountries: readonly string[];
  /** What paying accepts (the terms, the privacy notice): the page's HTML, shown by the pay button. */
  children?: ComponentChildren;
  /** Stripe's bank transfer is offered beside the card (Stripe only, not the sandbox). */
  bankTransfer?: boolean;
}

/** The form's fields and their autofill tokens; their labels are the catalogue's. */
const AUTOFILL = {
  firstName: "given-name",
  lastName: "family-name",
  email: "email",
  phone: "tel",
  address: "street-address",
  city: "address-level2",
  state: "address-level1",
  zipCode: "postal-code",
} as const;
type Field = keyof typeof AUTOFILL;
const FIELDS = Object.keys(AUTOFILL) as Field[];
/** A French address reads postal code, then town: the French form asks them in that order. */
const FRENCH_FIELDS: Field[] = [...FIELDS.slice(0, 5), "zipCode", "city", "state"];
/** The email and phone fields' tokens are their inputs' types too (the keyboard a phone shows). */
const inputType = (token: string) => token === "email" || token === "tel" ? token : "text";

/**
 * "Buying for a company": its fields (labels from the catalogue), then a French public body's
 * (Chorus Pro: its structure's SIRET, service code, engagement number), and the billing address.
 */
const COMPANY_FIELDS = [
  ["companyName", "organization", true],
  ["vatNumber", "off", false],
  ["siren", "off", false],
  ["purchaseOrder", "off", false],
  ["siret", "off", true],
  ["serviceCode", "off", false],
  ["engagementNumber", "off", false],
] as const;
type CompanyField = typeof COMPANY_FIELDS[number][0];
/** The billing address: the shipping address's fields, and its country. */
const BILLING_FIELDS = ["address", "city", "state", "zipCode", "country"] as const;
type BillingField = typeof BILLING_FIELDS[number];
const FRENCH_BILLING_FIELDS: BillingField[] = ["address", "zipCode", "city", "state", "country"];
const blank = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, ""])) as Record<K, string>;
const EMPTY_FORM = blank(FIELDS);
const EMPTY_COMPANY = blank(COMPANY_FIELDS.map(([name]) => name) as CompanyField[]);
const EMPTY_BILLING = blank(BILLING_FIELDS);

type Stage = "form" | "payment" | "success" | "error";

/** The action row of the dialogs after the form. */
const ACTION_ROW = "mt-5 flex justify-end gap-3";

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
export default function Checkout(
  { lang, cardField, regionCountries, children, bankTransfer }: CheckoutProps,
) {
  const t = pageMessages("checkout", lang);
  const words = pageMessages("payment", lang);
  const money = (cents: number) => formatMoney(cents, lang);
  const open = useStore(checkoutOpen);
  const state = useStore(cart);
  const [stage, setStage] = useState<Stage>("form");
  const [form, setForm] = useState(EMPTY_FORM);
  const [formError, setFormError] = useState("");
  const [busy, setBusy] = useState(false);
  const [payError, setPayError] = useState<CheckoutProblem | null>(null);
  const [orderNumber, setOrderNumber] = useState("");
  /** The new order's page (path with its token), linked from the success dialog. */
  const [orderPage, setOrderPage] = useState("");
  const [byTransfer, setByTransfer] = useState(false);
  const [forCompany, setForCompany] = useState(false);
  const [publicBody, setPublicBody] = useState(false);
  const [company, setCompany] = useState(EMPTY_COMPANY);
  const [billingChosen, setBillingDifferent] = useState(false);
  /** A billing address is the company's: unticking "for a company" drops it from the form. */
  const billingDifferent = forCompany && billingChosen;
  const [billing, setBilling] = useState(EMPTY_BILLING);
  /** The server's refusals, by field (`orderData.business.vatNumber`, ...). */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [paid, setPaid] = useState<{ total: number; vatStatement: Statement } | null>(null);
  const intent = useRef<Intent | null>(null);
  const card = useRef<CardField | null>(null);
  useStore(quote);

  const country = state.selectedCountry;
  const vatNumber = forCompany ? company.vatNumber.trim() : "";
  // The amounts as the server charges them (net of VAT for an export or a confirmed company);
  // until its quote is there, the shelf amounts (the same for a buyer charged VAT).
  const q = currentQuote(vatNumber);
  const shelfSubtotal = state.items.reduce((s, i) => s + toCents(i.price) * i.quantity, 0);
  const subtotalCents = q ? toCents(q.subtotal) : shelfSubtotal;
  const feeCents = q
    ? toCents(q.shippingFee)
    : state.shippingFee
    ? toCents(state.shippingFee.shippingFee)
    : 0;
  const totalCents = q ? toCents(q.total) : subtotalCents + feeCents;
  const vat = q?.statement;
  const excl = vat?.exempt ? ` (${vat.excluded})` : "";

  useEffect(() => {
    if (open) refreshQuote(vatNumber, lang).then(showQuoteError).catch(() => {});
  }, [open]);

  /** A quote refused on a field (a VAT number VIES does not know) shows under that field. */
  function showQuoteError(result: Awaited<ReturnType<typeof refreshQuote>>) {
    const field = result?.error?.field;
    setFieldErrors((errors) => {
      const rest = Object.fromEntries(
        Object.entries(errors).filter(([k]) => k !== "orderData.business.vatNumber"),
      );
      return field ? { ...rest, [field]: result!.error!.message } : rest;
    });
  }

  function checkVatNumber() {
    refreshQuote(vatNumber, lang).then(showQuoteError).catch(() => {});
  }
  /** No state / region where the country's addresses have none (France), billing ones too. */
  const noRegion = (place: string) => {
    const code = resolveCountryCode(place);
    return !!code && !regionCountries.includes(code);
  };
  const optional = (name: Field) => name === "state" && noRegion(country);
  const billingOptional = (name: BillingField) => name === "state" && noRegion(billing.country);
  /** A field's label, saying so when it may be left empty. */
  const fieldLabel = (label: string, optional: boolean) =>
    optional
      ? (
        <>
          {label} <span class="font-normal text-slate-500">{t.optional}</span>
        </>
      )
      : label;
  const fields = lang === "fr" ? FRENCH_FIELDS : FIELDS;
  const billingFields = lang === "fr" ? FRENCH_BILLING_FIELDS : BILLING_FIELDS;

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
    if (
      FIELDS.some((name) => !optional(name) && !form[name].trim()) || !country ||
      (forCompany && !company.companyName.trim()) ||
      (billingDifferent &&
        BILLING_FIELDS.some((name) => !billingOptional(name) && !billing[name].trim()))
    ) {
      setFormError(t.required);
      return;
    }
    setFormError("");
    setPayError(null);
    setBusy(true);
    try {
      // The amounts to send are the server's: a quote for this cart and VAT number first.
      const quoted = currentQuote(vatNumber) ? null : await refreshQuote(vatNumber, lang);
      if (quoted?.error?.field) return showQuoteError(quoted);
      if (byTransfer) {
        // The order is made now, its stock held; its page (server-rendered) says how to pay.
        const data = orderData();
        const made = await postJson("/api/stripe/bank-transfer", {
          amount: data.total,
          currency: "eur",
          orderData: data,
        });
        if (!made.data.success) return setFormError(serverError(made.data, t.createFailed).message);
        clearCart();
        return location.assign(made.data.orderPage);
      }
      const problem = await ensureIntent(orderData());
      if (problem && "fields" in problem) return setFieldErrors(problem.fields);
      // No card was asked for yet: a refusal is said on the form, not as a payment failure
      // (the stock's has its dialog, which leads back to the cart).
      if (problem && !checkoutProblemDialog(problem, words).backToCart) {
        return setFormError(problem.message);
      }
      if (problem) return fail(problem);
      setFieldErrors({});
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
      // Refused on the form's fields (a mistyped email, the company's VAT number): shown under
      // them, the form stays; no payment was asked for, so no payment error.
      const fields = Array.isArray(created.data.errors)
        ? Object.fromEntries(
          (created.data.errors as { field: string; message: string }[])
            .filter((e) =>
              /^orderData\.(customer|shippingAddress|business|billingAddress)\./.test(e.field)
            )
            .map((e) => [e.field, e.message]),
        )
        : {};
      if (Object.keys(fields).length) return { code: "", message: "", fields };
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
    const trim = <T extends Record<string, string>>(o: T) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v.trim()])) as T;
    const f = trim(form);
    return {
      customer: { firstName: f.firstName, lastName: f.lastName, email: f.email, phone: f.phone },
      shippingAddress: {
        address: f.address,
        city: f.city,
        state: f.state,
        zipCode: f.zipCode,
        country,
      },
      ...(forCompany ? { business: business(trim(company)) } : {}),
      ...(billingDifferent ? { billingAddress: trim(billing) } : {}),
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

  /** The company as sent: a public body's fields apart, and only when it is one. */
  function business({ siret, serviceCode, engagementNumber, ...firm }: typeof company) {
    return publicBody && isFrance(country)
      ? { ...firm, publicBody: { siret, serviceCode, engagementNumber } }
      : firm;
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
      if (problem && "fields" in problem) {
        setFieldErrors(problem.fields);
        return setStage("form");
      }
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
      const order = confirmed.data.order;
      setOrderNumber(order?.orderNumber ?? "");
      setPaid(order?.vatStatement ? order : null);
      setOrderPage(typeof confirmed.data.orderPage === "string" ? confirmed.data.orderPage : "");
      // Paid: the cart is emptied now, whether the buyer continues shopping or opens the order.
      clearCart();
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
    setCompany(EMPTY_COMPANY);
    setBilling(EMPTY_BILLING);
    setFieldErrors({});
    setPaid(null);
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
          {fields.map((name) => (
            <FormField
              key={name}
              id={`checkout-${name}`}
              label={fieldLabel(t.fields[name], optional(name))}
              marked={!optional(name)}
              name={name}
              type={inputType(AUTOFILL[name])}
              required={!optional(name)}
              autocomplete={AUTOFILL[name]}
              value={form[name]}
              error={fieldErrors[`orderData.customer.${name}`] ??
                fieldErrors[`orderData.shippingAddress.${name}`]}
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
                value={countryIn(country, lang)}
                readOnly
                class="mt-1 block w-full rounded-lg border border-slate-200 bg-slate-100 px-3 py-2 text-base text-slate-700 sm:text-sm"
              />
            )}
          </FormField>
          <div class="sm:col-span-2">
            <div class="flex items-start gap-3 text-sm">
              <input
                id="checkout-for-company"
                type="checkbox"
                name="forCompany"
                checked={forCompany}
                aria-describedby="checkout-company-note"
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setForCompany(on);
                  refreshQuote(on ? company.vatNumber.trim() : "", lang).then(showQuoteError)
                    .catch(() => {});
                }}
                class="mt-1"
              />
              <div class="flex flex-col">
                <label for="checkout-for-company" class="font-medium text-gray-900">
                  {t.forCompany}
                </label>
                <span id="checkout-company-note" class="text-gray-600">{t.forCompanyNote}</span>
              </div>
            </div>
            {forCompany && (
              <fieldset class="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
                <legend class="sr-only">{t.companyTitle}</legend>
                {isFrance(country) && (
                  <label class="flex items-center gap-3 text-sm sm:col-span-2">
                    <input
                      type="checkbox"
                      name="publicBody"
                      checked={publicBody}
                      onChange={(e) => setPublicBody(e.currentTarget.checked)}
                    />
                    <span class="font-medium text-gray-900">{t.publicBody}</span>
                  </label>
                )}
                {COMPANY_FIELDS.filter(([name], i) =>
                  i > 3 ? publicBody && isFrance(country) : name !== "siren" || isFrance(country)
                ).map(([name, autocomplete, required]) => (
                  <FormField
                    key={name}
                    id={`checkout-company-${name}`}
                    label={t.companyFields[name]}
                    marked={required}
                    name={name}
                    required={required}
                    autocomplete={autocomplete}
                    value={company[name]}
                    hint={name === "vatNumber" ? vatNumberNote(q, t) : undefined}
                    error={fieldErrors[`orderData.business.${name}`] ??
                      fieldErrors[`orderData.business.publicBody.${name}`]}
                    onInput={(e) => setCompany({ ...company, [name]: e.currentTarget.value })}
                    onChange={name === "vatNumber" ? checkVatNumber : undefined}
                  />
                ))}
                <label class="flex items-center gap-3 text-sm sm:col-span-2">
                  <input
                    type="checkbox"
                    name="billingDifferent"
                    checked={billingDifferent}
                    onChange={(e) => setBillingDifferent(e.currentTarget.checked)}
                  />
                  <span class="font-medium text-gray-900">{t.billingDifferent}</span>
                </label>
              </fieldset>
            )}
            {billingDifferent && (
              <fieldset class="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
                <legend class="mb-2 text-sm font-medium text-gray-900">{t.billingTitle}</legend>
                {billingFields.map((name) => (
                  <FormField
                    key={name}
                    id={`checkout-billing-${name}`}
                    label={name === "country"
                      ? t.country
                      : fieldLabel(t.fields[name], billingOptional(name))}
                    marked={!billingOptional(name)}
                    name={`billing-${name}`}
                    required={!billingOptional(name)}
                    autocomplete={`billing ${name === "country" ? "country-name" : AUTOFILL[name]}`}
                    value={billing[name]}
                    error={fieldErrors[`orderData.billingAddress.${name}`]}
                    onInput={(e) => setBilling({ ...billing, [name]: e.currentTarget.value })}
                  />
                ))}
              </fieldset>
            )}
          </div>
          <div
            class="rounded-md bg-gray-50 p-3 text-sm text-gray-700 sm:col-span-2"
            data-testid="checkout-summary"
            aria-live="polite"
          >
            <p>{fill(t.subtotal, { amount: money(subtotalCents), excl })}</p>
            <p>{fill(t.shipping, { amount: money(feeCents), excl })}</p>
            <p class="font-semibold text-gray-900">
              {fill(t.total, { amount: money(totalCents), excl })}
            </p>
            {vat && <p>{fill(t.fact, { label: vat.label, value: money(vat.vatCents) })}</p>}
            {vat && (vat.exempt || q?.tax.notice) && <p class="mt-1 text-gray-600">{vat.note}</p>}
          </div>
          <fieldset class="sm:col-span-2">
            <legend class="text-sm font-medium text-gray-700">{t.paymentMethod}</legend>
            {[
              [PAYMENT_METHOD, t.payOnline, t.payOnlineNote],
              ...(
                bankTransfer ? [["transfer", t.bankTransfer, t.bankTransferNote]] : []
              ),
            ].map(([value, label, note]) => (
              <label
                key={value}
                class="mt-1 flex items-start gap-3 rounded-md border border-slate-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  value={value}
                  checked={byTransfer === (value === "transfer")}
                  onChange={() => setByTransfer(value === "transfer")}
                  aria-describedby={`checkout-${value}-note`}
                  class="mt-1"
                />
                <span class="flex flex-col text-sm">
                  <span class="font-medium text-gray-900">{label}</span>
                  <span id={`checkout-${value}-note`} class="text-gray-600">{note}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {formError && (
            <p role="alert" class="text-sm font-medium text-red-700 sm:col-span-2">
              {formError}
            </p>
          )}
          <DialogActions
            cancel={t.cancel}
            onClose={closeAll}
            class="flex justify-end gap-3 sm:col-span-2"
          >
            <SubmitButton busy={busy} busyLabel={t.processing}>
              {byTransfer ? fill(t.pay, { amount: money(totalCents) }) : t.proceed}
            </SubmitButton>
          </DialogActions>
          {/* Ordering by transfer accepts the terms here: the card's dialog never opens. */}
          {byTransfer && <div class="sm:col-span-2">{children}</div>}
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
          <DialogActions
            cancel={t.back}
            onClose={() => setStage("form")}
            disabled={busy}
            class={ACTION_ROW}
          >
            <button
              type="button"
              disabled={busy}
              onClick={pay}
              class={PRIMARY_BUTTON}
            >
              {busy ? t.processingPayment : fill(t.pay, { amount: money(totalCents) })}
            </button>
          </DialogActions>
          {!byTransfer && children}
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
          <DialogActions
            cancel={t.cancel}
            onClose={() => setStage("form")}
            class={ACTION_ROW}
          >
            <button
              type="button"
              onClick={dialog.backToCart ? backToCart : () => setStage("payment")}
              data-autofocus
              class={PRIMARY_BUTTON}
            >
              {dialog.backToCart ? t.backToCart : t.tryAgain}
            </button>
          </DialogActions>
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
            {fillNodes(t.successText, {
              // The order number is one word: never broken at its hyphen.
              n: orderNumber
                ? (
                  <>
                    {" "}
                    <span class="whitespace-nowrap">{orderNumber}</span>
                  </>
                )
                : "",
              email: form.email.trim(),
            })}
          </p>
          {paid && (
            <p class="mt-3 text-sm text-gray-700" data-testid="success-vat">
              {paidVat(paid, money, t)}
            </p>
          )}
          <div class="mt-5 flex flex-wrap items-center justify-end gap-3">
            {/^\/(fr\/)?orders\//.test(orderPage) && (
              <a href={orderPage} class="font-semibold text-brand-700 underline">
                {t.viewOrder}
              </a>
            )}
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

const isFrance = (country: string) => resolveCountryCode(country) === "FR";

/** How the server words an order's VAT for its buyer. */
type Statement = VatStatement & { excluded: string };

/** Under the VAT number: VIES's confirmation (and what it means), or why VAT is charged anyway. */
function vatNumberNote(
  q: Quote | null,
  t: { vatConfirmed: string; vatNumberNote: string },
): string {
  if (q?.tax.notice) return q.statement.note;
  if (q?.tax.category === "K") return t.vatConfirmed;
  return t.vatNumberNote;
}

/** What the success dialog says of the payment: the total and its VAT, as the invoice will. */
function paidVat(
  paid: { total: number; vatStatement: Statement },
  money: (cents: number) => string,
  t: { paid: string; fact: string },
): string {
  const vat = paid.vatStatement;
  // "Total payé : 609,90 €, dont TVA (20 %) : 101,65 €": the label's brackets are never nested.
  return `${fill(t.paid, { amount: money(toCents(paid.total)) })}${
    vat.exempt ? ` ${vat.excluded}` : ""
  }, ${fill(t.fact, { label: vat.label, value: money(vat.vatCents) })}. ${
    vat.exempt ? vat.note : ""
  }`;
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
