import { useState } from "preact/hooks";
import ModalFrame from "../../ModalFrame.tsx";

interface Props {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The button that keeps things as they are ("Cancel"). */
  cancelLabel?: string;
  busyLabel: string;
  busy: boolean;
  /** When set, the confirm button works only once this exact text is typed. */
  requireText?: string;
  /** Shown when the typed text does not match. */
  mismatchMessage?: string;
  /** Makes the confirm button red (deletions). */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action, optionally requiring a typed confirmation (spec: shared pieces). */
export default function ConfirmDialog(props: Props) {
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  if (!props.open) return null;
  const { requireText, busy, danger = true } = props;

  const close = () => {
    if (busy) return;
    setTyped("");
    setMismatch(false);
    props.onCancel();
  };
  const confirm = (e: Event) => {
    e.preventDefault();
    if (busy) return;
    if (requireText !== undefined && typed !== requireText) {
      setMismatch(true);
      return;
    }
    props.onConfirm();
  };

  return (
    <ModalFrame
      labelledBy="confirm-dialog-title"
      onClose={close}
      panelClass="w-full max-w-md rounded-xl bg-white p-6 shadow-xl"
      testId="confirm-dialog"
    >
      <form onSubmit={confirm} noValidate>
        <h2 id="confirm-dialog-title" class="text-lg font-semibold">{props.title}</h2>
        <p class="mt-2 text-sm text-slate-700">{props.message}</p>
        {requireText !== undefined && (
          <div class="mt-4">
            <label for="confirm-dialog-text" class="block text-sm font-medium">
              Type <strong class="font-mono">{requireText}</strong> to confirm
            </label>
            <input
              id="confirm-dialog-text"
              data-autofocus
              autocomplete="off"
              value={typed}
              onInput={(e) => {
                setTyped(e.currentTarget.value);
                setMismatch(false);
              }}
              aria-invalid={mismatch ? "true" : undefined}
              aria-describedby={mismatch ? "confirm-dialog-error" : undefined}
              class="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
            />
            {mismatch && (
              <p id="confirm-dialog-error" role="alert" class="mt-1 text-sm text-red-700">
                {props.mismatchMessage ?? "The text does not match"}
              </p>
            )}
          </div>
        )}
        <div class="mt-6 flex justify-end gap-3">
          <button
            type="button"
            class="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            onClick={close}
            disabled={busy}
          >
            {props.cancelLabel ?? "Cancel"}
          </button>
          <button
            type="submit"
            disabled={busy}
            data-autofocus={requireText === undefined ? true : undefined}
            class={`rounded-lg px-4 py-2 text-sm font-semibold text-white disabled:opacity-60 ${
              danger ? "bg-red-600 hover:bg-red-700" : "bg-brand-600 hover:bg-brand-700"
            }`}
          >
            {busy ? props.busyLabel : props.confirmLabel}
          </button>
        </div>
      </form>
    </ModalFrame>
  );
}
