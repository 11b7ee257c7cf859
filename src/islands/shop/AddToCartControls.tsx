import { useState } from "preact/hooks";
import type { ShopProduct } from "../../domain/shop-product.ts";
import { addToCart } from "../../browser/state/cart.ts";
import { pageMessages } from "../../i18n/client.ts";
import type { Lang } from "../../i18n/locales.ts";

interface Props {
  lang: Lang;
  product: ShopProduct;
  /** Distinct per place on a page, for the quantity's label. */
  inputId: string;
  /** Called after the product was added (e.g. to close the modal). */
  onAdded?: () => void;
}

/** A quantity of at least 1 (no upper bound, spec section 5) and 'Add to Cart'. */
export default function AddToCartControls({ lang, product, inputId, onAdded }: Props) {
  const t = pageMessages("shop", lang);
  const [quantity, setQuantity] = useState("1");
  const qty = Math.max(1, Math.floor(Number(quantity)) || 1);
  return (
    <div class="flex items-end gap-3">
      <div>
        <label for={inputId} class="block text-sm font-medium">{t.quantity}</label>
        <input
          id={inputId}
          type="number"
          min="1"
          step="1"
          inputMode="numeric"
          value={quantity}
          onInput={(e) => setQuantity(e.currentTarget.value)}
          onBlur={() => setQuantity(String(qty))}
          class="mt-1 w-24 rounded-lg border border-slate-300 px-3 py-2"
        />
      </div>
      <button
        type="button"
        class="flex-1 rounded-lg bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 sm:flex-none"
        onClick={() => {
          addToCart(product, qty);
          onAdded?.();
        }}
      >
        {t.addToCart}
      </button>
    </div>
  );
}
