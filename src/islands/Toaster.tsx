import { render } from "preact";
// Renders `toasts.value`: Preact's signal integration makes the list re-render on a change.
import "@preact/signals";
import { useEffect, useRef, useState } from "preact/hooks";
import { CloseIcon } from "./shop/CloseButton.tsx";
import { dismissToast, type Toast, toasts } from "./state/toasts.ts";

const KIND_CLASS: Record<Toast["kind"], string> = {
  success: "border-green-600 text-green-900",
  info: "border-brand-600 text-slate-900",
  warning: "border-amber-500 text-amber-900",
  error: "border-red-600 text-red-900",
};

/** A horizontal drag longer than this dismisses the toast. */
const SWIPE_PX = 80;

/** The id of the toast region the layout renders (empty) on every page. */
export const TOAST_REGION_ID = "toasts";

/**
 * Renders the toasts into the layout's region, top-right. The region is in the server HTML
 * already, a polite live region, so screen readers announce what is added to it; this module
 * is loaded only when the first toast is shown (islands/state/toasts.ts), so pages that never
 * toast never download it. Each toast closes after its duration, on click, or when dragged aside; its
 * timer pauses while hovered or while the window is in the background.
 */
export function mountToaster() {
  const region = document.getElementById(TOAST_REGION_ID);
  if (region) render(<ToastList />, region);
}

function ToastList() {
  return <>{toasts.value.map((t) => <ToastView key={t.id} toast={t} />)}</>;
}

function ToastView({ toast }: { toast: Toast }) {
  const el = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [windowFocused, setWindowFocused] = useState(() => document.hasFocus());
  const remaining = useRef(toast.duration);
  const drag = useRef<{ x: number; dx: number } | null>(null);
  const dragged = useRef(false);
  const paused = hovered || !windowFocused;

  useEffect(() => {
    const onFocus = () => setWindowFocused(true);
    const onBlur = () => setWindowFocused(false);
    addEventListener("focus", onFocus);
    addEventListener("blur", onBlur);
    return () => {
      removeEventListener("focus", onFocus);
      removeEventListener("blur", onBlur);
    };
  }, []);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused]);

  const move = (dx: number) => {
    if (!el.current) return;
    el.current.style.transform = dx ? `translateX(${dx}px)` : "";
    el.current.style.opacity = dx ? String(Math.max(0.2, 1 - Math.abs(dx) / 200)) : "";
  };

  return (
    <div
      ref={el}
      class={`pointer-events-auto flex cursor-pointer touch-pan-y select-none items-start gap-3 rounded-lg border-l-4 bg-white px-4 py-3 text-sm font-medium shadow-lg ${
        KIND_CLASS[toast.kind]
      }`}
      data-kind={toast.kind}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onPointerDown={(e) => {
        drag.current = { x: e.clientX, dx: 0 };
      }}
      onPointerMove={(e) => {
        if (!drag.current || e.buttons === 0) return;
        drag.current.dx = e.clientX - drag.current.x;
        move(drag.current.dx);
      }}
      onPointerUp={() => {
        const dx = drag.current?.dx ?? 0;
        drag.current = null;
        if (Math.abs(dx) >= SWIPE_PX) return dismissToast(toast.id);
        if (Math.abs(dx) > 5) {
          dragged.current = true; // a short drag snaps back and is not a click
          move(0);
        }
      }}
      onClick={() => {
        if (dragged.current) dragged.current = false;
        else dismissToast(toast.id);
      }}
    >
      <span class="flex-1">{toast.message}</span>
      <button
        type="button"
        class="-m-1 rounded p-1 text-slate-500 hover:text-slate-900"
        aria-label="Close notification"
        onClick={(e) => {
          e.stopPropagation();
          dismissToast(toast.id);
        }}
      >
        <CloseIcon size={14} strokeWidth={2.5} />
      </button>
    </div>
  );
}
