import type { ComponentChildren } from "preact";
import { useRef } from "preact/hooks";
import { useModal } from "./use-modal.ts";

interface Props {
  /** The id of the heading that names the dialog. */
  labelledBy: string;
  onClose: () => void;
  /** Classes of the dialog panel (size, padding, layout). */
  panelClass: string;
  testId: string;
  /** Centred, or a drawer along the right edge. */
  side?: "center" | "right";
  children: ComponentChildren;
}

/**
 * A modal dialog while it is rendered: the dimmed backdrop (a click on it closes), the panel
 * with role="dialog", and useModal's focus and keyboard behaviour.
 */
export default function ModalFrame(
  { labelledBy, onClose, panelClass, testId, side = "center", children }: Props,
) {
  const ref = useRef<HTMLDivElement>(null);
  useModal(true, ref, onClose);
  const right = side === "right";
  return (
    <div
      class={right
        ? "fixed inset-0 z-50"
        : "fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4"}
    >
      <div
        class={right ? "absolute inset-0 bg-slate-900/50" : "absolute inset-0"}
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        class={`${right ? "absolute inset-y-0 right-0" : "relative"} ${panelClass}`}
        data-testid={testId}
      >
        {children}
      </div>
    </div>
  );
}
