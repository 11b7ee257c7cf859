import { useEffect, useState } from "preact/hooks";
import { discountedCents, formatMoney, toCents } from "../../../domain/money.ts";
import type { SalesQuote } from "../../../domain/sales-quote.ts";
import { MAX_TERMS_DAYS } from "../../../domain/payment-terms-limit.ts";
import FormField, { FIELD } from "../../../ui/FormField.tsx";
import type { FieldError } from "../../../domain/errors.ts";
import CompanyFields, { businessOf, COMPANY_LABELS } from "../orders/CompanyFields.tsx";
import ItemRows, {
  incompleteRow,
  type ItemRow,
  loadProducts,
  type ProductOption,
} from "../orders/ItemRows.tsx";
import { adminApi, ApiError } from "../ui/api.ts";
import { errorSentence } from "../ui/errors.ts";
import FormActions from "../ui/FormActions.tsx";
import FormDialog from "../ui/FormDialog.tsx";
import { useCloseGuard } from "../ui/use-close-guard.tsx";
import { useFields } from "../ui/use-fields.ts";

interface QuoteRow extends ItemRow {
  /** Percent as typed ("12.5"); blank is none. */
  discount: string;
}

const BLANK: QuoteRow = { productId: "", quantity: 1, discount: "" };

/** The form's labels by the API's field path, for its error sentences. */
const LABELS = {
  "customer.firstName": "First name",
  "customer.lastName": "Last name",
  "customer.email": "Email",
  "customer.phone": "Phone",
  "shippingAddress.address": "Address",
  "shippingAddress.city": "City",
  "shippingAddress.state": "State",
  "shippingAddress.zipCode": "ZIP code",
  "shippingAddress.country": "Country",
  shippingCountry: "Country",
  "items.id": "Product",
  "items.quantity": "Quantity",
  "items.discountPercent": "Discount",
  shippingFee: "Shipping fee",
  validUntil: "Valid until",
  "terms.kind": "Payment",
  "terms.days": "Payment terms",
  note: "Note",
  ...COMPANY_LABELS,
};

/** The form's text values of a quote (empty for a new one). */
function valuesOf(q: SalesQuote | null) {
  const a = q?.shippingAddress;
  return {
    firstName: q?.customer.firstName ?? "",
    lastName: q?.customer.lastName ?? "",
    email: q?.customer.email ?? "",
    phone: q?.customer.phone ?? "",
    locale: q?.locale ?? "en",
    companyName: q?.business.companyName ?? "",
    vatNumber: q?.business.vatNumber ?? "",
    siren: q?.business.siren ?? "",
    purchaseOrder: q?.business.purchaseOrder ?? "",
    siret: q?.business.publicBody?.siret ?? "",
    serviceCode: q?.business.publicBody?.serviceCode ?? "",
    engagementNumber: q?.business.publicBody?.engagementNumber ?? "",
    address: a?.address ?? "",
    city: a?.city ?? "",
    state: a?.state ?? "",
    zipCode: a?.zipCode ?? "",
    shippingFee: q?.shippingFeeOverrideCents === undefined
      ? ""
      : String(q.shippingFeeOverrideCents / 100),
    note: q?.note ?? "",
    validUntil: q?.validUntil ?? "",
    termsKind: q?.terms.kind ?? "on_terms",
    termsDays: q ? String(q.terms.days) : "",
  };
}

/**
 * Staff's quote, new or edited: the buyer (the Create order dialog's company box), the lines
 * with a discount in percent each, the shipping fee (blank: the country's), a note, the validity
 * date (blank: the default), the payment terms. The server prices and taxes it as the checkout
 * would; saving an edit of a sent quote puts it back to draft.
 */
export default function QuoteDialog(
  { quote, onClose, onSaved }: {
    quote: SalesQuote | null;
    onClose: () => void;
    onSaved: (q: SalesQuote) => void;
  },
) {
  const [products, setProducts] = useState<ProductOption[] | null>(null);
  const [countries, setCountries] = useState<string[]>(quote ? [quote.shippingCountry] : []);
  const [country, setCountry] = useState(quote?.shippingCountry ?? "France");
  const [rows, setRows] = useState<QuoteRow[]>(
    quote
      ? quote.lines.map((l) => ({
        productId: l.id,
        quantity: l.quantity,
        discount: l.discountBp ? String(l.discountBp / 100) : "",
      }))
      : [BLANK],
  );
  const { values: form, field } = useFields("quote", valuesOf(quote));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [vatError, setVatError] = useState<string | undefined>(undefined);
  const [publicBody, setPublicBody] = useState(!!quote?.business.publicBody);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const { requestClose, guard } = useCloseGuard({ form, rows, country }, busy, onClose);

  useEffect(() => {
    loadProducts().then(setProducts).catch(() => setProducts([]));
    adminApi<{ country: string }[]>("/api/shipping/countries")
      .then((list) => {
        const names = new Set([...list.map((c) => c.country), country]);
        setCountries([...names].sort((a, b) => a.localeCompare(b)));
      })
      .catch(() => setCountries((c) => c.length ? c : [country]));
  }, []);

  const isFrance = country === "France";
  const incomplete = rows.some(incompleteRow);
  const price = (id: string) => toCents(products?.find((p) => p._id === id)?.price ?? 0);
  const shelfSubtotal = rows.reduce(
    (n, r) =>
      n + discountedCents(price(r.productId), Math.round(Number(r.discount || 0) * 100)) *
        (r.quantity || 0),
    0,
  );

  async function submit(e: Event) {
    e.preventDefault();
    if (incomplete) return;
    setBusy(true);
    setError("");
    setVatError(undefined);
    setFieldErrors([]);
    const number = (text: string) => text.trim() === "" ? undefined : Number(text);
    try {
      const saved = await adminApi<SalesQuote>(quote ? `/api/quotes/${quote.id}` : "/api/quotes", {
        method: quote ? "PUT" : "POST",
        json: {
          items: rows.map((r) => ({
            id: r.productId,
            quantity: r.quantity,
            discountPercent: number(r.discount) ?? 0,
          })),
          shippingCountry: country,
          customer: {
            firstName: form.firstName,
            lastName: form.lastName,
            email: form.email,
            phone: form.phone,
          },
          business: businessOf(form, isFrance, publicBody),
          shippingAddress: {
            address: form.address,
            city: form.city,
            state: form.state,
            zipCode: form.zipCode,
            country,
          },
          // The buyer's billing address of a request is kept as it came.
          ...(quote?.billingAddress ? { billingAddress: quote.billingAddress } : {}),
          ...(form.shippingFee.trim() ? { shippingFee: number(form.shippingFee) } : {}),
          note: form.note,
          ...(form.validUntil ? { validUntil: form.validUntil } : {}),
          terms: {
            kind: form.termsKind,
            ...(form.termsDays.trim() ? { days: number(form.termsDays) } : {}),
          },
          locale: form.locale,
        },
      });
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError) {
        setFieldErrors(err.errors);
        setVatError(err.errors.find((x) => x.field.endsWith("business.vatNumber"))?.message);
      }
      setError(errorSentence(err, "Failed to save the quote", LABELS));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      title={quote ? `Edit quote ${quote.number}` : "New quote"}
      testId="quote-dialog"
      size="3xl"
      onClose={requestClose}
    >
      <form class="mt-4 space-y-5" onSubmit={submit} noValidate>
        <fieldset class="grid gap-3 sm:grid-cols-2">
          <legend class="mb-1 text-sm font-semibold">Buyer</legend>
          <FormField label="First name" marked required data-autofocus {...field("firstName")} />
          <FormField label="Last name" marked required {...field("lastName")} />
          <FormField label="Email" marked required type="email" {...field("email")} />
          <FormField label="Phone" marked required type="tel" {...field("phone")} />
          <FormField id="quote-locale" label="Language (quote, mails, page)">
            {(wiring) => (
              <select {...wiring} class={FIELD} {...field("locale")}>
                <option value="en">English</option>
                <option value="fr">French</option>
              </select>
            )}
          </FormField>
        </fieldset>
        <CompanyFields
          class=""
          field={field}
          isFrance={isFrance}
          vatError={vatError}
          onVatNumber={() => setVatError(undefined)}
          publicBody={publicBody}
          onPublicBody={setPublicBody}
          errors={fieldErrors}
        />
        <fieldset class="grid gap-3 sm:grid-cols-2">
          <legend class="mb-1 text-sm font-semibold">Delivery address</legend>
          <FormField label="Address" marked required class="sm:col-span-2" {...field("address")} />
          <FormField label="City" marked required {...field("city")} />
          <FormField label="State" {...field("state")} />
          <FormField label="ZIP code" marked required {...field("zipCode")} />
          <FormField id="quote-country" label="Country" marked>
            {(wiring) => (
              <select
                {...wiring}
                required
                class={FIELD}
                value={country}
                onChange={(e) => setCountry(e.currentTarget.value)}
              >
                {countries.map((c) => <option key={c} value={c}>{c}</option>)}
              </select>
            )}
          </FormField>
        </fieldset>
        <ItemRows
          idPrefix="quote"
          rows={rows}
          onRows={setRows}
          blank={BLANK}
          products={products}
          testId="quote-item"
          extra={(r, i, set) => (
            <FormField
              id={`quote-item-${i}-discount`}
              label="Discount %"
              type="number"
              min={0}
              max={100}
              step="0.01"
              inputMode="decimal"
              value={r.discount}
              onInput={(e) => set({ discount: e.currentTarget.value })}
            />
          )}
        />
        <div class="grid gap-3 sm:grid-cols-2">
          <FormField
            label="Shipping fee, EUR incl. VAT"
            hint="Blank: the country's fee"
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            {...field("shippingFee")}
          />
          <FormField
            label="Valid until"
            hint="Blank: the default validity"
            type="date"
            {...field("validUntil")}
          />
          <FormField id="quote-terms-kind" label="Payment">
            {(wiring) => (
              <select {...wiring} class={FIELD} {...field("termsKind")}>
                <option value="on_terms">On terms (invoice when shipped)</option>
                <option value="before_shipping">Before shipping (pro-forma)</option>
              </select>
            )}
          </FormField>
          <FormField
            label="Payment terms, days"
            hint={`At most ${MAX_TERMS_DAYS}; blank: the shop's default`}
            type="number"
            min={0}
            max={MAX_TERMS_DAYS}
            {...field("termsDays")}
          />
          <FormField id="quote-note" label="Note (printed on the quote)" class="sm:col-span-2">
            {(wiring) => (
              <textarea {...wiring} rows={2} maxLength={2000} class={FIELD} {...field("note")} />
            )}
          </FormField>
        </div>
        <p class="rounded-lg bg-slate-50 p-3 text-sm" data-testid="quote-estimate">
          Lines at shelf prices less discounts: <strong>{formatMoney(shelfSubtotal)}</strong>{" "}
          incl. French VAT. Saving prices and taxes the quote as the checkout would (VIES asked for
          a VAT number).
        </p>
        {error && (
          <p role="alert" class="whitespace-pre-line rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
        <FormActions
          busy={busy}
          label={quote ? "Save quote" : "Create quote"}
          busyLabel="Saving..."
          onCancel={requestClose}
          disabled={incomplete}
        />
      </form>
      {guard}
    </FormDialog>
  );
}
