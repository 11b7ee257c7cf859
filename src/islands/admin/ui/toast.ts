import { showToast, type ToastKind } from "../../../browser/state/toasts.ts";

/** Back-office toasts close after 3000 ms (spec: layout shell). */
export const ADMIN_TOAST_MS = 3000;

const FLASH_KEY = "adminFlash";

export function adminToast(message: string, kind: ToastKind = "info") {
  return showToast(message, kind, ADMIN_TOAST_MS);
}

/**
 * A toast for the next page: for the few actions that must load the page again (a profile
 * change reaches every island), the message is kept across the load and shown, whole, after it.
 */
export function flashToast(message: string, kind: ToastKind = "success") {
  sessionStorage.setItem(FLASH_KEY, JSON.stringify({ message, kind }));
}

/** Shows the toast a previous page left (the admin shell calls it once per page). */
export function showFlashToast() {
  const saved = sessionStorage.getItem(FLASH_KEY);
  if (!saved) return;
  sessionStorage.removeItem(FLASH_KEY);
  try {
    const { message, kind } = JSON.parse(saved) as { message: string; kind: ToastKind };
    adminToast(message, kind);
  } catch {
    // A value some other code left: nothing to show.
  }
}
