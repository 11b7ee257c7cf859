import { computed, effect, signal } from "@preact/signals";
import type { ShopProduct } from "../../domain/shop-product.ts";

/*
 * Minimal stand-in for the cart signals of the shop issue (built in parallel), with the same
 * contract: `cart` (CartState, persisted in localStorage under "cart"), `clearCart()`,
 * `drawerOpen`. The shop branch's version replaces this file when merged.
 */
export type CartItem = ShopProduct & { quantity: number };
export interface CartState {
  items: CartItem[];
  shippingFee: { country: string; shippingFee: number; currency: string } | null;
  selectedCountry: string;
}

const STORAGE_KEY = "cart";
const inBrowser = typeof document !== "undefined";
const empty = (): CartState => ({ items: [], shippingFee: null, selectedCountry: "" });

function restore(): CartState {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null");
    return saved && Array.isArray(saved.items) ? { ...empty(), ...saved } : empty();
  } catch {
    return empty();
  }
}

export const cart = signal<CartState>(inBrowser ? restore() : empty());
export const cartItems = computed(() => cart.value.items);
export const cartCount = computed(() => cart.value.items.reduce((n, i) => n + i.quantity, 0));

/** Set by the cart drawer when it is on the page; the header opens it instead of going to /shop. */
export const drawerAvailable = signal(false);
export const drawerOpen = signal(false);

if (inBrowser) {
  effect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(cart.value));
    } catch {
      // blocked storage: the cart still works for this page view
    }
  });
}

export function clearCart() {
  cart.value = empty();
}
