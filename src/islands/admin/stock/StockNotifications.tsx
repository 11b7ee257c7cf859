import {
  groupByProduct,
  type PublicStockNotification,
} from "../../../domain/stock-notification-groups.ts";
import { shopDay } from "../../../domain/shop-time.ts";
import { adminApi } from "../ui/api.ts";
import { EmptyState, LoadError, useConfirmedAction, useFailure } from "../ui/feedback.tsx";
import StatusBadge from "../../../ui/admin/StatusBadge.tsx";
import { useResource } from "../ui/use-resource.ts";
import { DeleteButton } from "../ui/table.tsx";

/** Stock Notifications Management: grouped per product, Pending or Notified, deletable. */
export default function StockNotifications(
  { initial, timeZone }: { initial: PublicStockNotification[]; timeZone: string },
) {
  const notifications = useResource(
    initial,
    async () =>
      (await adminApi<{ notifications: PublicStockNotification[] }>(
        "/api/stock-notifications/admin",
      )).notifications,
    "Failed to fetch notifications",
  );
  const list = notifications.data;
  const { fail, dialog } = useFailure();
  const deletion = useConfirmedAction<PublicStockNotification>({
    title: "Delete Notification",
    message: (n) => `Delete the notification of ${n.email} for ${n.productName}?`,
    fallback: "Failed to delete notification",
    failTitle: "Error",
    fail,
    async run(n) {
      const res = await adminApi<{ message: string }>(
        `/api/stock-notifications/admin/${n._id}`,
        { method: "DELETE" },
      );
      notifications.setData((all) => all.filter((x) => x._id !== n._id));
      return res.message;
    },
  });

  if (notifications.error) {
    return (
      <LoadError
        title="Error loading stock notifications"
        message={notifications.error}
        onRetry={notifications.reload}
        busy={notifications.loading}
      />
    );
  }

  const groups = groupByProduct(list);
  return (
    <div class="space-y-4">
      {groups.length === 0 && <EmptyState>No stock notifications yet</EmptyState>}
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
                  {shopDay(Date.parse(n.notifiedAt ?? n.createdAt), timeZone)}
                </span>
                <DeleteButton onClick={() => deletion.ask(n)} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {deletion.dialog}
      {dialog}
    </div>
  );
}
