import { useState } from "preact/hooks";
import {
  groupByProduct,
  type PublicStockNotification,
} from "../../../domain/stock-notification-groups.ts";
import { adminApi, ApiError } from "../ui/api.ts";
import ConfirmDialog from "../ui/ConfirmDialog.tsx";
import MessageDialog from "../ui/MessageDialog.tsx";
import StatusBadge from "../ui/StatusBadge.tsx";
import { adminToast } from "../ui/toast.ts";
import { ROW_DANGER } from "../ui/styles.ts";

/** Stock Notifications Management: grouped per product, Pending or Notified, deletable. */
export default function StockNotifications({ initial }: { initial: PublicStockNotification[] }) {
  const [list, setList] = useState(initial);
  const [loadError, setLoadError] = useState("");
  const [deleting, setDeleting] = useState<PublicStockNotification | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function load() {
    setLoadError("");
    try {
      const res = await adminApi<{ notifications: PublicStockNotification[] }>(
        "/api/stock-notifications/admin",
      );
      setList(res.notifications);
    } catch (err) {
      setLoadError(err instanceof ApiError ? err.message : "Failed to fetch notifications");
    }
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      const res = await adminApi<{ message: string }>(
        `/api/stock-notifications/admin/${deleting._id}`,
        { method: "DELETE" },
      );
      adminToast(res.message, "success");
      setList(list.filter((n) => n._id !== deleting._id));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Failed to delete notification");
    } finally {
      setDeleting(null);
      setBusy(false);
    }
  }

  if (loadError) {
    return (
      <div role="alert" class="rounded-xl bg-red-50 p-6 text-red-900 ring-1 ring-red-200">
        <h2 class="font-semibold">Error loading stock notifications</h2>
        <p class="mt-1 text-sm">{loadError}</p>
        <button
          type="button"
          onClick={load}
          class="mt-3 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white"
        >
          Retry
        </button>
      </div>
    );
  }

  const groups = groupByProduct(list);
  return (
    <div class="space-y-4">
      {groups.length === 0 && (
        <p class="rounded-xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          No stock notifications yet
        </p>
      )}
      {groups.map((g) => (
        <section
          key={g.productId}
          class="rounded-xl bg-white p-4 ring-1 ring-slate-200"
          data-testid="notification-group"
        >
          <h2 class="flex flex-wrap items-center gap-2 font-semibold">
            {g.productName}
            <StatusBadge value={`${g.pending} pending`} colour="yellow" />
            <StatusBadge value={`${g.notified} notified`} colour="green" />
          </h2>
          <ul class="mt-3 divide-y divide-slate-100 text-sm">
            {g.notifications.map((n) => (
              <li
                key={n._id}
                class="flex flex-wrap items-center gap-3 py-2"
                data-testid="notification-row"
              >
                <span class="min-w-48 flex-1">{n.email}</span>
                <StatusBadge
                  value={n.isNotified ? "Notified" : "Pending"}
                  colour={n.isNotified ? "green" : "yellow"}
                />
                <span class="text-slate-500">
                  {new Date(n.notifiedAt ?? n.createdAt).toISOString().slice(0, 10)}
                </span>
                <button
                  type="button"
                  onClick={() => setDeleting(n)}
                  class={ROW_DANGER}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Notification"
        message={`Delete the notification of ${deleting?.email ?? ""} for ${
          deleting?.productName ?? ""
        }?`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
      <MessageDialog
        open={error !== ""}
        kind="error"
        title="Error"
        message={error}
        onClose={() => setError("")}
      />
    </div>
  );
}
