import { type CartState, clear, itemCount, parseStoredCart } from "../../domain/cart.ts";
import { Store } from "./store.ts";

/**
 * The cart shared by everything on a page (header badge, 'View Cart (n)', drawer, checkout),
 * saved to localStorage under "cart" on every change and restored when this module loads.
 * On the server (where Deno also has a localStorage) it stays empty and is never saved.
 * The header, on every page, needs no more than this; what changes the cart is in cart.ts.
 */
const STORAGE_KEY = "cart";
const inBrowser = typeof document !== "undefined";
/** The saved cart as this tab last read or wrote it: another value was saved by another tab. */
let seen: string | null = null;

function readSaved(): CartState {
  try {
    return parseStoredCart(seen = localStorage.getItem(STORAGE_KEY));
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
 * Changes the cart, applying `change` to the newest one: when another tab has saved the cart since
 * this tab last read or wrote it (its storage event may not have arrived yet), to that one. A tab
 * holding an older cart wrote it back over a fresh choice: France chosen in one tab was gone
 * again, and 'Proceed to Checkout' stayed disabled. The saved shape stays the spec's.
 */
export function changeCart(change: (state: CartState) => CartState) {
  let base = cart.value;
  try {
    if (localStorage.getItem(STORAGE_KEY) !== seen) base = readSaved();
  } catch {
    // Storage blocked: this tab's cart is the only one.
  }
  cart.value = change(base);
}

function save(state: CartState) {
  const json = JSON.stringify(state);
  try {
    if (localStorage.getItem(STORAGE_KEY) !== json) localStorage.setItem(STORAGE_KEY, json);
    seen = json;
  } catch {
    // Full or blocked storage: the cart still works for this page view.
  }
}

if (inBrowser) {
  save(cart.value); // what was restored, normalized (an unreadable cart is saved empty)
  cart.subscribe(save);
  // Another tab changed the cart: follow it, so both tabs show (and save) the same cart.
  addEventListener("storage", (e) => {
    if (e.key === STORAGE_KEY || e.key === null) cart.value = readSaved();
  });
}
