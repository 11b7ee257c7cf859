import type { ComponentChildren } from "preact";
import { ROW_DANGER } from "./styles.ts";

/**
 * A wide table's own scroll box: `relative` keeps its visually hidden labels (absolutely
 * placed) inside it, so they cannot widen the page on a phone.
 */
export function TableBox({ children }: { children: ComponentChildren }) {
  return (
    <div class="relative max-w-full overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
      {children}
    </div>
  );
}

/** A list table's caption (for screen readers) and column heads. */
export function TableHead({ caption, columns }: { caption: string; columns: string[] }) {
  return (
    <>
      <caption class="sr-only">{caption}</caption>
      <thead class="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
        <tr>
          {columns.map((c) => <th key={c} scope="col" class="px-3 py-2">{c}</th>)}
        </tr>
      </thead>
    </>
  );
}

/**
 * A screen's list as a table: its scroll box, the table (`testId` names it for the tests), the
 * head (usually a TableHead) and the rows.
 */
export function ListTable(
  { testId, head, children }: {
    testId: string;
    head: ComponentChildren;
    children: ComponentChildren;
  },
) {
  return (
    <TableBox>
      <table class="min-w-full text-sm" data-testid={testId}>
        {head}
        <tbody class="divide-y divide-slate-100">{children}</tbody>
      </table>
    </TableBox>
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
