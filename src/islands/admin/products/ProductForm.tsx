import { useState } from "preact/hooks";
import type { AdminProduct } from "../../../domain/product.ts";
import { PRODUCT_CATEGORIES } from "../../../domain/product-categories.ts";
import FormDialog from "../ui/FormDialog.tsx";
import { adminApi } from "../ui/api.ts";
import { errorSentence } from "../ui/errors.ts";
import FormField, { FIELD } from "../../../ui/FormField.tsx";
import { useCloseGuard } from "../ui/use-close-guard.tsx";
import { useFields } from "../ui/use-fields.ts";
import ImageField from "../ui/ImageField.tsx";
import FormActions from "../ui/FormActions.tsx";

/** The create and edit modal of Product Management (spec section 5: create product). */
export default function ProductForm(
  { product, onClose, onSaved }: {
    product: AdminProduct | null;
    onClose: () => void;
    onSaved: (message: string) => void;
  },
) {
  const editing = product !== null;
  const { values, field } = useFields("product", {
    name: product?.name ?? "",
    description: product?.description ?? "",
    price: product ? String(product.price) : "",
    currency: product?.currency ?? "EUR",
    stock: product ? String(product.stock) : "",
    features: (product?.features ?? []).join("\n"),
    nameFr: product?.fr?.name ?? "",
    descriptionFr: product?.fr?.description ?? "",
    featuresFr: (product?.fr?.features ?? []).join("\n"),
  });
  const [categories, setCategories] = useState<string[]>(product?.category ?? []);
  const [isActive, setIsActive] = useState(product?.isActive ?? true);
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [removeBack, setRemoveBack] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const { requestClose, guard } = useCloseGuard(
    [values, categories, isActive, front, back, removeBack],
    busy,
    onClose,
  );

  async function submit(e: Event) {
    e.preventDefault();
    setError("");
    if (!editing && !front) return setError("Front image is required");
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.append(key, value);
    form.append("category", JSON.stringify(categories));
    form.append("isActive", String(isActive));
    if (front) form.append("image", front);
    if (back) form.append("hoverImage", back);
    else if (removeBack) form.append("hoverImage", "null");
    setBusy(true);
    try {
      const res = await adminApi<{ message: string }>(
        editing ? `/api/products/${product._id}` : "/api/products",
        { method: editing ? "PUT" : "POST", form },
      );
      onSaved(res.message);
    } catch (err) {
      setError(
        errorSentence(err, editing ? "Failed to update product" : "Failed to create product", {
          hoverImage: "Back image",
          image: "Front image",
          category: "Categories",
        }),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      title={editing ? "Edit Product" : "Add New Product"}
      testId="product-form"
      size="2xl"
      onClose={requestClose}
    >
      <form class="mt-4 grid gap-3 sm:grid-cols-2" onSubmit={submit} noValidate>
        {error && (
          <p
            role="alert"
            class="whitespace-pre-line rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2"
          >
            {error}
          </p>
        )}
        <FormField
          label="Name"
          marked
          required
          data-autofocus
          class="sm:col-span-2"
          {...field("name")}
        />
        <FormField id="product-description" label="Description" class="sm:col-span-2">
          {(wiring) => <textarea {...wiring} rows={3} class={FIELD} {...field("description")} />}
        </FormField>
        <FormField
          label="Price"
          marked
          required
          type="number"
          step="0.01"
          min="0"
          {...field("price")}
        />
        <FormField id="product-currency" label="Currency">
          {(wiring) => (
            <select {...wiring} class={FIELD} {...field("currency")}>
              <option value="EUR">EUR</option>
              <option value="USD">USD</option>
            </select>
          )}
        </FormField>
        {values.currency === "USD" && (
          <p
            class="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:col-span-2"
            role="note"
          >
            The shop charges in euros: a product priced in USD is kept here but not offered in the
            shop.
          </p>
        )}
        <FormField
          label="Stock"
          marked
          required
          type="number"
          step="1"
          min="0"
          {...field("stock")}
        />
        <label class="mt-6 flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={isActive}
            onChange={(e) => setIsActive(e.currentTarget.checked)}
          />
          Active (shown in the shop)
        </label>
        <fieldset class="sm:col-span-2">
          <legend class="text-sm font-medium">Categories</legend>
          <div class="mt-1 grid grid-cols-2 gap-1 sm:grid-cols-3">
            {PRODUCT_CATEGORIES.map((c) => (
              <label key={c} class="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={categories.includes(c)}
                  onChange={(e) =>
                    setCategories(
                      e.currentTarget.checked
                        ? [...categories, c]
                        : categories.filter((x) => x !== c),
                    )}
                />
                {c}
              </label>
            ))}
          </div>
        </fieldset>
        <FormField id="product-features" label="Features (one per line)" class="sm:col-span-2">
          {(wiring) => <textarea {...wiring} rows={4} class={FIELD} {...field("features")} />}
        </FormField>
        <fieldset class="grid gap-3 rounded-lg border border-slate-200 p-3 sm:col-span-2">
          <legend class="px-1 text-sm font-medium">
            In French (optional: the English text shows where one is empty)
          </legend>
          <FormField label="French name" lang="fr" {...field("nameFr")} />
          <FormField id="product-description-fr" label="French description">
            {(wiring) => (
              <textarea {...wiring} lang="fr" rows={3} class={FIELD} {...field("descriptionFr")} />
            )}
          </FormField>
          <FormField id="product-features-fr" label="French features (one per line)">
            {(wiring) => (
              <textarea {...wiring} lang="fr" rows={4} class={FIELD} {...field("featuresFr")} />
            )}
          </FormField>
        </fieldset>
        <ImageField
          id="product-front-image"
          label={editing ? "Front image (leave empty to keep)" : "Front image"}
          marked={!editing}
          onPick={setFront}
        />
        <ImageField id="product-back-image" label="Back image (optional)" onPick={setBack} />
        {editing && product.hoverImage && !back && (
          <label class="flex items-center gap-2 text-sm sm:col-span-2">
            <input
              type="checkbox"
              checked={removeBack}
              onChange={(e) => setRemoveBack(e.currentTarget.checked)}
            />
            Remove the back image
          </label>
        )}
        <FormActions
          busy={busy}
          label={editing ? "Update Product" : "Create Product"}
          busyLabel={editing ? "Updating..." : "Creating..."}
          onCancel={requestClose}
          class="sm:col-span-2"
        />
      </form>
      {guard}
    </FormDialog>
  );
}
