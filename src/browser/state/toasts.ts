import { renderToasts, type Toast, type ToastKind } from "../toaster.ts";
import { Store } from "./store.ts";

/** Toasts shared by everything on a page; browser/toaster.ts shows them. */
export type { Toast, ToastKind };

/** Auto-close delay (spec section 9). */
export const TOAST_DURATION_MS = 5000;
/** Older toasts give way beyond this many, so a burst of clicks cannot fill the screen. */
const MAX_TOASTS = 5;

let lastId = 0;
export const toasts = new Store<Toast[]>([]);

let shown = false;

export function showToast(
  message: string,
  kind: ToastKind = "info",
  duration = TOAST_DURATION_MS,
): number {
  if (!shown && typeof document !== "undefined") {
    shown = true;
    toasts.subscribe((list) => renderToasts(list, dismissToast));
  }
  const id = ++lastId;
  toasts.value = [...toasts.value, { id, message, kind, duration }].slice(-MAX_TOASTS);
  return id;
}

export function dismissToast(id: number) {
  toasts.value = toasts.value.filter((t) => t.id !== id);
}
