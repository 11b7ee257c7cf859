import { showToast, type ToastKind } from "../../state/toasts.ts";

/** Back-office toasts close after 3000 ms (spec: layout shell). */
export const ADMIN_TOAST_MS = 3000;

export function adminToast(message: string, kind: ToastKind = "info") {
  return showToast(message, kind, ADMIN_TOAST_MS);
}
