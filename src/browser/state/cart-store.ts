import { type CartState, clear, itemCount, newerCart, parseStoredCart } from "../../domain/cart.ts";
import { Store } from "./store.ts";

/**
 * The cart shared by everything on a page (header badge, 'View Cart (n)', drawer, checkout),
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

export const cart = new Store<CartState>(inBrowser ? readSaved() : clear());

/** The number of units in the cart (the header's badge). */
export const cartCount = (): number => itemCount(cart.value);

/** Set by the cart drawer when it is on the page; the header opens it instead of going to /shop. */
export const drawerAvailable = new Store(false);
export const drawerOpen = new Store(false);

/**
 * Changes the cart: `change` is applied to the newest cart there is, this tab's or the one saved
 * by another tab whose change has not reached this one yet (a storage event comes later), then
 * stamped with the time and saved. A tab holding an older cart wrote it back over a fresh choice:
 * France chosen in one tab was gone again, and 'Proceed to Checkout' stayed disabled.
 */
export function changeCart(change: (state: CartState) => CartState) {
  const saved = inBrowser ? readSaved() : cart.value;
  const base = newerCart(saved, cart.value) ? saved : cart.value;
  const next = change(base);
  cart.value = next === base
    ? base
    : { ...next, updatedAt: Math.max(Date.now(), base.updatedAt + 1) };
}

/** Saves `state` unless the saved cart is a later change (its tab's event will bring it here). */
function save(state: CartState) {
  const json = JSON.stringify(state);
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (raw !== json && !newerCart(parseStoredCart(raw), state)) {
      localStorage.setItem(STORAGE_KEY, json);
    }
  } catch {
    // Full or blocked storage: the cart still works for this page view.
  }
}

if (inBrowser) {
  save(cart.value); // what was restored, normalized (an unreadable cart is saved empty)
  cart.subscribe(save);
  // Another tab saved the cart: the later change wins, in both tabs.
  addEventListener("storage", (e) => {
    if (e.key !== STORAGE_KEY && e.key !== null) return;
    const saved = readSaved();
    if (newerCart(saved, cart.value)) cart.value = saved;
    else save(cart.value);
  });
}
