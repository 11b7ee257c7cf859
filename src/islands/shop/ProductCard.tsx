import { toCents } from "../../domain/money.ts";
import { type ShopProduct, textLang } from "../../domain/shop-product.ts";
import { pageMessages } from "../../i18n/client.ts";
import { formatMoney } from "../../i18n/format.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";

/**
 * A product card: front image (the back image and a 1.5x zoom on hover), category, title,
 * price, the first 2 features, then 'Add to Cart' or, at stock 0, 'Notify When Available'.
 */
export default function ProductCard({ lang, product, eager = false, onAdd, onDetails, onNotify }: {
  lang: Lang;
  product: ShopProduct;
  /** Cards of the first row load their image at once (they are the page's largest paint). */
  eager?: boolean;
  onAdd: () => void;
  onDetails: () => void;
  onNotify: () => void;
}) {
  const t = pageMessages("shop", lang);
  const titleId = `product-${product.id}-title`;
  const href = localePath(lang, `/shop/${product.slug}`);
  const soldOut = product.inStock === 0;
  const hasBack = product.images.back !== product.images.front;
  return (
    <article
      class="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-product-id={product.id}
      aria-labelledby={titleId}
    >
      <a
        href={href}
        tabIndex={-1}
        aria-hidden="true"
        class="relative block aspect-[4/3] overflow-hidden bg-slate-50"
      >
        <img
          src={product.images.front}
          alt=""
          width="400"
          height="300"
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          class={`absolute inset-0 h-full w-full object-contain p-4 transition duration-300 group-hover:scale-150 ${
            hasBack ? "group-hover:opacity-0" : ""
          }`}
        />
        {hasBack && (
          <img
            src={product.images.back}
            alt=""
            width="400"
            height="300"
            loading="lazy"
            decoding="async"
            class="absolute inset-0 h-full w-full object-contain p-4 opacity-0 transition duration-300 group-hover:scale-150 group-hover:opacity-100"
          />
        )}
      </a>
      <div class="flex flex-1 flex-col gap-3 p-5">
        <p class="text-xs font-semibold uppercase tracking-wide text-brand-600">
          {t.categories[product.category] ?? product.category}
        </p>
        <h2
          id={titleId}
          class="text-lg font-semibold leading-snug"
          lang={textLang(product, "title")}
        >
          <a href={href} class="hover:text-brand-600">{product.title}</a>
        </h2>
        <p class="text-xl font-bold">
          {formatMoney(toCents(product.price), lang)}{" "}
          <span class="text-sm font-normal text-slate-600">{t.priceNote}</span>
        </p>
        <ul
          class="list-disc space-y-1 pl-5 text-sm text-slate-600"
          lang={textLang(product, "features")}
        >
          {product.features.slice(0, 2).map((f) => <li key={f}>{f}</li>)}
        </ul>
        {soldOut && <p class="text-sm font-medium text-red-700">{t.outOfStock}</p>}
        <div class="mt-auto flex gap-2 pt-2">
          <button
            type="button"
            aria-describedby={titleId}
            class={soldOut
              ? "flex-1 rounded-lg border border-brand-600 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              : "flex-1 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"}
            onClick={soldOut ? onNotify : onAdd}
          >
            {soldOut ? t.notifyWhenAvailable : t.addToCart}
          </button>
          <button
            type="button"
            aria-describedby={titleId}
            class="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            onClick={onDetails}
          >
            {t.details}
          </button>
        </div>
      </div>
    </article>
  );
}
