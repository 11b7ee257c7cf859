import type { ComponentChildren } from "preact";
import { ROW_DANGER } from "./styles.ts";

/**
 * A screen's list as a table: `caption` for screen readers, the column heads (`columns` by name,
 * or `heads`, the cells themselves), and the rows. It scrolls in its own box: `relative` keeps
 * its visually hidden labels (absolutely placed) inside it, so they cannot widen a phone's page.
 */
export function ListTable(
  { testId, caption, columns = [], heads, children }: {
    testId: string;
    caption: string;
    columns?: string[];
    heads?: ComponentChildren;
    children: ComponentChildren;
  },
) {
  return (
    <div class="relative max-w-full overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
      <table class="min-w-full text-sm" data-testid={testId}>
        <caption class="sr-only">{caption}</caption>
        <thead class="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {heads ?? columns.map((c) => <th key={c} scope="col" class="px-3 py-2">{c}</th>)}
          </tr>
        </thead>
        <tbody class="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A row's Delete button (it asks first: see useConfirmedAction). */
export function DeleteButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" disabled={disabled} onClick={onClick} class={ROW_DANGER}>
      Delete
    </button>
  );
}
