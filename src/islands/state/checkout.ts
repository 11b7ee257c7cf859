import { signal } from "@preact/signals";

/** Opened by the cart drawer's 'Proceed to Checkout'; the checkout island shows its form then. */
export const checkoutOpen = signal(false);
