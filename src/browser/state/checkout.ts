import { Store } from "./store.ts";

/** `/shop?checkout`: the shop opened with its checkout, where a product page's cart leads. */
export const CHECKOUT_QUERY = "checkout";

const asked = typeof location !== "undefined" && location.search === `?${CHECKOUT_QUERY}`;
// Once open, the address is the shop's again: a reload or a shared link shows the shop.
if (asked) history.replaceState(null, "", location.pathname);

/**
 * Opened by the cart drawer's 'Proceed to Checkout'; the checkout island shows its form then.
 * Open from the start on `/shop?checkout` (the cart is the saved one).
 */
export const checkoutOpen = new Store(asked);
