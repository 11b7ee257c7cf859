import { formatMoney, toCents } from "../domain/money.ts";
import type { ShopProduct } from "../domain/shop-product.ts";

/** A product card as the server renders it: image (back image on hover), title, price, 2 features. */
export default function ProductCard({ product }: { product: ShopProduct }) {
  return (
    <article
      class="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-product-id={product.id}
    >
      <a
        href={`/shop/${product.slug}`}
        class="relative block aspect-[4/3] overflow-hidden bg-slate-50"
      >
        <img
          src={product.images.front}
          alt={product.title}
          width="400"
          height="300"
          loading="lazy"
          decoding="async"
          class="h-full w-full object-contain p-4 transition-transform duration-300 group-hover:scale-150"
        />
      </a>
      <div class="flex flex-1 flex-col gap-3 p-5">
        <p class="text-xs font-semibold uppercase tracking-wide text-brand-600">
          {product.category}
        </p>
        <h2 class="text-lg font-semibold leading-snug">
          <a href={`/shop/${product.slug}`} class="hover:text-brand-600">{product.title}</a>
        </h2>
        <p class="text-xl font-bold">{formatMoney(toCents(product.price))}</p>
        <ul class="list-disc space-y-1 pl-5 text-sm text-slate-600">
          {product.features.slice(0, 2).map((f) => <li key={f}>{f}</li>)}
        </ul>
        {product.inStock === 0 && <p class="text-sm font-medium text-red-700">Out of stock</p>}
      </div>
    </article>
  );
}
