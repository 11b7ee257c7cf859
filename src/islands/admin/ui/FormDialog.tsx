import type { ComponentChildren } from "preact";
import ModalFrame from "../../ModalFrame.tsx";

/** How wide a dialog grows, at most. */
const WIDTH = { md: "max-w-md", lg: "max-w-lg", "2xl": "max-w-2xl", "3xl": "max-w-3xl" };

/**
 * A back-office dialog holding a form: its title names it; it scrolls inside when taller than
 * the screen (a phone).
 */
export default function FormDialog(
  { title, testId, size = "md", onClose, children }: {
    title: string;
    testId: string;
    size?: keyof typeof WIDTH;
    onClose: () => void;
    children: ComponentChildren;
  },
) {
  return (
    <ModalFrame
      labelledBy={`${testId}-title`}
      onClose={onClose}
      panelClass={`max-h-[calc(100dvh-2rem)] w-full ${
        WIDTH[size]
      } overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6`}
      testId={testId}
    >
      <h2 id={`${testId}-title`} class="text-lg font-semibold">{title}</h2>
      {children}
    </ModalFrame>
  );
}
