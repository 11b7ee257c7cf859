import { messagesFor } from "../../i18n/catalog.ts";
import { fill } from "../../i18n/fill.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import FormField, { FIELD } from "../../ui/FormField.tsx";

/** A field of the form: its name in the API's body, its label, whether it must be filled. */
type Field = [path: string, label: string, required: boolean, type?: string];

/** A country option: its value as the shop stores it (the English name), its name in the page's language. */
export type CountryOption = [value: string, name: string];

/**
 * "Request a quote" from the cart: the company, the contact, the delivery address, a billing
 * address when it differs, and a message, server-rendered in the page's language (countries
 * named and sorted in it). src/scripts/quote-request-form.ts reads the
 * cart saved in the browser, lists it, and sends the request to `POST /api/quote-requests`.
 */
export default function QuoteRequestForm(
  { lang, countries, billingCountries, validityDays }: {
    lang: Lang;
    countries: CountryOption[];
    billingCountries: CountryOption[];
    validityDays: number;
  },
) {
  const m = messagesFor(lang);
  const t = m.quotes.request;
  const f = m.checkout.fields;
  const c = m.checkout.companyFields;
  const id = (path: string) => `qr-${path.replaceAll(".", "-")}`;
  const address = (group: string): Field[] => [
    [`${group}.address`, f.address, true],
    [`${group}.city`, f.city, true],
    [`${group}.zipCode`, f.zipCode, true],
    [`${group}.state`, f.state, false],
  ];
  const textField = ([path, label, required, type]: Field) => (
    <FormField
      key={path}
      id={id(path)}
      label={label}
      name={path}
      type={type ?? "text"}
      marked={required}
      required={required}
    />
  );
  const countrySelect = (path: string, options: CountryOption[]) => (
    <FormField id={id(path)} label={m.checkout.country} marked>
      {(wiring) => (
        <select {...wiring} name={path} required class={FIELD}>
          <option value="">—</option>
          {options.map(([value, name]) => <option key={value} value={value}>{name}</option>)}
        </select>
      )}
    </FormField>
  );
  const publicBodyFields: Field[] = [
    ["business.publicBody.siret", c.siret, true],
    ["business.publicBody.serviceCode", c.serviceCode, false],
    ["business.publicBody.engagementNumber", c.engagementNumber, false],
  ];
  const groups: [string, Field[]][] = [
    [m.checkout.companyTitle, [
      ["business.companyName", c.companyName, true],
      ["business.vatNumber", c.vatNumber, false],
      ["business.siren", c.siren, false],
      ["business.purchaseOrder", c.purchaseOrder, false],
    ]],
    [t.contact, [
      ["customer.firstName", f.firstName, true],
      ["customer.lastName", f.lastName, true],
      ["customer.email", f.email, true, "email"],
      ["customer.phone", f.phone, true, "tel"],
    ]],
    [t.delivery, address("shippingAddress")],
  ];
  return (
    <div class="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 class="text-3xl font-bold text-ink">{t.title}</h1>
      <p class="mt-2 text-slate-700">{fill(t.intro, { days: validityDays })}</p>
      <section class="mt-6" aria-labelledby="qr-cart-title">
        <h2 id="qr-cart-title" class="text-lg font-semibold">{t.cart}</h2>
        <ul
          id="qr-cart"
          class="mt-2 list-disc pl-5 text-slate-700"
          data-testid="quote-request-cart"
        >
        </ul>
        <p id="qr-empty" class="mt-2 text-slate-700">
          {t.emptyCart}{" "}
          <a class="font-semibold text-brand-700 underline" href={localePath(lang, "/shop")}>
            {t.shop}
          </a>
        </p>
      </section>
      <form
        id="quote-request"
        class="mt-8 space-y-6"
        noValidate
        hidden
        data-lang={lang}
        data-busy={t.busy}
        data-sent={t.sent}
        data-invalid={t.invalid}
        data-failed={t.failed}
      >
        {groups.map(([legend, fields]) => (
          <fieldset key={legend} class="grid gap-3 sm:grid-cols-2">
            <legend class="mb-1 text-lg font-semibold">{legend}</legend>
            {fields.map(textField)}
            {legend === t.delivery && countrySelect("shippingAddress.country", countries)}
            {legend === m.checkout.companyTitle && (
              <div class="sm:col-span-2">
                <label class="flex items-center gap-3">
                  <input
                    type="checkbox"
                    id="qr-public-body"
                    aria-describedby="qr-public-body-note"
                  />
                  <span class="font-medium">{m.checkout.publicBody}</span>
                </label>
                <p id="qr-public-body-note" class="mt-1 text-sm text-slate-600">
                  {m.checkout.publicBodyNote}
                </p>
                {/* Disabled while hidden, as the billing address: neither required nor sent. */}
                <fieldset
                  id="qr-public-body-fields"
                  class="mt-3 grid gap-3 sm:grid-cols-2"
                  hidden
                  disabled
                >
                  <legend class="sr-only">{m.checkout.publicBody}</legend>
                  {publicBodyFields.map(textField)}
                </fieldset>
              </div>
            )}
          </fieldset>
        ))}
        <label class="flex items-center gap-3">
          <input type="checkbox" id="qr-billing-differs" />
          <span class="font-medium">{m.checkout.billingDifferent}</span>
        </label>
        {/* Disabled while hidden: its fields are neither required nor sent. */}
        <fieldset id="qr-billing" class="grid gap-3 sm:grid-cols-2" hidden disabled>
          <legend class="mb-1 text-lg font-semibold">{m.checkout.billingTitle}</legend>
          {address("billingAddress").map(textField)}
          {countrySelect("billingAddress.country", billingCountries)}
        </fieldset>
        <FormField id="qr-message" label={t.message}>
          {(wiring) => (
            <textarea {...wiring} name="message" rows={3} maxLength={2000} class={FIELD} />
          )}
        </FormField>
        <p id="qr-error" role="alert" class="text-sm font-medium text-red-700"></p>
        <button
          type="submit"
          class="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
        >
          {t.submit}
        </button>
      </form>
      <p
        id="qr-sent"
        role="status"
        class="mt-6 font-medium text-green-800"
        data-testid="quote-request-sent"
      >
      </p>
    </div>
  );
}
