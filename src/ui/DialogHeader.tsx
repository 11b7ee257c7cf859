import type { ComponentChildren } from "preact";
import CloseButton from "./CloseButton.tsx";

interface Props {
  /** The heading's id, the dialog's `aria-labelledby`. */
  id: string;
  title: ComponentChildren;
  closeLabel: string;
  onClose: () => void;
  /** Classes of the row: a drawer's is a bar with a border under it. */
  class?: string;
}

/** A dialog's top row: the heading that names it, and the × button that closes it. */
export default function DialogHeader(
  { id, title, closeLabel, onClose, class: rowClass = "flex items-start justify-between gap-4" }:
    Props,
) {
  return (
    <div class={rowClass}>
      <h2 id={id} class="text-xl font-semibold">{title}</h2>
      <CloseButton label={closeLabel} onClick={onClose} />
    </div>
  );
}
