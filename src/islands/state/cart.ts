import { computed, effect, signal } from "@preact/signals";
import * as logic from "../../domain/cart.ts";
import type { CartShippingFee, CartState } from "../../domain/cart.ts";
import type { PublicProduct } from "../../domain/product.ts";
import { type ShopProduct, toShopProduct } from "../../domain/shop-product.ts";
import { showToast } from "./toasts.ts";

/**
 * The cart shared by every island of a page (header badge, 'View Cart (n)', drawer, modal),
 * saved to localStorage under "cart" on every change and restored when this module loads.
 * On the server (where Deno also has a localStorage) it stays empty and is never saved.
 */
const STORAGE_KEY = "cart";
const inBrowser = typeof document !== "undefined";

function readSaved(): CartState {
  try {
    return logic.parseStoredCart(localStorage.getItem(STORAGE_KEY));
  } catch {
    return logic.clear(); // storage blocked (privacy mode, sandboxed frame)
  }
}

export const cart = signal<CartState>(inBrowser ? readSaved() : logic.clear());
export const cartItems = computed(() => cart.value.items);
export const cartCount = computed(() => logic.itemCount(cart.value));
export const cartTotal = computed(() => logic.cartTotal(cart.value));
export const totalWithShipping = computed(() => logic.totalWithShipping(cart.value));

/** Set by the cart drawer when it is on the page; the header opens it instead of going to /shop. */
export const drawerAvailable = signal(false);
export const drawerOpen = signal(false);

if (inBrowser) {
  effect(() => {
    const json = JSON.stringify(cart.value);
    try {
      if (localStorage.getItem(STORAGE_KEY) !== json) localStorage.setItem(STORAGE_KEY, json);
    } catch {
      // Full or blocked storage: the cart still works for this page view.
    }
  });
  // Another tab changed the cart: follow it, so both tabs show (and save) the same cart.
  addEventListener("storage", (e) => {
    if (e.key === STORAGE_KEY || e.key === null) cart.value = readSaved();
  });
}

export function addToCart(product: ShopProduct, quantity = 1) {
  cart.value = logic.addItem(cart.value, product, quantity);
  showToast(`${product.title} added to cart!`, "success");
}

export function removeFromCart(id: string) {
  cart.value = logic.removeItem(cart.value, id);
  showToast("Item removed from cart", "info");
}

/** Zero or less removes the line (with the removal toast). */
export function updateQuantity(id: string, quantity: number) {
  if (!(Math.floor(quantity) > 0)) return removeFromCart(id);
  cart.value = logic.updateItemQuantity(cart.value, id, quantity);
}

export function clearCart() {
  cart.value = logic.clear();
}

export function setShippingFee(fee: CartShippingFee | null) {
  cart.value = logic.setShippingFee(cart.value, fee);
}

export function setSelectedCountry(country: string) {
  cart.value = logic.setSelectedCountry(cart.value, country);
}

/** Refreshes the lines from a current product list (drops vanished products, new prices). */
export function refreshCartFrom(products: readonly ShopProduct[]) {
  const { state, changed } = logic.refreshItems(cart.value, products);
  if (changed) cart.value = state;
}

/** Fetches the public catalogue and refreshes the lines from it; returns the products. */
export async function refreshCartFromApi(): Promise<ShopProduct[]> {
  const res = await fetch("/api/public/products", { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`GET /api/public/products: ${res.status}`);
  const products = (await res.json() as PublicProduct[]).map(toShopProduct);
  refreshCartFrom(products);
  return products;
}
