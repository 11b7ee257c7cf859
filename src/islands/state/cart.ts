import { computed, signal } from "@preact/signals";

/** Cart state shared by every island of a page; persisted in localStorage under "cart". */
export interface CartLine {
  id: string;
  quantity: number;
}

const STORAGE_KEY = "cart";

function restore(): CartLine[] {
  if (typeof localStorage === "undefined") return [];
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null");
    return Array.isArray(saved?.items)
      ? saved.items.filter((i: CartLine) =>
        typeof i?.id === "string" && Number.isInteger(i.quantity)
      )
      : [];
  } catch {
    return [];
  }
}

export const cartItems = signal<CartLine[]>(restore());
export const cartCount = computed(() => cartItems.value.reduce((n, i) => n + i.quantity, 0));

/** Set by the cart drawer when it is on the page; the header opens it instead of going to /shop. */
export const drawerAvailable = signal(false);
export const drawerOpen = signal(false);
