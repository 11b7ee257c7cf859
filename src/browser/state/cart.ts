import * as logic from "../../domain/cart.ts";
import type { CartShippingFee } from "../../domain/cart.ts";
import type { PublicProduct } from "../../domain/product.ts";
import { type ShopProduct, toShopProduct } from "../../domain/shop-product.ts";
import { changeCart } from "./cart-store.ts";
import { showToast } from "./toasts.ts";
import { pageLang, pageMessages } from "../../i18n/client.ts";
import { fill } from "../../i18n/fill.ts";

/** The cart itself (store, storage, count) is in cart-store.ts; this module changes it. */
export { cart, drawerAvailable, drawerOpen } from "./cart-store.ts";

export function addToCart(product: ShopProduct, quantity = 1) {
  changeCart((state) => logic.addItem(state, product, quantity));
  showToast(fill(pageMessages("shop", pageLang()).added, { title: product.title }), "success");
}

export function removeFromCart(id: string) {
  changeCart((state) => logic.removeItem(state, id));
  showToast(pageMessages("shop", pageLang()).removed, "info");
}

/** Zero or less removes the line (with the removal toast). */
export function updateQuantity(id: string, quantity: number) {
  if (!(Math.floor(quantity) > 0)) return removeFromCart(id);
  changeCart((state) => logic.updateItemQuantity(state, id, quantity));
}

export function clearCart() {
  changeCart(() => logic.clear());
}

export function setShippingFee(fee: CartShippingFee | null) {
  changeCart((state) => logic.setShippingFee(state, fee));
}

export function setSelectedCountry(country: string) {
  changeCart((state) => logic.setSelectedCountry(state, country));
}

/** Refreshes the lines from a current product list (drops vanished products, new prices). */
export function refreshCartFrom(products: readonly ShopProduct[]) {
  changeCart((state) => logic.refreshItems(state, products).state);
}

/**
 * Fetches the public catalogue and refreshes the lines from it, in the page's language;
 * returns the products.
 */
export async function refreshCartFromApi(): Promise<ShopProduct[]> {
  const res = await fetch("/api/public/products", { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`GET /api/public/products: ${res.status}`);
  const lang = pageLang();
  const products = (await res.json() as PublicProduct[]).map((p) => toShopProduct(p, lang));
  refreshCartFrom(products);
  return products;
}
