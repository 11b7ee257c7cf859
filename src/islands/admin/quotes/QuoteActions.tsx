import { useState } from "preact/hooks";
import { quoteStatus } from "../../../domain/quote-status.ts";
import type { SalesQuote } from "../../../domain/sales-quote.ts";
import ConfirmDialog from "../ui/ConfirmDialog.tsx";
import { errorSentence } from "../ui/errors.ts";
import { adminApi } from "../ui/api.ts";
import { useFailure } from "../ui/feedback.tsx";
import { adminToast, flashToast } from "../ui/toast.ts";
import QuoteDialog from "./QuoteDialog.tsx";

type Action = "send" | "cancel";

const ASK: Record<Action, { title: string; message: (q: SalesQuote) => string; label: string }> = {
  send: {
    title: "Send quote",
    message: (q) =>
      `Mail quote ${q.number} to ${q.customer.email} with the link to its page? The buyer can then accept it until ${q.validUntil}.`,
    label: "Send",
  },
  cancel: {
    title: "Cancel quote",
    message: (q) =>
      `Cancel quote ${q.number}? Its link will say it was cancelled and can no longer be accepted.`,
    label: "Cancel quote",
  },
};

const BUTTON = "rounded-lg px-3 py-2 text-sm font-semibold ring-1 disabled:opacity-40";

/**
 * A quote's actions on its page: edit (the quote dialog), send (or send again), cancel, copy the
 * buyer's link. Each asks first where it mails or is final; the page loads again to show the
 * server's record.
 */
export default function QuoteActions(
  { quote, today, link }: { quote: SalesQuote; today: string; link: string },
) {
  const status = quoteStatus(quote, today);
  const open = status === "draft" || status === "sent";
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const { fail, dialog } = useFailure();

  async function run(action: Action) {
    setBusy(true);
    try {
      const q = await adminApi<SalesQuote>(`/api/quotes/${quote.id}/${action}`, {
        method: "POST",
      });
      flashToast(action === "send" ? `Quote ${q.number} sent` : `Quote ${q.number} cancelled`);
      location.reload();
    } catch (err) {
      fail(
        action === "send" ? "Send Failed" : "Cancel Failed",
        errorSentence(err, `Failed to ${action} the quote`),
      );
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      adminToast("Buyer's link copied", "success");
    } catch {
      fail("Copy Failed", link);
    }
  }

  return (
    <div class="flex flex-wrap gap-2" role="group" aria-label="Quote actions">
      <button
        type="button"
        disabled={!(open || status === "expired")}
        onClick={() => setEditing(true)}
        class={`${BUTTON} text-slate-800 ring-slate-300`}
      >
        Edit
      </button>
      <button
        type="button"
        disabled={!open || busy}
        onClick={() => setAsking("send")}
        class={`${BUTTON} bg-brand-600 text-white ring-brand-600`}
      >
        {status === "sent" ? "Send again" : "Send"}
      </button>
      <button
        type="button"
        disabled={!(open || status === "expired") || busy}
        onClick={() => setAsking("cancel")}
        class={`${BUTTON} text-red-700 ring-red-300`}
      >
        Cancel quote
      </button>
      <button
        type="button"
        onClick={copyLink}
        class={`${BUTTON} text-slate-800 ring-slate-300`}
      >
        Copy buyer's link
      </button>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? ASK[asking].title : ""}
        message={asking ? ASK[asking].message(quote) : ""}
        confirmLabel={asking ? ASK[asking].label : ""}
        cancelLabel="Back"
        busyLabel="Working..."
        busy={busy}
        danger={asking === "cancel"}
        onConfirm={() => asking && run(asking)}
        onCancel={() => setAsking(null)}
      />
      {dialog}
      {editing && (
        <QuoteDialog
          quote={quote}
          onClose={() => setEditing(false)}
          onSaved={(q) => {
            flashToast(`Quote ${q.number} saved as a draft: send it again`);
            location.reload();
          }}
        />
      )}
    </div>
  );
}
