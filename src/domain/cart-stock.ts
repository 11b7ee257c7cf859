import type { CartItem, CartState } from "./cart.ts";

// Apart from cart.ts: only the drawer needs these, and cart.ts is in every page's JavaScript.

/**
 * Lines asking for more than the shop has (stock as last fetched): the buyer is told at once,
 * not after the card form. The quantity itself stays unbounded, as the spec says.
 */
export function overStockLines(state: CartState): CartItem[] {
  return state.items.filter((i) => i.quantity > i.inStock);
}

/** How a stock note is said, in the page's language (the drawer gives its catalogue's words). */
export interface StockWords {
  outOfStock: string;
  available: (count: number) => string;
}

/** "Only 15 available" (or "Out of stock") for a line over its stock, else null. */
export function stockNote(item: CartItem, words: StockWords): string | null {
  if (item.quantity <= item.inStock) return null;
  return item.inStock === 0 ? words.outOfStock : words.available(item.inStock);
}
