import { useState } from "preact/hooks";
import { formatMoney, toCents } from "../../../domain/money.ts";
import type { AdminOrder } from "../../../domain/admin-order.ts";
import { FIELD } from "../../../ui/FormField.tsx";
import { adminApi } from "../ui/api.ts";
import FormDialog from "../ui/FormDialog.tsx";

/** The three corrections staff make after the invoice. */
export type CorrectionKind = "refund" | "credit" | "reinvoice";

const TITLES: Record<CorrectionKind, string> = {
  refund: "Refund",
  credit: "Credit Note Without Refund",
  reinvoice: "Invoice Again",
};

const LABEL = "block text-sm font-medium";

/**
 * One dialog for the corrections of an order after its invoice: a refund (everything left, an
 * amount, or returned lines and the shipping, their units back in the stock), a credit note
 * without money (a price correction), or the invoice issued again to a changed buyer. The server
 * decides and refuses; the dialog only gathers the request and says the amount it asks for.
 */
export default function CorrectionDialog(
  { order, kind, onDone, onFail, onClose }: {
    order: AdminOrder;
    kind: CorrectionKind;
    onDone: (message: string) => void;
    onFail: (title: string, err: unknown) => void;
    onClose: () => void;
  },
) {
  const left = toCents(order.corrections.refundable);
  const [mode, setMode] = useState<"all" | "amount" | "lines">("all");
  const [amount, setAmount] = useState("");
  const [units, setUnits] = useState<number[]>(order.items.map(() => 0));
  const [shipping, setShipping] = useState(false);
  const [restock, setRestock] = useState(true);
  const [reason, setReason] = useState("");
  const [company, setCompany] = useState(order.business?.companyName ?? "");
  const [vatNumber, setVatNumber] = useState(order.business?.vatNumber ?? "");
  const [purchaseOrder, setPurchaseOrder] = useState(order.business?.purchaseOrder ?? "");
  const [busy, setBusy] = useState(false);
  const money = (cents: number) => formatMoney(cents, order.currency);
  const returnable = order.items.map((l, i) => l.quantity - (order.corrections.returned[i] ?? 0));

  const linesCents = order.items.reduce((n, l, i) => n + toCents(l.price) * units[i], 0) +
    (shipping ? toCents(order.shippingFee) : 0);
  const typedCents = Math.round(Number(amount.replace(",", ".")) * 100) || 0;
  const asked = kind === "refund"
    ? mode === "all" ? left : mode === "amount" ? typedCents : linesCents
    : typedCents;

  function request(): { path: string; json: unknown; done: string } {
    const why = reason.trim() ? { reason: reason.trim() } : {};
    if (kind === "credit") {
      return {
        path: "credit-note",
        json: { amount: typedCents / 100, reason: reason.trim() },
        done: "Credit note issued",
      };
    }
    if (kind === "reinvoice") {
      return {
        path: "reinvoice",
        json: {
          business: company.trim()
            ? { companyName: company, vatNumber, purchaseOrder, siren: order.business?.siren ?? "" }
            : null,
          billingAddress: null,
          reason: reason.trim(),
        },
        done: "Invoiced again",
      };
    }
    const what = mode === "all" ? {} : mode === "amount" ? { amount: typedCents / 100 } : {
      lines: units.flatMap((quantity, index) => quantity > 0 ? [{ index, quantity }] : []),
      ...(shipping ? { shipping: true } : {}),
      restock,
    };
    return { path: "refund", json: { ...what, ...why }, done: "Order refunded" };
  }

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    const { path, json, done } = request();
    setBusy(true);
    try {
      await adminApi(`/api/orders/${order._id}/${path}`, { method: "POST", json });
      onDone(done);
    } catch (err) {
      onFail(`${TITLES[kind]} Failed`, err);
    } finally {
      setBusy(false);
    }
  }

  const submitLabel = kind === "refund"
    ? `Refund ${money(asked)}`
    : kind === "credit"
    ? `Issue Credit Note of ${money(asked)}`
    : "Credit and Invoice Again";

  return (
    <FormDialog title={TITLES[kind]} testId="correction-dialog" size="lg" onClose={onClose}>
      <form class="mt-3 space-y-3 text-sm" onSubmit={submit} noValidate>
        {kind === "refund" && (
          <>
            <p class="text-slate-600">
              {money(left)}{" "}
              can still be refunded through the payment provider; the customer is emailed with the
              credit note.
            </p>
            <fieldset class="space-y-1">
              <legend class={LABEL}>What to refund</legend>
              {([
                ["all", `Everything left (${money(left)})`],
                ["amount", "An amount"],
                ["lines", "Returned items"],
              ] as const).map(([value, label], i) => (
                <label key={value} class="flex items-center gap-2">
                  <input
                    type="radio"
                    name="refund-mode"
                    checked={mode === value}
                    data-autofocus={i === 0 ? true : undefined}
                    onChange={() =>
                      setMode(value)}
                  />
                  {label}
                </label>
              ))}
            </fieldset>
          </>
        )}
        {(kind === "credit" || (kind === "refund" && mode === "amount")) && (
          <div>
            <label for="correction-amount" class={LABEL}>Amount (EUR, VAT included)</label>
            <input
              id="correction-amount"
              inputMode="decimal"
              autocomplete="off"
              data-autofocus={kind === "credit" ? true : undefined}
              class={FIELD}
              value={amount}
              onInput={(e) => setAmount(e.currentTarget.value)}
            />
            {kind === "credit" && (
              <p class="mt-1 text-xs text-slate-600">
                Takes the amount off the invoice ({money(toCents(order.corrections.invoiced))}{" "}
                left); no money moves: refund it later if the customer is owed it.
              </p>
            )}
          </div>
        )}
        {kind === "refund" && mode === "lines" && (
          <fieldset class="space-y-2">
            <legend class={LABEL}>Returned items</legend>
            {order.items.map((l, i) => (
              <div key={i} class="flex items-center justify-between gap-2">
                <label for={`correction-line-${i}`} class="min-w-0 flex-1 truncate">
                  {l.title}{" "}
                  <span class="text-slate-500">
                    ({returnable[i]} of {l.quantity} returnable, {money(toCents(l.price))} each)
                  </span>
                </label>
                <input
                  id={`correction-line-${i}`}
                  type="number"
                  min={0}
                  max={returnable[i]}
                  class="w-20 rounded-lg border border-slate-300 px-2 py-1"
                  value={units[i]}
                  disabled={returnable[i] === 0}
                  onInput={(e) => {
                    const n = Math.max(0, Math.min(returnable[i], Number(e.currentTarget.value)));
                    setUnits(units.map((u, j) => j === i ? n || 0 : u));
                  }}
                />
              </div>
            ))}
            {order.shippingFee > 0 && (
              <label class="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={shipping}
                  onChange={(e) => setShipping(e.currentTarget.checked)}
                />
                The shipping ({money(toCents(order.shippingFee))})
              </label>
            )}
            <label class="flex items-center gap-2">
              <input
                type="checkbox"
                checked={restock}
                onChange={(e) => setRestock(e.currentTarget.checked)}
              />
              Put the returned units back in stock
            </label>
          </fieldset>
        )}
        {kind === "reinvoice" && (
          <div class="space-y-2">
            <p class="text-slate-600">
              The invoice is cancelled by a credit note and issued again to this buyer, taxed as
              that buyer is (a VAT number VIES confirms makes an EU sale exempt). Leave the company
              empty to invoice a consumer.
            </p>
            {([
              ["correction-company", "Company", company, setCompany],
              ["correction-vat", "VAT number", vatNumber, setVatNumber],
              ["correction-po", "Purchase order", purchaseOrder, setPurchaseOrder],
            ] as const).map(([id, label, value, set], i) => (
              <div key={id}>
                <label for={id} class={LABEL}>{label}</label>
                <input
                  id={id}
                  class={FIELD}
                  value={value}
                  data-autofocus={i === 0 ? true : undefined}
                  onInput={(e) => set(e.currentTarget.value)}
                />
              </div>
            ))}
          </div>
        )}
        <div>
          <label for="correction-reason" class={LABEL}>
            Reason{kind === "refund" ? " (optional)" : ""}
          </label>
          <textarea
            id="correction-reason"
            rows={2}
            class={FIELD}
            value={reason}
            onInput={(e) => setReason(e.currentTarget.value)}
          />
        </div>
        <div class="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            onClick={onClose}
            class="rounded-lg px-4 py-2 font-semibold ring-1 ring-slate-300"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy}
            class="rounded-lg bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-50"
          >
            {busy ? "Working..." : submitLabel}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}
