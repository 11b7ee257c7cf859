import { useEffect, useState } from "preact/hooks";
import { formatMoney, toCents } from "../../../domain/money.ts";
import type { PublicTax } from "../../../domain/tax.ts";
import { vatStatement } from "../../../domain/vat-statement.ts";
import { tax as taxMessages } from "../../../i18n/messages/en/tax.ts";
import { company as companyMessages } from "../../../i18n/messages/en/company.ts";
import { taxWords } from "../../../i18n/tax-words.ts";
import CompanyFields, { businessOf, COMPANY_LABELS } from "./CompanyFields.tsx";
import ItemRows, {
  incompleteRow,
  type ItemRow,
  loadProducts,
  type ProductOption,
} from "./ItemRows.tsx";

/** The back office states VAT in the buyers' English words. */
const TAX_WORDS = taxWords(taxMessages, "en");
import type { FieldError } from "../../../domain/errors.ts";
import { GENDERS } from "../../../domain/order-status.ts";
import FormDialog from "../ui/FormDialog.tsx";
import { fromShopDateTimeInput } from "../../../domain/shop-time.ts";
import { adminApi, ApiError } from "../ui/api.ts";
import { errorSentence } from "../ui/errors.ts";
import FormField, { FIELD } from "../../../ui/FormField.tsx";
import CheckboxField from "../ui/CheckboxField.tsx";
import { useFields } from "../ui/use-fields.ts";
import { useCloseGuard } from "../ui/use-close-guard.tsx";
import MessageDialog from "../ui/MessageDialog.tsx";
import FormActions from "../ui/FormActions.tsx";

type Row = ItemRow;

const DEFAULT_COUNTRY = "Tunisia";

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
  "billingAddress.address": "Billing address",
  "billingAddress.city": "Billing city",
  "billingAddress.state": "Billing state",
  "billingAddress.zipCode": "Billing ZIP code",
  "billingAddress.country": "Billing country",
  "items.id": "Product",
  "items.quantity": "Quantity",
  createdAt: "Order date",
  gender: "Gender",
  ...COMPANY_LABELS,
};

/** The country's fee, 0 when it has none (spec section 9). */
async function feeFor(country: string): Promise<number> {
  const res = await fetch(`/api/shipping/fees/country/${encodeURIComponent(country)}`);
  if (!res.ok) return 0;
  const body = await res.json() as { shippingFee?: number };
  return body.shippingFee ?? 0;
}

/** The order as the server will charge it (an export is net of French VAT). */
interface Charged {
  subtotal: number;
  shippingFee: number;
  total: number;
  vat: number;
  tax: PublicTax;
}

/**
 * The shop's own quote of the lines (the server's tax decision, a company's VAT number asked
 * to VIES); throws when it cannot say.
 */
const chargedFor = (rows: Row[], country: string, vatNumber: string) =>
  adminApi<Charged>("/api/checkout/quote", {
    method: "POST",
    json: {
      items: rows.map((r) => ({ id: r.productId, quantity: r.quantity })),
      shippingCountry: country,
      ...(vatNumber ? { business: { vatNumber } } : {}),
    },
  });

/**
 * 'Create New Order' (spec sections 5 and 9): items with read-only prices, at least one row,
 * the country's fee, payment on delivery or online. The server prices the order itself.
 */
export default function CreateOrderDialog(
  { onClose, onCreated, timeZone }: {
    onClose: () => void;
    onCreated: () => void;
    timeZone: string;
  },
) {
  const [products, setProducts] = useState<ProductOption[] | null>(null);
  const [countries, setCountries] = useState<string[]>([DEFAULT_COUNTRY]);
  const [rows, setRows] = useState<Row[]>([{ productId: "", quantity: 1 }]);
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [fee, setFee] = useState<number | null>(null);
  const [charged, setCharged] = useState<Charged | null>(null);
  const { values: form, field } = useFields("create-order", {
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
    address: "",
    city: "",
    state: "",
    zipCode: "",
    paymentMethod: "delivery",
    gender: "",
    orderId: "",
    createdAt: "",
    companyName: "",
    vatNumber: "",
    siren: "",
    purchaseOrder: "",
    siret: "",
    serviceCode: "",
    engagementNumber: "",
    billingAddress: "",
    billingCity: "",
    billingState: "",
    billingZipCode: "",
    billingCountry: "",
  });
  const [forCompany, setForCompany] = useState(false);
  const [publicBody, setPublicBody] = useState(false);
  // Invoices go to the shipping address unless staff tick "Bill to another address".
  const [billElsewhere, setBillElsewhere] = useState(false);
  const billingCountry = form.billingCountry || country;
  // The VAT number the quote asks about: taken when staff leave the field, not at each key.
  const [quotedVat, setQuotedVat] = useState("");
  const [vatError, setVatError] = useState<string | undefined>(undefined);
  const vatNumber = forCompany ? quotedVat : "";
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const { requestClose, guard } = useCloseGuard({ form, rows, country }, busy, onClose);

  useEffect(() => {
    loadProducts().then(setProducts).catch(() => setProducts([]));
    adminApi<{ country: string }[]>("/api/shipping/countries")
      .then((list) => {
        const names = list.map((c) => c.country);
        if (!names.includes(DEFAULT_COUNTRY)) names.push(DEFAULT_COUNTRY);
        setCountries(names.sort((a, b) => a.localeCompare(b)));
      })
      .catch(() => {});
  }, []);

  useEffect(() => {
    let current = true;
    setFee(null);
    feeFor(country).then((f) => current && setFee(f)).catch(() => current && setFee(0));
    return () => {
      current = false;
    };
  }, [country]);

  const rowsKey = JSON.stringify(rows);
  useEffect(() => {
    let current = true;
    setCharged(null);
    if (rows.some(incompleteRow)) return;
    setVatError(undefined);
    chargedFor(rows, country, vatNumber).then((c) => current && setCharged(c)).catch((err) => {
      if (!current || !(err instanceof ApiError)) return;
      // The quote is the checkout's: it names the field under `orderData.`.
      setVatError(err.errors.find((e) => e.field.endsWith("business.vatNumber"))?.message);
    });
    return () => {
      current = false;
    };
  }, [rowsKey, country, vatNumber]);

  const product = (id: string) => products?.find((p) => p._id === id);
  const subtotal = rows.reduce(
    (sum, r) => sum + toCents(product(r.productId)?.price ?? 0) * (r.quantity || 0),
    0,
  );
  const incomplete = rows.some(incompleteRow);
  const isFrance = country === "France";
  const vat = charged ? vatStatement(charged.tax, toCents(charged.vat), TAX_WORDS) : null;
  const excl = vat?.exempt ? ` (${TAX_WORDS.excluded})` : "";

  async function submit(e: Event) {
    e.preventDefault();
    if (incomplete) return;
    setBusy(true);
    setFieldErrors([]);
    try {
      await adminApi("/api/orders/admin", {
        method: "POST",
        json: {
          customer: {
            firstName: form.firstName,
            lastName: form.lastName,
            email: form.email,
            phone: form.phone,
          },
          shippingAddress: {
            address: form.address,
            city: form.city,
            state: form.state,
            zipCode: form.zipCode,
            country,
          },
          items: rows.map((r) => ({
            id: r.productId,
            title: product(r.productId)?.name,
            price: product(r.productId)?.price,
            quantity: r.quantity,
          })),
          subtotal: subtotal / 100,
          shippingFee: fee ?? 0,
          total: subtotal / 100 + (fee ?? 0),
          paymentMethod: form.paymentMethod || "delivery",
          shippingCountry: country,
          shippingFeeDetails: { country, fee: fee ?? 0, currency: "EUR" },
          ...(billElsewhere
            ? {
              billingAddress: {
                address: form.billingAddress,
                city: form.billingCity,
                state: form.billingState,
                zipCode: form.billingZipCode,
                country: billingCountry,
              },
            }
            : {}),
          ...(form.gender ? { gender: form.gender } : {}),
          ...(forCompany ? { business: businessOf(form, isFrance, publicBody) } : {}),
          ...(form.orderId.trim() ? { orderId: form.orderId.trim() } : {}),
          ...(form.createdAt
            ? { createdAt: new Date(fromShopDateTimeInput(form.createdAt, timeZone)).toISOString() }
            : {}),
        },
      });
      setResult({ ok: true, message: "Order Created Successfully!" });
    } catch (err) {
      if (err instanceof ApiError) setFieldErrors(err.errors);
      setResult({
        ok: false,
        message: errorSentence(err, "Failed to create order", LABELS),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      title="Create New Order"
      testId="create-order-dialog"
      size="3xl"
      onClose={requestClose}
    >
      <form class="mt-4 space-y-5" onSubmit={submit} noValidate>
        <fieldset class="grid gap-3 sm:grid-cols-2">
          <legend class="mb-1 text-sm font-semibold">Customer</legend>
          <FormField label="First name" marked required data-autofocus {...field("firstName")} />
          <FormField label="Last name" marked required {...field("lastName")} />
          <FormField label="Email (optional)" type="email" {...field("email")} />
          <FormField label="Phone" type="tel" {...field("phone")} />
          <FormField id="create-order-gender" label="Gender (optional)">
            {(wiring) => (
              <select {...wiring} class={FIELD} {...field("gender")}>
                <option value="">Not given</option>
                {GENDERS.map((g) => (
                  <option key={g} value={g}>{g[0].toUpperCase() + g.slice(1)}</option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            label="Order ID (optional)"
            maxLength={40}
            autocomplete="off"
            {...field("orderId")}
          />
          <FormField
            label={`Order date (optional, ${timeZone})`}
            type="datetime-local"
            {...field("createdAt")}
          />
        </fieldset>
        <fieldset class="grid gap-3 sm:grid-cols-2">
          <legend class="mb-1 text-sm font-semibold">Shipping address</legend>
          <FormField label="Address" marked required class="sm:col-span-2" {...field("address")} />
          <FormField label="City" marked required {...field("city")} />
          <FormField label="State" {...field("state")} />
          <FormField label="ZIP code" {...field("zipCode")} />
          <FormField id="create-order-country" label="Country" marked>
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
        <div>
          <CheckboxField
            label="Bill to another address"
            name="billElsewhere"
            checked={billElsewhere}
            onChange={(e) => setBillElsewhere(e.currentTarget.checked)}
          />
          {billElsewhere && (
            <fieldset class="mt-2 grid gap-3 sm:grid-cols-2">
              <legend class="sr-only">Billing address</legend>
              <FormField
                label="Billing address"
                marked
                required
                class="sm:col-span-2"
                {...field("billingAddress")}
              />
              <FormField label="Billing city" marked required {...field("billingCity")} />
              <FormField label="Billing state" {...field("billingState")} />
              <FormField label="Billing ZIP code" marked required {...field("billingZipCode")} />
              <FormField id="create-order-billing-country" label="Billing country" marked>
                {(wiring) => (
                  <select
                    {...wiring}
                    required
                    class={FIELD}
                    {...field("billingCountry")}
                    value={billingCountry}
                  >
                    {countries.map((c) => <option key={c} value={c}>{c}</option>)}
                  </select>
                )}
              </FormField>
            </fieldset>
          )}
        </div>
        <div>
          <CheckboxField
            label={companyMessages.forCompany}
            name="forCompany"
            checked={forCompany}
            onChange={(e) => setForCompany(e.currentTarget.checked)}
          />
          {forCompany && (
            <CompanyFields
              field={field}
              isFrance={isFrance}
              vatError={vatError}
              onVatNumber={setQuotedVat}
              publicBody={publicBody}
              onPublicBody={setPublicBody}
              errors={fieldErrors}
            />
          )}
        </div>
        <ItemRows
          idPrefix="create-order"
          rows={rows}
          onRows={setRows}
          blank={{ productId: "", quantity: 1 }}
          products={products}
        />
        <div class="grid gap-3 sm:grid-cols-2">
          <FormField id="create-order-payment-method" label="Payment method">
            {(wiring) => (
              <select {...wiring} class={FIELD} {...field("paymentMethod")}>
                <option value="delivery">Pay on Delivery</option>
                <option value="online">Payment Online</option>
              </select>
            )}
          </FormField>
          <dl class="rounded-lg bg-slate-50 p-3 text-sm" data-testid="order-amounts">
            <div class="flex justify-between">
              <dt>Subtotal{excl}</dt>
              <dd>{formatMoney(charged ? toCents(charged.subtotal) : subtotal)}</dd>
            </div>
            <div class="flex justify-between">
              <dt>Shipping ({country}){excl}</dt>
              <dd data-testid="order-fee">
                {fee === null
                  ? "Calculating..."
                  : formatMoney(toCents(charged?.shippingFee ?? fee))}
              </dd>
            </div>
            <div class="flex justify-between font-semibold">
              <dt>Total{excl}</dt>
              <dd>
                {formatMoney(charged ? toCents(charged.total) : subtotal + toCents(fee ?? 0))}
              </dd>
            </div>
            {vat && (
              <div class="flex justify-between text-slate-600">
                <dt>{vat.label}</dt>
                <dd>{formatMoney(vat.vatCents)}</dd>
              </div>
            )}
            {vat?.exempt && <p class="mt-1 text-xs text-slate-600">{vat.note}</p>}
          </dl>
        </div>
        <FormActions
          busy={busy}
          label="Create Order"
          busyLabel="Creating..."
          onCancel={requestClose}
          disabled={incomplete}
        />
      </form>
      <MessageDialog
        open={result !== null}
        kind={result?.ok ? "success" : "error"}
        title={result?.ok ? "Success" : "Order Creation Failed"}
        message={result?.message ?? ""}
        onClose={() => {
          const ok = result?.ok;
          setResult(null);
          if (ok) {
            onCreated();
            onClose();
          }
        }}
      />
      {guard}
    </FormDialog>
  );
}
