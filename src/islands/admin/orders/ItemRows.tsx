import type { ComponentChildren } from "preact";
import { formatMoney, toCents } from "../../../domain/money.ts";
import FormField, { FIELD } from "../../../ui/FormField.tsx";
import { adminApi } from "../ui/api.ts";

export interface ProductOption {
  _id: string;
  name: string;
  price: number;
  currency: string;
  stock: number;
}

/** A line of staff's order or quote: a product and a quantity (a quote adds its discount). */
export interface ItemRow {
  productId: string;
  quantity: number;
}

/** The admin product list, else the public one (spec section 7). */
export async function loadProducts(): Promise<ProductOption[]> {
  try {
    return await adminApi<ProductOption[]>("/api/admins/products");
  } catch {
    return await adminApi<ProductOption[]>("/api/public/products");
  }
}

/** Whether a line is still missing its product or its quantity. */
export const incompleteRow = (r: ItemRow) => !r.productId || !(r.quantity >= 1);

/**
 * The Items fieldset of staff's order and quote forms: per line a product (with its stock), a
 * quantity, the shelf price (read-only), an optional column of the caller's (a quote's discount),
 * Remove; then Add Item.
 */
export default function ItemRows<R extends ItemRow>(
  { idPrefix, rows, onRows, blank, products, extra, testId = "order-item" }: {
    idPrefix: string;
    rows: R[];
    onRows: (rows: R[]) => void;
    blank: R;
    products: ProductOption[] | null;
    /** Another field per line, given the line and how to change it. */
    extra?: (row: R, i: number, set: (patch: Partial<R>) => void) => ComponentChildren;
    testId?: string;
  },
) {
  const product = (id: string) => products?.find((p) => p._id === id);
  const setRow = (i: number, patch: Partial<R>) =>
    onRows(rows.map((r, j) => j === i ? { ...r, ...patch } : r));
  const grid = extra
    ? "grid-cols-2 sm:grid-cols-[1fr_5rem_6rem_6rem_auto]"
    : "grid-cols-[1fr_5rem_6rem_auto]";
  return (
    <fieldset>
      <legend class="mb-2 text-sm font-semibold">Items</legend>
      {products === null && <p role="status" class="text-sm text-slate-600">Loading products...</p>}
      <ul class="space-y-2">
        {rows.map((r, i) => (
          <li key={i} class={`grid ${grid} items-end gap-2`} data-testid={testId}>
            <FormField
              id={`${idPrefix}-item-${i}`}
              label="Product"
              marked
              class={extra ? "col-span-2 sm:col-span-1" : undefined}
            >
              {(wiring) => (
                <select
                  {...wiring}
                  class={FIELD}
                  value={r.productId}
                  onChange={(e) => setRow(i, { productId: e.currentTarget.value } as Partial<R>)}
                >
                  <option value="">Choose a product</option>
                  {(products ?? []).map((p) => (
                    <option key={p._id} value={p._id}>{p.name} ({p.stock} in stock)</option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField
              id={`${idPrefix}-item-${i}-quantity`}
              label="Quantity"
              marked
              type="number"
              min={1}
              value={r.quantity || ""}
              onInput={(e) => setRow(i, { quantity: Number(e.currentTarget.value) } as Partial<R>)}
            />
            <FormField
              id={`${idPrefix}-item-${i}-price`}
              label="Price"
              readOnly
              inputClass="bg-slate-50"
              value={r.productId ? formatMoney(toCents(product(r.productId)?.price ?? 0)) : ""}
            />
            {extra?.(r, i, (patch) => setRow(i, patch))}
            <button
              type="button"
              disabled={rows.length === 1}
              onClick={() => onRows(rows.filter((_, j) => j !== i))}
              class="mb-0.5 rounded-lg px-3 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-300 disabled:opacity-40"
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => onRows([...rows, { ...blank }])}
        class="mt-2 rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-600/40"
      >
        Add Item
      </button>
    </fieldset>
  );
}
