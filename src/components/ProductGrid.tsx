import type { ShopProduct } from "../domain/shop-product.ts";
import ProductCard from "./ProductCard.tsx";

/** The responsive grid: 1 to 4 columns at increasing widths. */
export default function ProductGrid({ products }: { products: ShopProduct[] }) {
  return (
    <ul
      class="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      data-testid="product-grid"
    >
      {products.map((p) => (
        <li key={p.id}>
          <ProductCard product={p} />
        </li>
      ))}
    </ul>
  );
}
