import type { ComponentChildren } from "preact";
import ModalFrame from "../../ModalFrame.tsx";

/**
 * A back-office dialog holding a form: its title names it; it scrolls inside when taller than
 * the screen (a phone). `width` is its widest (a max-w class).
 */
export default function FormDialog(
  { title, testId, width = "max-w-md", onClose, children }: {
    title: string;
    testId: string;
    width?: string;
    onClose: () => void;
    children: ComponentChildren;
  },
) {
  return (
    <ModalFrame
      labelledBy={`${testId}-title`}
      onClose={onClose}
      panelClass={`max-h-[calc(100dvh-2rem)] w-full ${width} overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6`}
      testId={testId}
    >
      <h2 id={`${testId}-title`} class="text-lg font-semibold">{title}</h2>
      {children}
    </ModalFrame>
  );
}
