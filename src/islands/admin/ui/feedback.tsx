import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import ConfirmDialog from "./ConfirmDialog.tsx";
import { errorSentence } from "./errors.ts";
import MessageDialog from "./MessageDialog.tsx";
import { adminToast } from "./toast.ts";

/** A failure told in the error dialog: `fail(title, message)`, and `dialog` to render. */
export function useFailure() {
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const fail = (title: string, message: string) => setFailure({ title, message });
  const dialog = (
    <MessageDialog
      open={failure !== null}
      kind="error"
      title={failure?.title ?? ""}
      message={failure?.message ?? ""}
      onClose={() => setFailure(null)}
    />
  );
  return { fail, dialog };
}

interface ConfirmedAction<T> {
  title: string;
  message: (item: T) => string;
  confirmLabel?: string;
  busyLabel?: string;
  /** The text to type before the action runs (a product's name). */
  requireText?: (item: T) => string;
  mismatchMessage?: string;
  /** Does it; answers the success message to toast. */
  run: (item: T) => Promise<string>;
  /** The spec's fallback when the failure is technical, and the title it is shown under. */
  fallback: string;
  failTitle?: string;
  fail: (title: string, message: string) => void;
  /** Shows the success message (a toast unless the screen has its own place for it). */
  notify?: (message: string) => void;
}

/**
 * An action asked for first (a deletion): `ask(item)` opens the confirm dialog; on Delete it
 * runs, toasts its success or tells its failure in the spec's words.
 */
export function useConfirmedAction<T>(o: ConfirmedAction<T>) {
  const [item, setItem] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (item === null) return;
    setBusy(true);
    try {
      const message = await o.run(item);
      (o.notify ?? ((m: string) => adminToast(m, "success")))(message);
    } catch (err) {
      o.fail(o.failTitle ?? "Delete Failed", errorSentence(err, o.fallback));
    } finally {
      setBusy(false);
      setItem(null);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={item !== null}
      title={o.title}
      message={item === null ? "" : o.message(item)}
      confirmLabel={o.confirmLabel ?? "Delete"}
      busyLabel={o.busyLabel ?? "Deleting..."}
      busy={busy}
      requireText={item !== null && o.requireText ? o.requireText(item) : undefined}
      mismatchMessage={o.mismatchMessage}
      onConfirm={confirm}
      onCancel={() => setItem(null)}
    />
  );
  return { ask: setItem, pending: item, busy, dialog };
}

/** A list's load failure, in the spec's words, with Retry. */
export function LoadError(
  { title, message, onRetry, busy }: {
    title: string;
    message: string;
    onRetry: () => void;
    busy?: boolean;
  },
) {
  return (
    <div role="alert" class="rounded-xl bg-red-50 p-6 text-red-900 ring-1 ring-red-200">
      <h2 class="font-semibold">{title}</h2>
      <p class="mt-1 text-sm">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={busy}
        class="mt-3 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
      >
        {busy ? "Retrying..." : "Retry"}
      </button>
    </div>
  );
}

/** A list with nothing in it. */
export function EmptyState({ children }: { children: ComponentChildren }) {
  return (
    <p class="rounded-xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
      {children}
    </p>
  );
}
