import { QUOTE_STATUSES, type QuoteListQuery } from "../../domain/sales-quote.ts";
import FormField, { FIELD } from "../../ui/FormField.tsx";

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The quotes' filters as a plain GET form, like the orders': every view is a URL. */
export default function QuoteFilters({ query }: { query: QuoteListQuery }) {
  return (
    <form
      method="get"
      action="/admin/quotes"
      class="mb-4 grid gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-[1fr_12rem_auto]"
      role="search"
    >
      <FormField
        id="quotes-q"
        label="Search"
        type="search"
        name="q"
        value={query.q ?? ""}
        placeholder="Number, company, contact, email or PO"
        aria-keyshortcuts="/"
      />
      <FormField id="quotes-status" label="Status">
        {(wiring) => (
          <select {...wiring} name="status" class={FIELD}>
            <option value="">All</option>
            {QUOTE_STATUSES.map((s) => (
              <option key={s} value={s} selected={query.status === s}>{capital(s)}</option>
            ))}
          </select>
        )}
      </FormField>
      <div class="flex items-end gap-2">
        <button
          type="submit"
          class="rounded-lg bg-slate-900 px-3 py-2 text-sm font-semibold text-white"
        >
          Filter
        </button>
        <a
          href="/admin/quotes"
          class="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300"
        >
          Reset
        </a>
      </div>
    </form>
  );
}
