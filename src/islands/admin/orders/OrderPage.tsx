import type { AuditEntry } from "../../../domain/audit.ts";
import type { DocumentSummary } from "../../../domain/invoice.ts";
import type { AdminOrder } from "../../../domain/admin-order.ts";
import OrderDetail from "../../../ui/admin/OrderDetail.tsx";
import OrderDocuments from "../../../ui/admin/OrderDocuments.tsx";
import { adminApi } from "../ui/api.ts";
import { useResource } from "../ui/use-resource.ts";
import OrderActions from "./OrderActions.tsx";

interface Found {
  order: AdminOrder;
  history: AuditEntry[];
  /** Its invoice and credit notes (a payment or a cancellation may issue one). */
  documents: DocumentSummary[];
}

/** An order's page: what it is, and the actions on it, which show their effect in place. */
export default function OrderPage({ found, timeZone }: { found: Found; timeZone: string }) {
  const detail = useResource(
    found,
    () => adminApi<Found>(`/api/orders/${found.order._id}`),
    "Failed to fetch the order",
  );
  const { order, history, documents } = detail.data;
  return (
    <div class="grid gap-4 xl:grid-cols-[1fr_20rem]">
      <div class="min-w-0">
        {detail.error && (
          <p role="alert" class="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {detail.error}
          </p>
        )}
        <OrderDetail order={order} history={history} timeZone={timeZone} />
      </div>
      <OrderActions order={order} onChanged={detail.reload} />
      <div class="min-w-0 xl:col-span-2">
        <OrderDocuments documents={documents} order={order} />
      </div>
    </div>
  );
}
