interface Props {
  busy: boolean;
  label: string;
  busyLabel: string;
  onCancel: () => void;
  /** Disables the submit button for reasons other than being busy (an incomplete form). */
  disabled?: boolean;
  class?: string;
}

/** A dialog form's Cancel and submit buttons; the submit reads `busyLabel` while busy. */
export default function FormActions(props: Props) {
  return (
    <div class={`flex justify-end gap-3 ${props.class ?? ""}`}>
      <button
        type="button"
        disabled={props.busy}
        onClick={props.onCancel}
        class="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
      >
        Cancel
      </button>
      <button
        type="submit"
        disabled={props.busy || props.disabled}
        class="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {props.busy ? props.busyLabel : props.label}
      </button>
    </div>
  );
}
