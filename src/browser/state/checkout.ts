import { Store } from "./store.ts";

/** Opened by the cart drawer's 'Proceed to Checkout'; the checkout island shows its form then. */
export const checkoutOpen = new Store(false);
