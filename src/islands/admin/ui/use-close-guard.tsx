import { useRef, useState } from "preact/hooks";
import ConfirmDialog from "./ConfirmDialog.tsx";

/**
 * A form dialog's way out: closing it (a click beside it, Escape, Cancel) while it holds
 * changes asks first, so a stray click never throws typing away. `values` is what the form
 * holds; it has changes once they differ from the first ones. Render `guard` inside the dialog.
 */
export function useCloseGuard(values: unknown, busy: boolean, onClose: () => void) {
  const first = useRef(JSON.stringify(values));
  const [asking, setAsking] = useState(false);
  const dirty = JSON.stringify(values) !== first.current;

  const requestClose = () => {
    if (busy) return;
    if (dirty) setAsking(true);
    else onClose();
  };

  const guard = (
    <ConfirmDialog
      open={asking}
      title="Discard changes?"
      message="What you entered in this form will be lost."
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      busyLabel="Discarding..."
      busy={false}
      onConfirm={() => {
        setAsking(false);
        onClose();
      }}
      onCancel={() => setAsking(false)}
    />
  );
  return { dirty, requestClose, guard };
}
