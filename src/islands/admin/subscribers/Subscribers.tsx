import { useState } from "preact/hooks";
import type { CampaignProgress } from "../../../domain/campaign.ts";
import { adminApi, ApiError } from "../ui/api.ts";
import ConfirmDialog from "../ui/ConfirmDialog.tsx";
import MessageDialog from "../ui/MessageDialog.tsx";
import StatusBadge from "../ui/StatusBadge.tsx";
import { adminToast } from "../ui/toast.ts";
import ModalFrame from "../../ModalFrame.tsx";
import { FIELD, ROW_DANGER } from "../ui/styles.ts";
import FormActions from "../ui/FormActions.tsx";

interface Row {
  _id: string;
  email: string;
  subscribed: boolean;
  createdAt: string;
}

/** Newsletter Subscribers: the page's list with delete, the Send Newsletter modal, progress. */
export default function Subscribers(
  { rows, newsletters }: { rows: Row[]; newsletters: CampaignProgress[] },
) {
  const [list, setList] = useState(rows);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const [composing, setComposing] = useState(false);
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<{ title: string; message: string } | null>(null);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      const res = await adminApi<{ message: string }>(`/api/subscribers/admin/${deleting._id}`, {
        method: "DELETE",
      });
      adminToast(res.message, "success");
      setList(list.filter((r) => r._id !== deleting._id));
    } catch (err) {
      setError({
        title: "Error",
        message: err instanceof ApiError ? err.message : "Failed to delete subscriber",
      });
    } finally {
      setDeleting(null);
      setBusy(false);
    }
  }

  async function send(e: Event) {
    e.preventDefault();
    if (!subject.trim() || !message.trim()) {
      return setError({ title: "Validation Error", message: "Subject and content are required" });
    }
    setBusy(true);
    try {
      const res = await adminApi<{ message: string }>("/api/subscribers/send-to-all", {
        method: "POST",
        json: { subject, message },
      });
      adminToast(res.message, "success");
      setComposing(false);
      location.reload();
    } catch (err) {
      setError({
        title: "Error",
        message: err instanceof ApiError ? err.message : "Failed to send newsletter",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="space-y-4">
      <div class="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => setComposing(true)}
          class="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Send Newsletter
        </button>
        <a
          href="/api/subscribers/export.csv"
          class="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100"
        >
          Export CSV
        </a>
      </div>
      {list.length === 0
        ? (
          <p class="rounded-xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
            No subscribers found
          </p>
        )
        : (
          <div class="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
            <table class="min-w-full text-sm" data-testid="subscribers-table">
              <caption class="sr-only">Subscribers</caption>
              <thead class="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" class="px-3 py-2">Email</th>
                  <th scope="col" class="px-3 py-2">Status</th>
                  <th scope="col" class="px-3 py-2">Subscribed</th>
                  <th scope="col" class="px-3 py-2">Actions</th>
                </tr>
              </thead>
              <tbody class="divide-y divide-slate-100">
                {list.map((r) => (
                  <tr key={r._id} data-testid="subscriber-row">
                    <td class="px-3 py-2">{r.email}</td>
                    <td class="px-3 py-2">
                      <StatusBadge
                        value={r.subscribed ? "active" : "inactive"}
                        colour={r.subscribed ? "green" : "grey"}
                      />
                    </td>
                    <td class="px-3 py-2">{r.createdAt.slice(0, 10)}</td>
                    <td class="px-3 py-2">
                      <button
                        type="button"
                        onClick={() => setDeleting(r)}
                        class={ROW_DANGER}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      {newsletters.length > 0 && (
        <section class="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <h2 class="mb-2 font-semibold">Newsletters</h2>
          <ul class="divide-y divide-slate-100 text-sm" data-testid="newsletters">
            {newsletters.map((n) => (
              <li key={n.id} class="flex flex-wrap items-center gap-3 py-2">
                <span class="min-w-48 flex-1 font-medium">{n.subject}</span>
                <span class="text-slate-600" data-testid="newsletter-progress">
                  {n.sent} sent · {n.failed} failed · {n.pending} pending
                </span>
                <StatusBadge value={n.status} colour={n.status === "done" ? "green" : "blue"} />
                <span class="text-slate-500">{n.createdAt.slice(0, 16).replace("T", " ")}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {composing && (
        <ModalFrame
          labelledBy="newsletter-title"
          onClose={() => !busy && setComposing(false)}
          panelClass="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl"
          testId="newsletter-dialog"
        >
          <h2 id="newsletter-title" class="text-lg font-semibold">Send Newsletter</h2>
          <form class="mt-4 space-y-3" onSubmit={send} noValidate>
            <label class="block text-sm font-medium">
              Subject
              <input
                data-autofocus
                class={FIELD}
                value={subject}
                onInput={(e) => setSubject(e.currentTarget.value)}
              />
            </label>
            <label class="block text-sm font-medium">
              Message
              <textarea
                rows={8}
                class={FIELD}
                value={message}
                onInput={(e) => setMessage(e.currentTarget.value)}
              />
            </label>
            <p class="text-xs text-slate-600">
              Every active subscriber gets it once, with an unsubscribe link.
            </p>
            <FormActions
              busy={busy}
              label="Send to All"
              busyLabel="Sending..."
              onCancel={() => setComposing(false)}
            />
          </form>
        </ModalFrame>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Subscriber"
        message={`Delete ${deleting?.email ?? ""} from the subscribers?`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
      <MessageDialog
        open={error !== null}
        kind="error"
        title={error?.title ?? ""}
        message={error?.message ?? ""}
        onClose={() => setError(null)}
      />
    </div>
  );
}
