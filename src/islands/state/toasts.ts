import { signal } from "@preact/signals-core";

/** Toasts shared by every island of a page; islands/Toaster.tsx shows them. */
export type ToastKind = "success" | "info" | "error" | "warning";

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  /** How long it stays, in ms (the back office closes its toasts sooner). */
  duration: number;
}

/** Auto-close delay (spec section 9). */
export const TOAST_DURATION_MS = 5000;
/** Older toasts give way beyond this many, so a burst of clicks cannot fill the screen. */
const MAX_TOASTS = 5;

let lastId = 0;
export const toasts = signal<Toast[]>([]);

let toasterLoaded = false;

export function showToast(
  message: string,
  kind: ToastKind = "info",
  duration = TOAST_DURATION_MS,
): number {
  if (!toasterLoaded && typeof document !== "undefined") {
    // The toast UI is fetched on first use: most page views never show a toast.
    toasterLoaded = true;
    import("../Toaster.tsx").then((m) => m.mountToaster());
  }
  const id = ++lastId;
  toasts.value = [...toasts.value, { id, message, kind, duration }].slice(-MAX_TOASTS);
  return id;
}

export function dismissToast(id: number) {
  toasts.value = toasts.value.filter((t) => t.id !== id);
}
