import type { OrderQuery } from "../../domain/order-query.ts";
import { ORDER_STATUSES, STORED_PAYMENT_STATUSES } from "../../domain/order-status.ts";
import FormField, { FIELD } from "../../ui/FormField.tsx";

/** The filters that pick one of a list: query parameter, label, choices. */
const CHOICES = [
  ["status", "Status", ORDER_STATUSES],
  ["paymentStatus", "Payment", STORED_PAYMENT_STATUSES],
] as const;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The orders' filters as a plain GET form: every view is a URL (bookmarks, the back button),
 * and it works before any script runs. Its days are the shop's (named), as the server reads them.
 */
export default function OrderFilters(
  { query, exportHref, timeZone }: { query: OrderQuery; exportHref: string; timeZone: string },
) {
  return (
    <form
      method="get"
      action="/admin/orders"
      class="mb-4 grid gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-3 lg:grid-cols-7"
      role="search"
    >
      <FormField
        id="orders-q"
        label="Search"
        class="sm:col-span-3 lg:col-span-2"
        type="search"
        name="q"
        value={query.q ?? ""}
        placeholder="Order number, email or name"
      />
      {CHOICES.map(([name, label, values]) => (
        <FormField key={name} id={`orders-${name}`} label={label}>
          {(wiring) => (
            <select {...wiring} name={name} class={FIELD}>
              <option value="">All</option>
              {values.map((s) => (
                <option key={s} value={s} selected={query[name] === s}>{capital(s)}</option>
              ))}
            </select>
          )}
        </FormField>
      ))}
      {(["from", "to"] as const).map((name) => (
        <FormField
          key={name}
          id={`orders-${name}`}
          label={<DayLabel name={capital(name)} timeZone={timeZone} />}
          type="date"
          name={name}
          value={query[name] ?? ""}
        />
      ))}
      <div class="flex flex-col justify-end gap-2">
        <label class="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            name="needsRefund"
            value="true"
            checked={query.needsRefund === true}
          />
          Needs refund
        </label>
        <div class="flex gap-2">
          <button
            type="submit"
            class="rounded-lg bg-slate-900 px-3 py-2 text-sm font-semibold text-white"
          >
            Filter
          </button>
          <a
            href="/admin/orders"
            class="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300"
          >
            Reset
          </a>
        </div>
      </div>
      <p class="flex flex-wrap gap-x-4 gap-y-1 text-sm sm:col-span-3 lg:col-span-7">
        <a href={exportHref} class="font-medium text-brand-700 hover:underline">
          Export these orders (CSV)
        </a>
        <a
          href={`${exportHref}${exportHref.includes("?") ? "&" : "?"}format=excel-fr`}
          class="font-medium text-brand-700 hover:underline"
        >
          CSV for Excel (FR)
        </a>
      </p>
    </form>
  );
}

/** A date filter's label: its name and the shop's time zone its days are in. */
function DayLabel({ name, timeZone }: { name: string; timeZone: string }) {
  return (
    <>
      {name} <span class="font-normal text-slate-500">({timeZone})</span>
    </>
  );
}
