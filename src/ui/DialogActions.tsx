import type { ComponentChildren } from "preact";

/** The way out of a form's dialog, bordered; `plain`, only its text (the small dialogs'). */
const CANCEL = {
  bordered:
    "rounded-lg border border-gray-300 px-4 py-2 text-sm text-gray-700 hover:bg-gray-50 disabled:opacity-50",
  plain: "rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100",
};

interface Props {
  /** The way out's label (Cancel, Back); it closes this dialog. */
  cancel: string;
  onClose: () => void;
  plain?: boolean;
  /** Disables the way out too while the main action runs. */
  disabled?: boolean;
  /** Classes of the row: its layout, and its spacing or grid column in this dialog. */
  class?: string;
  /** The main action, the row's end. */
  children: ComponentChildren;
}

/** A dialog's action row, at its right: the way out, then the main action. */
export default function DialogActions(
  { cancel, onClose, plain, disabled, class: rowClass = "flex justify-end gap-3", children }: Props,
) {
  return (
    <div class={rowClass}>
      <button
        type="button"
        disabled={disabled}
        onClick={onClose}
        class={plain ? CANCEL.plain : CANCEL.bordered}
      >
        {cancel}
      </button>
      {children}
    </div>
  );
}
