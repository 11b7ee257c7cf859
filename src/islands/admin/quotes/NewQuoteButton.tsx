import { useEffect, useState } from "preact/hooks";
import { flashToast } from "../ui/toast.ts";
import QuoteDialog from "./QuoteDialog.tsx";

/** Whether a key press is typing (a field has focus), not a shortcut. */
const typing = (e: KeyboardEvent) =>
  e.target instanceof HTMLElement &&
  (e.target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName));

/**
 * "New quote" (shortcut N; / goes to the search): the quote dialog; the created draft opens on
 * its own page, where staff check the server's prices and send it.
 */
export default function NewQuoteButton() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e)) return;
      const search = document.getElementById("quotes-q");
      if (e.key === "/" && search) {
        e.preventDefault();
        search.focus();
      } else if (e.key === "n") {
        e.preventDefault();
        setOpen(true);
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="N"
        class="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        data-testid="new-quote"
      >
        New quote <kbd class="ml-1 rounded bg-white/20 px-1 text-xs font-normal">N</kbd>
      </button>
      {open && (
        <QuoteDialog
          quote={null}
          onClose={() => setOpen(false)}
          onSaved={(q) => {
            flashToast(`Quote ${q.number} created as a draft`);
            location.assign(`/admin/quotes/${q.id}`);
          }}
        />
      )}
    </>
  );
}
