import { useCallback, useEffect, useRef, useState } from "preact/hooks";

/**
 * A tiny toast area for the marketing forms (top-right, close on click, 5 s), used until the
 * shop's shared toaster (islands/state/toasts.ts) can be adopted here too.
 */
export type ToastKind = "success" | "error" | "info";
export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

const AUTO_CLOSE_MS = 5000;

export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((t) => t.filter((x) => x.id !== id)), []);
  const show = useCallback((message: string, kind: ToastKind = "info") => {
    const id = nextId.current++;
    setToasts((t) => [...t, { id, message, kind }]);
  }, []);
  return { toasts, show, dismiss };
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [paused, toast.id]);
  const tone = toast.kind === "error"
    ? "border-red-300 bg-red-50 text-red-900"
    : toast.kind === "success"
    ? "border-emerald-300 bg-emerald-50 text-emerald-900"
    : "border-slate-300 bg-white text-slate-900";
  return (
    <div
      class={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${tone}`}
      data-kind={toast.kind}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <span class="flex-1">{toast.message}</span>
      <button
        type="button"
        class="-m-1 rounded p-1 leading-none opacity-70 hover:opacity-100"
        aria-label="Dismiss"
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

export function FormToast(
  { toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void },
) {
  return (
    <div
      role="status"
      aria-live="polite"
      class="pointer-events-none fixed right-4 top-20 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.map((t) => <ToastItem key={t.id} toast={t} onDismiss={onDismiss} />)}
    </div>
  );
}
