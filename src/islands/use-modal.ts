import { type RefObject } from "preact";
import { useLayoutEffect, useRef } from "preact/hooks";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open modals, innermost last: only the innermost one answers Tab and Escape. */
const stack: object[] = [];

/**
 * Modal dialog behaviour for an element with role="dialog" aria-modal="true": while `open`,
 * focus moves into it (to the first match of `initialFocus`, else the first control) and Tab
 * cycles inside it,
 * Escape calls `onClose`, the page behind does not scroll; on close focus returns to the
 * element that had it when the dialog opened.
 */
export function useModal(
  open: boolean,
  ref: RefObject<HTMLElement>,
  onClose: () => void,
  initialFocus = "[data-autofocus]",
) {
  const close = useRef(onClose);
  close.current = onClose;

  // A layout effect: the keys work from the moment the dialog is on screen.
  useLayoutEffect(() => {
    const root = ref.current;
    if (!open || !root) return;
    const me = {};
    stack.push(me);
    const opener = document.activeElement as HTMLElement | null;
    const controls = () =>
      Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) =>
        el.getClientRects().length > 0
      );
    (root.querySelector<HTMLElement>(initialFocus) ?? controls()[0] ?? root).focus();

    const onKey = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== me) return;
      if (e.key === "Escape") {
        e.preventDefault();
        close.current();
      } else if (e.key === "Tab") {
        const list = controls();
        const first = list[0];
        const last = list[list.length - 1];
        const active = document.activeElement;
        const outside = !root.contains(active);
        if (!first) {
          e.preventDefault();
          root.focus();
        } else if (e.shiftKey && (active === first || outside)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (active === last || outside)) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      stack.splice(stack.indexOf(me), 1);
      if (stack.length === 0) document.body.style.overflow = "";
      // Give focus back unless another dialog has already taken it (one opened as this closed).
      const active = document.activeElement;
      const focusIsOurs = !active || active === document.body || root.contains(active);
      if (opener?.isConnected && focusIsOurs) opener.focus();
    };
  }, [open]);
}
