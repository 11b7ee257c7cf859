import { closeIconSvg } from "../ui/icons.ts";
import { pageLang, pageMessages } from "../i18n/client.ts";

/** A toast on screen; browser/state/toasts.ts holds the page's list of them. */
export type ToastKind = "success" | "info" | "error" | "warning";

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  /** How long it stays, in ms (the back office closes its toasts sooner). */
  duration: number;
}

const KIND_CLASS: Record<Toast["kind"], string> = {
  success: "border-green-600 text-green-900",
  info: "border-brand-600 text-slate-900",
  warning: "border-amber-500 text-amber-900",
  error: "border-red-600 text-red-900",
};

/** A horizontal drag longer than this dismisses the toast. */
const SWIPE_PX = 80;

/** The id of the toast region the layouts render (empty) on every page. */
export const TOAST_REGION_ID = "toasts";

/** The toasts on screen, by id, with what stops their timer and listeners. */
const shown = new Map<number, { el: HTMLElement; stop: () => void }>();

/**
 * Makes the toast region, top-right, show `list`: new toasts are added, gone ones removed. The
 * region is in the server HTML already, a polite live region, so screen readers announce what is
 * added to it. Plain DOM, no framework: every page can show a toast, few pages need Preact.
 */
export function renderToasts(list: readonly Toast[], dismiss: (id: number) => void) {
  const region = document.getElementById(TOAST_REGION_ID);
  if (!region) return;
  const current = new Set(list.map((t) => t.id));
  for (const [id, toast] of shown) {
    if (current.has(id)) continue;
    toast.stop();
    toast.el.remove();
    shown.delete(id);
  }
  for (const toast of list) {
    if (shown.has(toast.id)) continue;
    const view = toastView(toast, () => dismiss(toast.id));
    shown.set(toast.id, view);
    region.append(view.el);
  }
}

/**
 * One toast: it closes after its duration, on click, or when dragged aside; its timer pauses
 * while hovered or while the window is in the background.
 */
function toastView(toast: Toast, close: () => void) {
  const el = document.createElement("div");
  el.className =
    `pointer-events-auto flex cursor-pointer touch-pan-y select-none items-start gap-3 rounded-lg border-l-4 bg-white px-4 py-3 text-sm font-medium shadow-lg ${
      KIND_CLASS[toast.kind]
    }`;
  el.dataset.kind = toast.kind;
  const text = document.createElement("span");
  text.className = "flex-1";
  text.textContent = toast.message;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "-m-1 rounded p-1 text-slate-500 hover:text-slate-900";
  button.setAttribute("aria-label", pageMessages("toasts", pageLang()).close);
  button.innerHTML = closeIconSvg(14, 2.5);
  el.append(text, button);

  const listeners = new AbortController();
  const on = <K extends keyof HTMLElementEventMap>(
    target: EventTarget,
    type: K,
    handler: (e: HTMLElementEventMap[K]) => void,
  ) => target.addEventListener(type, handler as EventListener, { signal: listeners.signal });

  let hovered = false;
  let windowFocused = document.hasFocus();
  let remaining = toast.duration;
  let started = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const updateTimer = () => {
    const paused = hovered || !windowFocused;
    if (paused && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
      remaining -= Date.now() - started;
    } else if (!paused && timer === undefined) {
      started = Date.now();
      timer = setTimeout(close, remaining);
    }
  };
  const pause = (hover: boolean | null, focus: boolean | null) => () => {
    hovered = hover ?? hovered;
    windowFocused = focus ?? windowFocused;
    updateTimer();
  };
  on(globalThis, "focus", pause(null, true));
  on(globalThis, "blur", pause(null, false));
  on(el, "mouseenter", pause(true, null));
  on(el, "mouseleave", pause(false, null));
  updateTimer();

  let drag: { x: number; dx: number } | null = null;
  let dragged = false;
  const move = (dx: number) => {
    el.style.transform = dx ? `translateX(${dx}px)` : "";
    el.style.opacity = dx ? String(Math.max(0.2, 1 - Math.abs(dx) / 200)) : "";
  };
  on(el, "pointerdown", (e) => {
    drag = { x: e.clientX, dx: 0 };
  });
  on(el, "pointermove", (e) => {
    if (!drag || e.buttons === 0) return;
    drag.dx = e.clientX - drag.x;
    move(drag.dx);
  });
  on(el, "pointerup", () => {
    const dx = drag?.dx ?? 0;
    drag = null;
    if (Math.abs(dx) >= SWIPE_PX) return close();
    if (Math.abs(dx) > 5) {
      dragged = true; // a short drag snaps back and is not a click
      move(0);
    }
  });
  on(el, "click", () => {
    if (dragged) dragged = false;
    else close();
  });
  on(button, "click", (e) => {
    e.stopPropagation();
    close();
  });

  return {
    el,
    stop() {
      clearTimeout(timer);
      listeners.abort();
    },
  };
}
