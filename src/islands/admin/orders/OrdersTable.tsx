import { useState } from "preact/hooks";
import type { AdminOrder } from "../../../domain/admin-order.ts";
import {
  ORDER_STATUSES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUSES,
  STATUS_COLOURS,
} from "../../../domain/order-status.ts";
import { formatMoney, toCents } from "../../../domain/money.ts";
import { fromShopDateTimeInput, shopDateTimeInput } from "../../../domain/shop-time.ts";
import { adminApi } from "../ui/api.ts";
import { errorSentence, StaffError } from "../ui/errors.ts";
import { EmptyState, LoadError, useConfirmedAction, useFailure } from "../ui/feedback.tsx";
import StatusBadge, { type BadgeColour } from "../../../ui/admin/StatusBadge.tsx";
import { adminToast } from "../ui/toast.ts";
import CreateOrderDialog from "./CreateOrderDialog.tsx";
import { DeleteButton, ListTable } from "../ui/table.tsx";
import { useResource } from "../ui/use-resource.ts";
import DropdownSelect from "../ui/DropdownSelect.tsx";

interface Edit {
  status?: string;
  paymentStatus?: string;
  createdAt?: string;
}

const colour = (v: string) => (STATUS_COLOURS[v] ?? "grey") as BadgeColour;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const option = (s: string) => ({ value: s, label: capital(s) });

const cell = "px-3 py-2 align-top";
const select =
  "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/**
 * The orders table: per-row pending edits of status, payment status and date (in the shop's
 * time zone, whatever the browser's), sent as one call each on Update (spec section 4); delete
 * with confirmation; bulk changes; 'Create New Order'. Every action changes its rows in place:
 * the other rows keep their unsaved edits.
 */
export default function OrdersTable(
  { orders: initial, timeZone }: { orders: AdminOrder[]; timeZone: string },
) {
  // The page's own query (filters, cursor) is the API's: the list is loaded again as it is.
  const list = useResource(
    initial,
    async () => (await adminApi<{ orders: AdminOrder[] }>(`/api/orders${location.search}`)).orders,
    "Failed to fetch orders",
  );
  const orders = list.data;
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkStatus, setBulkStatus] = useState("");
  const [bulkPayment, setBulkPayment] = useState("");
  const bulkChoices = [
    {
      label: "Status for the selected orders",
      empty: "Status…",
      values: ORDER_STATUSES,
      value: bulkStatus,
      set: setBulkStatus,
    },
    {
      label: "Payment status for the selected orders",
      empty: "Payment…",
      values: PAYMENT_STATUSES,
      value: bulkPayment,
      set: setBulkPayment,
    },
  ];
  const [creating, setCreating] = useState(false);
  const { fail, dialog } = useFailure();
  const localInput = (iso: string) => shopDateTimeInput(Date.parse(iso), timeZone);

  const edit = (id: string, patch: Edit) =>
    setEdits((all) => ({ ...all, [id]: { ...all[id], ...patch } }));
  const forget = (id: string) => setEdits(({ [id]: _, ...rest }) => rest);
  const replace = (next: AdminOrder) =>
    list.setData((all) => all.map((o) => o._id === next._id ? next : o));
  const deletion = useConfirmedAction<AdminOrder>({
    title: "Delete Order",
    message: (o) =>
      `Delete order ${o.orderNumber}? Units it still holds go back to the stock. This cannot be undone.`,
    fallback: "Failed to delete order",
    fail,
    async run(o) {
      const res = await adminApi<{ message: string }>(`/api/orders/${o._id}`, {
        method: "DELETE",
      });
      list.setData((all) => all.filter((x) => x._id !== o._id));
      forget(o._id);
      setSelected((s) => new Set([...s].filter((id) => id !== o._id)));
      return res.message;
    },
  });

  async function update(o: AdminOrder) {
    const e = edits[o._id] ?? {};
    setBusy(o._id);
    try {
      let next = o;
      if (e.status && e.status !== o.status) {
        next = await adminApi<AdminOrder>(`/api/orders/${o._id}/status`, {
          method: "PUT",
          json: { status: e.status },
        });
      }
      if (e.paymentStatus && e.paymentStatus !== o.paymentStatus) {
        next = await adminApi<AdminOrder>(`/api/orders/${o._id}/payment`, {
          method: "PUT",
          json: { paymentStatus: e.paymentStatus },
        });
      }
      if (e.createdAt && e.createdAt !== localInput(o.createdAt)) {
        const at = fromShopDateTimeInput(e.createdAt, timeZone);
        if (Number.isNaN(at)) throw new StaffError("Enter a complete date and time");
        next = await adminApi<AdminOrder>(`/api/orders/${o._id}/date`, {
          method: "PUT",
          json: { createdAt: new Date(at).toISOString() },
        });
      }
      replace(next);
      forget(o._id);
      adminToast(`Order ${o.orderNumber} updated`, "success");
    } catch (err) {
      fail("Update Failed", errorSentence(err, "Update failed"));
    } finally {
      setBusy(null);
    }
  }

  async function applyBulk() {
    setBusy("bulk");
    try {
      const res = await adminApi<
        { updated: number; results: { id: string; ok: boolean; message?: string }[] }
      >(
        "/api/orders/bulk",
        {
          method: "POST",
          json: {
            ids: [...selected],
            ...(bulkStatus ? { status: bulkStatus } : {}),
            ...(bulkPayment ? { paymentStatus: bulkPayment } : {}),
          },
        },
      );
      await list.reload();
      const failed = res.results.filter((r) => !r.ok);
      if (failed.length) {
        const number = (id: string) => orders.find((o) => o._id === id)?.orderNumber ?? id;
        fail(
          "Update Failed",
          `${res.updated} updated. Not updated:\n${
            failed.map((f) => `${number(f.id)}: ${f.message}`).join("\n")
          }`,
        );
      } else {
        adminToast(`${res.updated} order${res.updated === 1 ? "" : "s"} updated`, "success");
        setSelected(new Set());
        setBulkStatus("");
        setBulkPayment("");
      }
    } catch (err) {
      fail("Update Failed", errorSentence(err, "Update failed"));
    } finally {
      setBusy(null);
    }
  }

  const allSelected = orders.length > 0 && selected.size === orders.length;

  return (
    <div>
      <div class="mb-3 flex flex-wrap items-end gap-2">
        <button
          type="button"
          onClick={() => setCreating(true)}
          class="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Create New Order
        </button>
        {selected.size > 0 && (
          <div
            class="flex flex-wrap items-end gap-2 rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200"
            role="group"
            aria-label="Change the selected orders"
          >
            <span class="text-sm font-medium">{selected.size} selected</span>
            {bulkChoices.map((b) => (
              <DropdownSelect
                key={b.label}
                label={b.label}
                hideLabel
                selectClass={select}
                value={b.value}
                options={[{ value: "", label: b.empty }, ...b.values.map(option)]}
                onChange={b.set}
              />
            ))}
            <button
              type="button"
              disabled={busy !== null || (!bulkStatus && !bulkPayment)}
              onClick={applyBulk}
              class="rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-50"
            >
              {busy === "bulk" ? "Applying..." : "Apply to selected"}
            </button>
          </div>
        )}
      </div>
      {list.error && (
        <LoadError
          title="Error"
          message={list.error}
          onRetry={list.reload}
          busy={list.loading}
        />
      )}
      {orders.length === 0 ? <EmptyState>No orders found</EmptyState> : (
        <ListTable
          testId="orders-table"
          caption="Orders, newest first"
          heads={
            <>
              <th scope="col" class={cell}>
                <input
                  type="checkbox"
                  aria-label="Select every order on this page"
                  checked={allSelected}
                  onChange={() =>
                    setSelected(allSelected ? new Set() : new Set(orders.map((o) => o._id)))}
                />
              </th>
              <th scope="col" class={cell}>Order</th>
              <th scope="col" class={cell}>Date ({timeZone})</th>
              <th scope="col" class={cell}>Customer</th>
              <th scope="col" class={cell}>Items</th>
              <th scope="col" class={cell}>Total</th>
              <th scope="col" class={cell}>Payment</th>
              <th scope="col" class={cell}>Status</th>
              <th scope="col" class={cell}>Actions</th>
            </>
          }
        >
          {orders.map((o) => {
            const e = edits[o._id] ?? {};
            const status = e.status ?? o.status;
            const payment = e.paymentStatus ?? o.paymentStatus;
            const date = e.createdAt ?? localInput(o.createdAt);
            const changed = status !== o.status || payment !== o.paymentStatus ||
              date !== localInput(o.createdAt);
            return (
              <tr
                key={o._id}
                data-testid="order-row"
                data-order={o.orderNumber}
                class={changed ? "bg-amber-50" : ""}
              >
                <td class={cell}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${o.orderNumber}`}
                    checked={selected.has(o._id)}
                    onChange={() => {
                      const next = new Set(selected);
                      if (next.has(o._id)) next.delete(o._id);
                      else next.add(o._id);
                      setSelected(next);
                    }}
                  />
                </td>
                <td class={cell}>
                  <a
                    href={`/admin/orders/${o._id}`}
                    class="font-semibold text-brand-700 hover:underline"
                  >
                    {o.orderNumber}
                  </a>
                  {o.needsRefund && (
                    <div class="mt-1">
                      <StatusBadge value="needs refund" colour="red" />
                    </div>
                  )}
                </td>
                <td class={cell}>
                  <label>
                    <span class="sr-only">Date of {o.orderNumber} ({timeZone})</span>
                    <input
                      type="datetime-local"
                      class={select}
                      value={date}
                      onInput={(ev) => edit(o._id, { createdAt: ev.currentTarget.value })}
                    />
                  </label>
                </td>
                <td class={cell}>
                  <div class="font-medium">{o.customer.firstName} {o.customer.lastName}</div>
                  <div class="text-slate-600">{o.customer.email}</div>
                  <div class="text-slate-500">{o.shippingCountry}</div>
                </td>
                <td class={cell}>
                  {o.items.map((l) => <div key={l.id}>{l.quantity} × {l.title}</div>)}
                </td>
                <td class={`${cell} whitespace-nowrap font-semibold`}>
                  {formatMoney(toCents(o.total), o.currency)}
                  <div class="text-xs font-normal text-slate-500">
                    {PAYMENT_METHOD_LABELS[o.paymentMethod] ?? o.paymentMethod}
                  </div>
                </td>
                <td class={cell}>
                  <StatusBadge value={o.paymentStatus} colour={colour(o.paymentStatus)} />
                  <label class="mt-1 block">
                    <span class="sr-only">Payment status of {o.orderNumber}</span>
                    <select
                      class={select}
                      // A refund is final: the server refuses any other payment status.
                      disabled={o.refund !== null}
                      value={PAYMENT_STATUSES.includes(payment as never) ? payment : ""}
                      onChange={(ev) => edit(o._id, { paymentStatus: ev.currentTarget.value })}
                    >
                      {!PAYMENT_STATUSES.includes(payment as never) && (
                        <option value="" disabled>{capital(payment)}</option>
                      )}
                      {PAYMENT_STATUSES.map((s) => <option key={s} value={s}>{capital(s)}</option>)}
                    </select>
                  </label>
                </td>
                <td class={cell}>
                  <StatusBadge value={o.status} colour={colour(o.status)} />
                  <label class="mt-1 block">
                    <span class="sr-only">Status of {o.orderNumber}</span>
                    <select
                      class={select}
                      value={status}
                      onChange={(ev) => edit(o._id, { status: ev.currentTarget.value })}
                    >
                      {ORDER_STATUSES.map((s) => <option key={s} value={s}>{capital(s)}</option>)}
                    </select>
                  </label>
                </td>
                <td class={`${cell} whitespace-nowrap`}>
                  <div class="flex flex-col gap-1">
                    <button
                      type="button"
                      disabled={!changed || busy !== null}
                      onClick={() => update(o)}
                      class="rounded-md bg-brand-600 px-3 py-1 text-xs font-semibold text-white disabled:opacity-40"
                    >
                      {busy === o._id ? "Updating..." : "Update"}
                    </button>
                    <DeleteButton disabled={busy !== null} onClick={() => deletion.ask(o)} />
                  </div>
                </td>
              </tr>
            );
          })}
        </ListTable>
      )}
      {deletion.dialog}
      {dialog}
      {creating && (
        <CreateOrderDialog
          timeZone={timeZone}
          onClose={() => setCreating(false)}
          onCreated={() => list.reload()}
        />
      )}
    </div>
  );
}
