import { useState } from "preact/hooks";
import type { AdminProduct } from "../../../domain/product.ts";
import { PRODUCT_CATEGORIES } from "../../../domain/product-categories.ts";
import ModalFrame from "../../ModalFrame.tsx";
import { adminApi } from "../ui/api.ts";
import { errorSentence } from "../ui/errors.ts";
import { Required } from "../../../ui/FormField.tsx";
import { useCloseGuard } from "../ui/use-close-guard.tsx";
import { FIELD } from "../ui/styles.ts";
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
  const [name, setName] = useState(product?.name ?? "");
  const [description, setDescription] = useState(product?.description ?? "");
  const [price, setPrice] = useState(product ? String(product.price) : "");
  const [currency, setCurrency] = useState(product?.currency ?? "EUR");
  const [stock, setStock] = useState(product ? String(product.stock) : "");
  const [categories, setCategories] = useState<string[]>(product?.category ?? []);
  const [features, setFeatures] = useState((product?.features ?? []).join("\n"));
  const [nameFr, setNameFr] = useState(product?.fr?.name ?? "");
  const [descriptionFr, setDescriptionFr] = useState(product?.fr?.description ?? "");
  const [featuresFr, setFeaturesFr] = useState((product?.fr?.features ?? []).join("\n"));
  const [isActive, setIsActive] = useState(product?.isActive ?? true);
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [removeBack, setRemoveBack] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const { requestClose, guard } = useCloseGuard(
    [
      name,
      description,
      price,
      currency,
      stock,
      categories,
      features,
      nameFr,
      descriptionFr,
      featuresFr,
      isActive,
      front,
      back,
      removeBack,
    ],
    busy,
    onClose,
  );

  async function submit(e: Event) {
    e.preventDefault();
    setError("");
    if (!editing && !front) return setError("Front image is required");
    const form = new FormData();
    form.append("name", name);
    form.append("description", description);
    form.append("price", price);
    form.append("currency", currency);
    form.append("stock", stock);
    form.append("category", JSON.stringify(categories));
    form.append("features", features);
    form.append("nameFr", nameFr);
    form.append("descriptionFr", descriptionFr);
    form.append("featuresFr", featuresFr);
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
    <ModalFrame
      labelledBy="product-form-title"
      onClose={requestClose}
      panelClass="max-h-[90vh] w-full max-w-2xl overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6"
      testId="product-form"
    >
      <h2 id="product-form-title" class="text-lg font-semibold">
        {editing ? "Edit Product" : "Add New Product"}
      </h2>
      <form class="mt-4 grid gap-3 sm:grid-cols-2" onSubmit={submit} noValidate>
        {error && (
          <p
            role="alert"
            class="whitespace-pre-line rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2"
          >
            {error}
          </p>
        )}
        <label class="text-sm font-medium sm:col-span-2">
          Name<Required />
          <input
            required
            data-autofocus
            class={FIELD}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
        <label class="text-sm font-medium sm:col-span-2">
          Description
          <textarea
            rows={3}
            class={FIELD}
            value={description}
            onInput={(e) => setDescription(e.currentTarget.value)}
          />
        </label>
        <label class="text-sm font-medium">
          Price<Required />
          <input
            required
            type="number"
            step="0.01"
            min="0"
            class={FIELD}
            value={price}
            onInput={(e) => setPrice(e.currentTarget.value)}
          />
        </label>
        <label class="text-sm font-medium">
          Currency
          <select
            class={FIELD}
            value={currency}
            onChange={(e) => setCurrency(e.currentTarget.value)}
          >
            <option value="EUR">EUR</option>
            <option value="USD">USD</option>
          </select>
        </label>
        {currency === "USD" && (
          <p
            class="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:col-span-2"
            role="note"
          >
            The shop charges in euros: a product priced in USD is kept here but not offered in the
            shop.
          </p>
        )}
        <label class="text-sm font-medium">
          Stock<Required />
          <input
            required
            type="number"
            step="1"
            min="0"
            class={FIELD}
            value={stock}
            onInput={(e) => setStock(e.currentTarget.value)}
          />
        </label>
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
        <label class="text-sm font-medium sm:col-span-2">
          Features (one per line)
          <textarea
            rows={4}
            class={FIELD}
            value={features}
            onInput={(e) => setFeatures(e.currentTarget.value)}
          />
        </label>
        <fieldset class="grid gap-3 rounded-lg border border-slate-200 p-3 sm:col-span-2">
          <legend class="px-1 text-sm font-medium">
            In French (optional: the English text shows where one is empty)
          </legend>
          <label class="text-sm font-medium">
            French name
            <input
              lang="fr"
              class={FIELD}
              value={nameFr}
              onInput={(e) => setNameFr(e.currentTarget.value)}
            />
          </label>
          <label class="text-sm font-medium">
            French description
            <textarea
              lang="fr"
              rows={3}
              class={FIELD}
              value={descriptionFr}
              onInput={(e) => setDescriptionFr(e.currentTarget.value)}
            />
          </label>
          <label class="text-sm font-medium">
            French features (one per line)
            <textarea
              lang="fr"
              rows={4}
              class={FIELD}
              value={featuresFr}
              onInput={(e) => setFeaturesFr(e.currentTarget.value)}
            />
          </label>
        </fieldset>
        <label class="text-sm font-medium">
          Front image{editing ? " (leave empty to keep)" : <Required />}
          <input
            type="file"
            accept="image/*"
            class="mt-1 block w-full text-sm"
            onChange={(e) => setFront(e.currentTarget.files?.[0] ?? null)}
          />
        </label>
        <label class="text-sm font-medium">
          Back image (optional)
          <input
            type="file"
            accept="image/*"
            class="mt-1 block w-full text-sm"
            onChange={(e) => setBack(e.currentTarget.files?.[0] ?? null)}
          />
        </label>
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
    </ModalFrame>
  );
}
