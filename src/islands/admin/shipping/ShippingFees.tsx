import { useState } from "preact/hooks";
import { resolveCountryCode } from "../../../domain/country-code.ts";
import type { PublicShippingFee } from "../../../domain/shipping-fee.ts";
import { adminApi } from "../ui/api.ts";
import { errorSentence } from "../ui/errors.ts";
import { useConfirmedAction, useFailure } from "../ui/feedback.tsx";
import StatusBadge from "../../../ui/admin/StatusBadge.tsx";
import { useResource } from "../ui/use-resource.ts";
import { adminToast } from "../ui/toast.ts";
import { ROW_ACTION } from "../ui/styles.ts";
import { DeleteButton } from "../ui/table.tsx";

const input =
  "rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

interface Draft {
  country: string;
  shippingFee: string;
  currency: string;
  isActive: boolean;
}

const draftOf = (f?: PublicShippingFee): Draft => ({
  country: f?.country ?? "",
  shippingFee: f ? String(f.shippingFee) : "",
  currency: f?.currency ?? "EUR",
  isActive: f?.isActive ?? true,
});

/** The Validation Error of spec section 5, or the body to send. */
function bodyOf(d: Draft) {
  if (!d.country.trim() || d.shippingFee.trim() === "") return null;
  return {
    country: d.country.trim(),
    shippingFee: Number(d.shippingFee),
    currency: d.currency,
    isActive: d.isActive,
  };
}

function Flag({ country }: { country: string }) {
  const code = resolveCountryCode(country);
  return code
    ? (
      <img
        src={`/flags/${code.toLowerCase()}.svg`}
        alt=""
        width={24}
        height={18}
        class="h-[18px] w-6 rounded-sm ring-1 ring-slate-200"
      />
    )
    : <span class="inline-block h-[18px] w-6" aria-hidden="true" />;
}

const LABELS = { country: "Country", shippingFee: "Shipping fee", currency: "Currency" };
const byCountry = (list: PublicShippingFee[]) =>
  list.sort((a, b) => a.country.localeCompare(b.country));

/**
 * Shipping Fees Management: one fee per country, rows that switch between view and edit. The
 * country field suggests the shop's countries (`countries`), the only ones the API accepts.
 */
export default function ShippingFees(
  { initial, countries }: { initial: PublicShippingFee[]; countries: string[] },
) {
  const fees = useResource(
    initial,
    async () => byCountry(await adminApi<PublicShippingFee[]>("/api/shipping/fees")),
    "Failed to fetch shipping fees",
  );
  const [adding, setAdding] = useState<Draft>(draftOf());
  const [editing, setEditing] = useState<Record<string, Draft>>({});
  const [busy, setBusy] = useState(false);
  const { fail, dialog } = useFailure();
  const deletion = useConfirmedAction<PublicShippingFee>({
    title: "Delete Shipping Fee",
    message: (f) =>
      `Delete the shipping fee for ${f.country}? Buyers there can no longer check out.`,
    fallback: "Delete failed",
    fail,
    async run(f) {
      const res = await adminApi<{ message: string }>(`/api/shipping/fees/${f._id}`, {
        method: "DELETE",
      });
      fees.setData((all) => all.filter((x) => x._id !== f._id));
      return res.message;
    },
  });

  async function save(id: string | null, d: Draft) {
    const body = bodyOf(d);
    if (!body) return fail("Validation Error", "Country and shipping fee are required");
    setBusy(true);
    try {
      const res = await adminApi<{ message: string }>(
        id ? `/api/shipping/fees/${id}` : "/api/shipping/fees",
        { method: id ? "PUT" : "POST", json: body },
      );
      if (id) setEditing(({ [id]: _, ...rest }) => rest);
      else setAdding(draftOf());
      // The list shows the change before the toast says it is done.
      if (!await fees.reload()) fail("Error", "Failed to fetch shipping fees");
      adminToast(res.message, "success");
    } catch (err) {
      fail("Error", errorSentence(err, "Failed to update shipping fee", LABELS));
    } finally {
      setBusy(false);
    }
  }

  const fields = (d: Draft, set: (d: Draft) => void, idPrefix: string) => (
    <>
      <label class="text-sm">
        <span class="sr-only">Country</span>
        <input
          id={`${idPrefix}-country`}
          class={`${input} w-full`}
          placeholder="Country"
          list="shipping-countries"
          autocomplete="off"
          value={d.country}
          onInput={(e) => set({ ...d, country: e.currentTarget.value })}
        />
      </label>
      <label class="text-sm">
        <span class="sr-only">Shipping fee</span>
        <input
          type="number"
          min="0"
          step="0.01"
          class={`${input} w-28`}
          placeholder="Fee"
          value={d.shippingFee}
          onInput={(e) => set({ ...d, shippingFee: e.currentTarget.value })}
        />
      </label>
      <label class="text-sm">
        <span class="sr-only">Currency</span>
        <select
          class={input}
          value={d.currency}
          onChange={(e) => set({ ...d, currency: e.currentTarget.value })}
        >
          <option value="EUR">EUR</option>
          <option value="USD">USD</option>
        </select>
      </label>
      <label class="flex items-center gap-1 text-sm">
        <input
          type="checkbox"
          checked={d.isActive}
          onChange={(e) => set({ ...d, isActive: e.currentTarget.checked })}
        />
        Active
      </label>
    </>
  );

  return (
    <div class="space-y-4">
      <datalist id="shipping-countries">
        {countries.map((c) => <option key={c} value={c} />)}
      </datalist>
      <form
        class="flex flex-wrap items-center gap-2 rounded-xl bg-white p-4 ring-1 ring-slate-200"
        aria-label="Add a shipping fee"
        onSubmit={(e) => {
          e.preventDefault();
          save(null, adding);
        }}
      >
        {fields(adding, setAdding, "new-fee")}
        <button
          type="submit"
          disabled={busy}
          class="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Add Fee
        </button>
      </form>
      <ul
        class="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200"
        data-testid="fee-list"
      >
        {fees.data.map((f) => {
          const d = editing[f._id];
          return (
            <li
              key={f._id}
              class="flex flex-wrap items-center gap-3 px-4 py-3"
              data-testid="fee-row"
              data-country={f.country}
            >
              <Flag country={f.country} />
              {d
                ? (
                  <>
                    {fields(d, (next) => setEditing({ ...editing, [f._id]: next }), `fee-${f._id}`)}
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => save(f._id, d)}
                      class="rounded-md bg-brand-600 px-3 py-1 text-xs font-semibold text-white"
                    >
                      Save
                    </button>
                    <button
                      type="button"
                      onClick={() => setEditing(({ [f._id]: _, ...rest }) => rest)}
                      class="rounded-md px-3 py-1 text-xs font-semibold ring-1 ring-slate-300"
                    >
                      Cancel
                    </button>
                  </>
                )
                : (
                  <>
                    <span class="min-w-40 flex-1 font-medium">{f.country}</span>
                    <span class="w-28 font-semibold">{f.shippingFee.toFixed(2)} {f.currency}</span>
                    <StatusBadge
                      value={f.isActive ? "active" : "inactive"}
                      colour={f.isActive ? "green" : "grey"}
                    />
                    <button
                      type="button"
                      onClick={() => setEditing({ ...editing, [f._id]: draftOf(f) })}
                      class={ROW_ACTION}
                    >
                      Edit
                    </button>
                    <DeleteButton onClick={() => deletion.ask(f)} />
                  </>
                )}
            </li>
          );
        })}
      </ul>
      {deletion.dialog}
      {dialog}
    </div>
  );
}
