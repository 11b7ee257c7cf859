import type { OrderQuery } from "../../domain/order-query.ts";
import { ORDER_STATUSES, STORED_PAYMENT_STATUSES } from "../../domain/order-status.ts";

const field =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";
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
      <label class="text-sm font-medium sm:col-span-3 lg:col-span-2">
        Search
        <input
          type="search"
          name="q"
          value={query.q ?? ""}
          placeholder="Order number, email or name"
          class={field}
        />
      </label>
      <label class="text-sm font-medium">
        Status
        <select name="status" class={field}>
          <option value="">All</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s} selected={query.status === s}>{capital(s)}</option>
          ))}
        </select>
      </label>
      <label class="text-sm font-medium">
        Payment
        <select name="paymentStatus" class={field}>
          <option value="">All</option>
          {STORED_PAYMENT_STATUSES.map((s) => (
            <option key={s} value={s} selected={query.paymentStatus === s}>{capital(s)}</option>
          ))}
        </select>
      </label>
      <label class="text-sm font-medium">
        From <span class="font-normal text-slate-500">({timeZone})</span>
        <input type="date" name="from" value={query.from ?? ""} class={field} />
      </label>
      <label class="text-sm font-medium">
        To <span class="font-normal text-slate-500">({timeZone})</span>
        <input type="date" name="to" value={query.to ?? ""} class={field} />
      </label>
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
