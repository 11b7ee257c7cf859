import { useState } from "preact/hooks";
import type { ShopProduct } from "../domain/shop-product.ts";
import { addToCart } from "./state/cart.ts";
import NotifyDialog from "./shop/NotifyDialog.tsx";

/** The buy box of a product page: quantity and 'Add to Cart', or 'Notify When Available'. */
export default function ProductPurchase({ product }: { product: ShopProduct }) {
  const [quantity, setQuantity] = useState("1");
  const [notifying, setNotifying] = useState(false);
  const qty = Math.max(1, Math.floor(Number(quantity)) || 1);

  if (product.inStock === 0) {
    return (
      <>
        <button
          type="button"
          aria-haspopup="dialog"
          class="rounded-lg border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
          onClick={() => setNotifying(true)}
        >
          Notify When Available
        </button>
        {notifying && <NotifyDialog product={product} onClose={() => setNotifying(false)} />}
      </>
    );
  }
  return (
    <div class="flex items-end gap-3">
      <div>
        <label for="purchase-qty" class="block text-sm font-medium">Quantity</label>
        <input
          id="purchase-qty"
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
        class="rounded-lg bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700"
        onClick={() => addToCart(product, qty)}
      >
        Add to Cart
      </button>
    </div>
  );
}
