import { signal } from "@preact/signals";

/** Toasts shared by every island of a page; the Toaster island shows them. */
export type ToastKind = "success" | "info" | "error" | "warning";

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

/** Auto-close delay (spec section 9). */
export const TOAST_DURATION_MS = 5000;
/** Older toasts give way beyond this many, so a burst of clicks cannot fill the screen. */
const MAX_TOASTS = 5;

let lastId = 0;
export const toasts = signal<Toast[]>([]);

export function showToast(message: string, kind: ToastKind = "info"): number {
  const id = ++lastId;
  toasts.value = [...toasts.value, { id, message, kind }].slice(-MAX_TOASTS);
  return id;
}

export function dismissToast(id: number) {
  toasts.value = toasts.value.filter((t) => t.id !== id);
}
