import { useEffect, useState } from "preact/hooks";
import { formatMoney, toCents } from "../../../domain/money.ts";
import { imageSrc } from "../../../domain/admin-image.ts";
import type { AdminProduct } from "../../../domain/product.ts";
import { adminApi } from "../ui/api.ts";
import { useConfirmedAction, useFailure } from "../ui/feedback.tsx";
import { DeleteButton, ListTable, TableHead } from "../ui/table.tsx";
import { useResource } from "../ui/use-resource.ts";
import StatusBadge from "../../../ui/admin/StatusBadge.tsx";
import ProductForm from "./ProductForm.tsx";
import { ROW_ACTION } from "../ui/styles.ts";
import { countOf } from "../../../domain/plural.ts";

/** Success messages vanish after 3 s (spec section 4). */
const SUCCESS_MS = 3000;
const DESCRIPTION_CUT = 120;
const FEATURES_SHOWN = 3;

const stockColour = (n: number) => n > 10 ? "green" : n > 0 ? "yellow" : "red";

/** Product Management: the table, and for superadmins create, edit and delete. */
export default function ProductManagement(
  { initial, canWrite }: { initial: AdminProduct[]; canWrite: boolean },
) {
  const products = useResource(
    initial,
    () => adminApi<AdminProduct[]>("/api/products"),
    "Failed to fetch products",
  );
  const [editing, setEditing] = useState<AdminProduct | null | "new">(null);
  const [success, setSuccess] = useState("");
  const { fail, dialog } = useFailure();
  const deletion = useConfirmedAction<AdminProduct>({
    title: "Delete Product",
    message: (p) => `This deletes ${p.name} for good. Type its name to confirm.`,
    requireText: (p) => p.name,
    mismatchMessage: "Product name does not match",
    fallback: "Failed to delete product",
    failTitle: "Error",
    fail,
    notify: setSuccess,
    async run(p) {
      const res = await adminApi<{ message: string }>(`/api/products/${p._id}`, {
        method: "DELETE",
      });
      products.setData((all) => all.filter((x) => x._id !== p._id));
      return res.message;
    },
  });

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(""), SUCCESS_MS);
    return () => clearTimeout(t);
  }, [success]);

  return (
    <div>
      <div class="mb-3 flex flex-wrap items-center gap-3">
        {canWrite && (
          <button
            type="button"
            onClick={() => setEditing("new")}
            class="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Add Product
          </button>
        )}
        {success && (
          <p
            role="status"
            class="rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800"
          >
            {success}
          </p>
        )}
      </div>
      <ListTable
        testId="products-table"
        head={
          <TableHead
            caption="Products"
            columns={["Product", "Description", "Features", "Price", "Stock"].concat(
              canWrite ? ["Actions"] : [],
            )}
          />
        }
      >
        {products.data.map((p) => {
          const more = p.features.length - FEATURES_SHOWN;
          return (
            <tr key={p._id} data-testid="product-row" class="align-top">
              <td class="px-3 py-2">
                <div class="flex items-center gap-3">
                  <img
                    src={imageSrc(p.image)}
                    alt=""
                    width={48}
                    height={48}
                    class="h-12 w-12 rounded-lg bg-slate-100 object-contain"
                  />
                  <div>
                    <p class="font-semibold">{p.name}</p>
                    <p class="text-xs text-slate-500">{p.category.join(", ")}</p>
                    {!p.isActive && <StatusBadge value="inactive" colour="grey" />}
                  </div>
                </div>
              </td>
              <td class="max-w-xs px-3 py-2 text-slate-700">
                {p.description.length > DESCRIPTION_CUT
                  ? `${p.description.slice(0, DESCRIPTION_CUT)}...`
                  : p.description}
              </td>
              <td class="px-3 py-2">
                <ul class="list-disc pl-4">
                  {p.features.slice(0, FEATURES_SHOWN).map((f) => <li key={f}>{f}</li>)}
                </ul>
                {more > 0 && <p class="text-xs text-slate-500">+{countOf(more, "more feature")}</p>}
              </td>
              <td class="whitespace-nowrap px-3 py-2 font-medium">
                {formatMoney(toCents(p.price), p.currency)}
              </td>
              <td class="px-3 py-2">
                <StatusBadge value={String(p.stock)} colour={stockColour(p.stock)} />
              </td>
              {canWrite && (
                <td class="whitespace-nowrap px-3 py-2">
                  <div class="flex gap-2">
                    <button
                      type="button"
                      onClick={() => setEditing(p)}
                      class={ROW_ACTION}
                    >
                      Edit
                    </button>
                    <DeleteButton onClick={() => deletion.ask(p)} />
                  </div>
                </td>
              )}
            </tr>
          );
        })}
      </ListTable>
      {editing !== null && (
        <ProductForm
          product={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (message) => {
            setEditing(null);
            // The table shows the change before the message says it is done.
            if (!await products.reload()) fail("Error", "Failed to fetch products");
            setSuccess(message);
          }}
        />
      )}
      {deletion.dialog}
      {dialog}
    </div>
  );
}
