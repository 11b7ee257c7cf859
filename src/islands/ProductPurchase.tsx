import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { ShopProduct } from "../domain/shop-product.ts";
import AddToCartControls from "./shop/AddToCartControls.tsx";
import NotifyDialog from "./shop/NotifyDialog.tsx";
import { pageMessages } from "../i18n/client.ts";
import type { Lang } from "../i18n/locales.ts";

/**
 * The buy box of a product page: quantity and 'Add to Cart', or 'Notify When Available'; its
 * children (the privacy line) go in the stock alert dialog.
 */
export default function ProductPurchase(
  { lang, product, children }: { lang: Lang; product: ShopProduct; children?: ComponentChildren },
) {
  const t = pageMessages("shop", lang);
  const [notifying, setNotifying] = useState(false);

  if (product.inStock === 0) {
    return (
      <>
        <button
          type="button"
          aria-haspopup="dialog"
          class="rounded-lg border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
          onClick={() => setNotifying(true)}
        >
          {t.notifyWhenAvailable}
        </button>
        {notifying && (
          <NotifyDialog
            lang={lang}
            product={product}
            onClose={() => setNotifying(false)}
          >
            {children}
          </NotifyDialog>
        )}
      </>
    );
  }
  return <AddToCartControls lang={lang} product={product} inputId="purchase-qty" />;
}
