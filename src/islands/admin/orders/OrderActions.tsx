import { useState } from "preact/hooks";
import { formatMoney, toCents } from "../../../domain/money.ts";
import type { AdminOrder } from "../../../domain/admin-order.ts";
import { refundRefusal } from "../../../domain/order-refund.ts";
import { ORDER_STATUSES } from "../../../domain/order-status.ts";
import { adminApi } from "../ui/api.ts";
import CorrectionDialog, { type CorrectionKind } from "./CorrectionDialog.tsx";
import { errorSentence } from "../ui/errors.ts";
import { useFailure } from "../ui/feedback.tsx";
import { adminToast } from "../ui/toast.ts";
import FormField, { FIELD } from "../../../ui/FormField.tsx";
import { useFields } from "../ui/use-fields.ts";

/** What cancelling an order paid online does with the money: the staff member's two choices. */
const MONEY_CHOICES = [
  [
    "refund",
    (total: string) =>
      `Refund ${total} and cancel: through the payment provider, with a credit note; the customer is emailed.`,
  ],
  [
    "keep",
    (total: string) =>
      `Cancel without a refund: the customer stays charged ${total}, the invoice stands and no credit note is issued (refund later with Refund).`,
  ],
] as const;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The order page's actions: status (with shipment and customer notice), the corrections after
 * the invoice (refunds, credit notes, re-invoices: CorrectionDialog), and internal notes.
 */
export default function OrderActions(
  { order, onChanged }: { order: AdminOrder; onChanged: () => Promise<boolean> },
) {
  const [status, setStatus] = useState<string>(order.status);
  const shipment = useFields("order", {
    carrier: order.shipment?.carrier ?? "",
    trackingNumber: order.shipment?.trackingNumber ?? "",
  });
  const [notify, setNotify] = useState(false);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const { fail, dialog } = useFailure();
  const [correcting, setCorrecting] = useState<CorrectionKind | null>(null);
  const refundable = refundRefusal(order) === null && order.corrections.refundable > 0;
  /** The invoice bills something still: a credit note or a re-invoice can correct it. */
  const invoiced = order.corrections.invoiced > 0 &&
    (order.paymentStatus === "paid" || order.paymentStatus === "partially_refunded");
  const total = formatMoney(toCents(order.total), order.currency);
  /** Cancelling an order paid online: refund it with the cancellation, or keep the payment. */
  const [money, setMoney] = useState<"refund" | "keep" | null>(null);
  const asksMoney = refundable && status === "cancelled" && order.status !== "cancelled";

  /** Runs an action, then shows the order as it now is and says it is done. */
  async function run(call: () => Promise<unknown>, done: string, failure = "Update Failed") {
    setBusy(true);
    try {
      await call();
      await onChanged();
      adminToast(done, "success");
      return true;
    } catch (err) {
      fail(failure, errorSentence(err, "Update failed", { text: "Note" }));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="space-y-4">
      <form
        class="rounded-xl bg-white p-4 ring-1 ring-slate-200"
        onSubmit={(e) => {
          e.preventDefault();
          run(
            () =>
              adminApi(`/api/orders/${order._id}/status`, {
                method: "PUT",
                json: {
                  status,
                  ...(status === "shipped" ? shipment.values : {}),
                  ...(asksMoney ? { refund: money === "refund" } : {}),
                  notifyCustomer: notify,
                },
              }),
            asksMoney && money === "refund"
              ? "Order refunded and cancelled"
              : "Order status updated",
          );
        }}
      >
        <h2 class="mb-2 text-base font-semibold">Status</h2>
        <FormField id="order-status" label="Order status">
          {(wiring) => (
            <select
              {...wiring}
              class={FIELD}
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value)}
            >
              {ORDER_STATUSES.map((s) => <option key={s} value={s}>{capital(s)}</option>)}
            </select>
          )}
        </FormField>
        {status === "shipped" && (
          <div class="mt-2 grid gap-2 sm:grid-cols-2">
            <FormField label="Carrier" {...shipment.field("carrier")} />
            <FormField label="Tracking number" {...shipment.field("trackingNumber")} />
            <p class="text-xs text-slate-600 sm:col-span-2">
              The customer gets one “has shipped” email.
            </p>
          </div>
        )}
        {asksMoney && (
          <fieldset class="mt-2 space-y-1 rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
            <legend class="sr-only">The payment of {total}</legend>
            <p class="font-medium text-amber-900">
              This order was paid online ({total}). What happens to the payment?
            </p>
            {MONEY_CHOICES.map(([choice, says]) => (
              <label key={choice} class="flex items-start gap-2">
                <input
                  type="radio"
                  name="cancel-money"
                  checked={money === choice}
                  onChange={() =>
                    setMoney(choice)}
                />
                <span>{says(total)}</span>
              </label>
            ))}
          </fieldset>
        )}
        {(status === "delivered" ||
          (status === "cancelled" && !(asksMoney && money === "refund"))) && (
          <label class="mt-2 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={notify}
              onChange={(e) => setNotify(e.currentTarget.checked)}
            />
            Notify customer
          </label>
        )}
        <button
          type="submit"
          disabled={busy || (status === order.status && status !== "shipped") ||
            (asksMoney && money === null)}
          class="mt-3 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50"
        >
          {busy
            ? "Updating..."
            : asksMoney && money === "refund"
            ? "Refund and Cancel"
            : "Update Status"}
        </button>
      </form>
      {(refundable || invoiced) && (
        <section class="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <h2 class="mb-2 text-base font-semibold">Corrections</h2>
          <p class="text-sm text-slate-600">
            {refundable
              ? `${
                formatMoney(toCents(order.corrections.refundable), order.currency)
              } can still be refunded.`
              : "The invoice can be corrected by a credit note."}
            {order.corrections.balance > 0 &&
              ` The customer is owed ${
                formatMoney(toCents(order.corrections.balance), order.currency)
              } already credited.`}
          </p>
          <div class="mt-3 flex flex-wrap gap-2">
            {refundable && (
              <button
                type="button"
                disabled={busy}
                onClick={() => setCorrecting("refund")}
                class="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-50"
              >
                Refund
              </button>
            )}
            {invoiced && (
              <>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => setCorrecting("credit")}
                  class="rounded-lg px-4 py-2 text-sm font-semibold ring-1 ring-slate-300 disabled:opacity-50"
                >
                  Credit Note
                </button>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => setCorrecting("reinvoice")}
                  class="rounded-lg px-4 py-2 text-sm font-semibold ring-1 ring-slate-300 disabled:opacity-50"
                >
                  Invoice Again
                </button>
              </>
            )}
          </div>
        </section>
      )}
      <form
        class="rounded-xl bg-white p-4 ring-1 ring-slate-200"
        onSubmit={(e) => {
          e.preventDefault();
          if (note.trim()) {
            run(
              () => adminApi(`/api/orders/${order._id}/notes`, {
                method: "POST",
                json: { text: note },
              }),
              "Note added",
            ).then((ok) => ok && setNote(""));
          }
        }}
      >
        <h2 class="mb-2 text-base font-semibold">Internal notes</h2>
        <ul class="mb-3 space-y-2 text-sm" data-testid="order-notes">
          {order.notes.map((n, i) => (
            <li key={i} class="rounded-lg bg-slate-50 p-2">
              <p class="whitespace-pre-line">{n.text}</p>
              <p class="text-xs text-slate-500">{n.author}</p>
            </li>
          ))}
        </ul>
        <FormField id="order-note" label="Add a note">
          {(wiring) => (
            <textarea
              {...wiring}
              rows={3}
              class={FIELD}
              value={note}
              onInput={(e) => setNote(e.currentTarget.value)}
            />
          )}
        </FormField>
        <button
          type="submit"
          disabled={busy || !note.trim()}
          class="mt-2 rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50"
        >
          Add Note
        </button>
      </form>
      {correcting && (
        <CorrectionDialog
          order={order}
          kind={correcting}
          onClose={() => setCorrecting(null)}
          onDone={async (done) => {
            setCorrecting(null);
            await onChanged();
            adminToast(done, "success");
          }}
          onFail={(title, err) => fail(title, errorSentence(err, "Update failed"))}
        />
      )}
      {dialog}
    </div>
  );
}
