import { useRef } from "preact/hooks";
import { toCents } from "../../domain/money.ts";
import { type ShopProduct, textLang } from "../../domain/shop-product.ts";
import { pageMessages } from "../../i18n/client.ts";
import { formatMoney } from "../../i18n/format.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import AddToCartControls from "./AddToCartControls.tsx";
import ModalFrame from "../ModalFrame.tsx";
import CloseButton from "../../ui/CloseButton.tsx";

/** Zoom factor of the detail image (spec section 9). */
const ZOOM = 4;

/**
 * The product details modal: every feature, a quantity of at least 1 (no upper bound), a 4x
 * zoom that follows the pointer, add to cart (or 'Notify When Available' at stock 0), and a
 * link to the product's own page.
 */
export default function ProductDetailsModal({ lang, product, onClose, onNotify }: {
  lang: Lang;
  product: ShopProduct;
  onClose: () => void;
  onNotify: () => void;
}) {
  const t = pageMessages("shop", lang);
  const img = useRef<HTMLImageElement>(null);

  const zoomAt = (e: MouseEvent) => {
    const el = img.current;
    if (!el) return;
    const box = el.getBoundingClientRect();
    el.style.transformOrigin = `${((e.clientX - box.left) / box.width) * 100}% ${
      ((e.clientY - box.top) / box.height) * 100
    }%`;
    el.style.transform = `scale(${ZOOM})`;
  };
  const unzoom = () => {
    if (img.current) img.current.style.transform = "";
  };

  return (
    <ModalFrame
      labelledBy="details-title"
      onClose={onClose}
      panelClass="grid max-h-[90vh] w-full max-w-4xl gap-6 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl md:grid-cols-2"
      testId="product-details"
    >
      <div class="absolute right-3 top-3">
        <CloseButton label={t.closeDetails} onClick={onClose} />
      </div>
      <div
        class="aspect-[4/3] cursor-zoom-in overflow-hidden rounded-xl bg-slate-50"
        onMouseMove={zoomAt}
        onMouseLeave={unzoom}
      >
        <img
          ref={img}
          src={product.images.front}
          alt={product.title}
          lang={textLang(product, "title")}
          width="400"
          height="300"
          class="h-full w-full object-contain p-4 transition-transform duration-150"
        />
      </div>
      <div class="flex flex-col gap-4">
        <p class="text-xs font-semibold uppercase tracking-wide text-brand-600">
          {t.categories[product.category] ?? product.category}
        </p>
        <h2 id="details-title" class="pr-10 text-2xl font-bold" lang={textLang(product, "title")}>
          {product.title}
        </h2>
        <p class="text-2xl font-bold">{formatMoney(toCents(product.price), lang)}</p>
        <p class="text-sm text-slate-600" lang={textLang(product, "description")}>
          {product.description}
        </p>
        <ul
          class="list-disc space-y-1 pl-5 text-sm text-slate-700"
          lang={textLang(product, "features")}
        >
          {product.features.map((f) => <li key={f}>{f}</li>)}
        </ul>
        {product.inStock === 0
          ? (
            <div class="space-y-2">
              <p class="text-sm font-medium text-red-700">{t.outOfStock}</p>
              <button
                type="button"
                class="w-full rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
                onClick={onNotify}
              >
                {t.notifyWhenAvailable}
              </button>
            </div>
          )
          : (
            <AddToCartControls
              lang={lang}
              product={product}
              inputId="details-qty"
              onAdded={onClose}
            />
          )}
        <a
          href={localePath(lang, `/shop/${product.slug}`)}
          class="text-sm font-medium text-brand-700 underline hover:text-brand-900"
        >
          {t.viewProductPage}
        </a>
      </div>
    </ModalFrame>
  );
}
