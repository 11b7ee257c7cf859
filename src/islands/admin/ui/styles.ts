/** The back office's text field and select: the site's one look (ui/FormField.tsx). */
export { FIELD } from "../../../ui/FormField.tsx";

/** A row's small action button (Edit, Save, Cancel). */
export const ROW_ACTION =
  "rounded-md px-3 py-1 text-xs font-semibold ring-1 ring-slate-300 hover:bg-slate-100";

/** A row's small destructive button (Delete). */
export const ROW_DANGER =
  "rounded-md px-3 py-1 text-xs font-semibold text-red-700 ring-1 ring-red-300 hover:bg-red-50";
