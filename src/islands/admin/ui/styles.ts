/** The back office's text field and select: one look, one focus ring, everywhere. */
export const FIELD =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/** A row's small action button (Edit, Save, Cancel). */
export const ROW_ACTION =
  "rounded-md px-3 py-1 text-xs font-semibold ring-1 ring-slate-300 hover:bg-slate-100";

/** A row's small destructive button (Delete). */
export const ROW_DANGER =
  "rounded-md px-3 py-1 text-xs font-semibold text-red-700 ring-1 ring-red-300 hover:bg-red-50";
