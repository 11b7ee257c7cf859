// The core only: Preact's signal integration (3 KB more) loads with the islands that render
// signals (state/cart.ts), not on every page for the header's badge.
import { computed, effect, signal } from "@preact/signals-core";
import { type CartState, clear, itemCount, parseStoredCart } from "../../domain/cart.ts";

/**
 * The cart shared by every island of a page (header badge, 'View Cart (n)', drawer, modal),
 * saved to localStorage under "cart" on every change and restored when this module loads.
 * On the server (where Deno also has a localStorage) it stays empty and is never saved.
 * The header, on every page, needs no more than this; what changes the cart is in cart.ts.
 */
const STORAGE_KEY = "cart";
const inBrowser = typeof document !== "undefined";

function readSaved(): CartState {
  try {
    return parseStoredCart(localStorage.getItem(STORAGE_KEY));
  } catch {
    return clear(); // storage blocked (privacy mode, sandboxed frame)
  }
}

export const cart = signal<CartState>(inBrowser ? readSaved() : clear());
export const cartCount = computed(() => itemCount(cart.value));

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
