import { fromCents, toCents } from "./money.ts";
import type { ShopProduct } from "./shop-product.ts";

/** A cart line: the shop product plus the quantity (spec section 3, "Cart item"). */
export type CartItem = ShopProduct & { quantity: number };

export interface CartShippingFee {
  country: string;
  shippingFee: number;
  currency: string;
}

/** The cart as kept in localStorage under "cart" (spec section 3, "Cart state"). */
export interface CartState {
  items: CartItem[];
  shippingFee: CartShippingFee | null;
  selectedCountry: string;
}

export const EMPTY_CART: CartState = { items: [], shippingFee: null, selectedCountry: "" };

/** Adds `quantity` (default 1) of a product: an existing line grows, otherwise a line is added. */
export function addItem(state: CartState, product: ShopProduct, quantity = 1): CartState {
  const qty = Math.max(1, Math.floor(quantity) || 1);
  const existing = state.items.find((i) => i.id === product.id);
  const items = existing
    ? state.items.map((i) => i.id === product.id ? { ...i, quantity: i.quantity + qty } : i)
    : [...state.items, { ...product, quantity: qty }];
  return { ...state, items };
}

export function removeItem(state: CartState, id: string): CartState {
  return { ...state, items: state.items.filter((i) => i.id !== id) };
}

/** Sets a line's quantity; zero or less (or not a number) removes the line. */
export function updateItemQuantity(state: CartState, id: string, quantity: number): CartState {
  const qty = Math.floor(quantity);
  if (!(qty > 0)) return removeItem(state, id);
  return { ...state, items: state.items.map((i) => i.id === id ? { ...i, quantity: qty } : i) };
}

/** An empty cart (a fresh object every time, so callers may not share state by accident). */
export function clear(): CartState {
  return { ...EMPTY_CART, items: [] };
}

export function setShippingFee(state: CartState, fee: CartShippingFee | null): CartState {
  return { ...state, shippingFee: fee };
}

export function setSelectedCountry(state: CartState, country: string): CartState {
  return { ...state, selectedCountry: country };
}

/** Sum of price × quantity, in euros, computed in cents so it never drifts. */
export function cartTotal(state: CartState): number {
  return fromCents(state.items.reduce((sum, i) => sum + toCents(i.price) * i.quantity, 0));
}

export function itemCount(state: CartState): number {
  return state.items.reduce((n, i) => n + i.quantity, 0);
}

/** The cart total plus the shipping fee when one is known; nothing to ship costs nothing. */
export function totalWithShipping(state: CartState): number {
  const fee = state.shippingFee && state.items.length > 0
    ? toCents(state.shippingFee.shippingFee)
    : 0;
  return fromCents(toCents(cartTotal(state)) + fee);
}

/**
 * Brings the lines in line with the current catalogue: lines whose product is gone are dropped,
 * the others take the product's current fields (price, title, images, stock). `changed` tells
 * whether anything moved, so callers save only when needed.
 */
export function refreshItems(
  state: CartState,
  products: readonly ShopProduct[],
): { state: CartState; changed: boolean } {
  const byId = new Map(products.map((p) => [p.id, p]));
  let changed = false;
  const items: CartItem[] = [];
  for (const item of state.items) {
    const product = byId.get(item.id);
    if (!product) {
      changed = true;
      continue;
    }
    if (sameProduct(item, product)) {
      items.push(item);
    } else {
      changed = true;
      items.push({ ...product, quantity: item.quantity });
    }
  }
  return { state: changed ? { ...state, items } : state, changed };
}

function sameProduct(a: ShopProduct, b: ShopProduct): boolean {
  return a.slug === b.slug && a.title === b.title && a.description === b.description &&
    a.price === b.price && a.images.front === b.images.front && a.images.back === b.images.back &&
    a.category === b.category && a.inStock === b.inStock &&
    a.features.length === b.features.length && a.features.every((f, i) => f === b.features[i]);
}

const isString = (v: unknown): v is string => typeof v === "string";
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isAmount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

function parseItem(v: unknown): CartItem | null {
  if (!isRecord(v) || !isRecord(v.images)) return null;
  const { id, slug, title, description, price, images, category, inStock, features, quantity } = v;
  const { front, back } = images;
  const ok = isString(id) && id !== "" && isString(slug) && isString(title) &&
    isString(description) && isAmount(price) && isString(front) &&
    isString(back) && isString(category) && isAmount(inStock) &&
    Array.isArray(features) && features.every(isString) &&
    Number.isInteger(quantity) && (quantity as number) > 0;
  if (!ok) return null;
  return {
    id,
    slug,
    title,
    description,
    price,
    images: { front, back },
    category,
    inStock,
    features,
    quantity: quantity as number,
  };
}

function parseFee(v: unknown): CartShippingFee | null | undefined {
  if (v === null) return null;
  if (!isRecord(v) || !isString(v.country) || !isAmount(v.shippingFee) || !isString(v.currency)) {
    return undefined;
  }
  return { country: v.country, shippingFee: v.shippingFee, currency: v.currency };
}

/**
 * Reads the saved cart. Anything that is not a whole, current-shape cart (bad JSON, an older
 * format, a damaged line) is discarded for an empty cart: a half-trusted cart could show or
 * charge the wrong thing, and the visitor loses at most a few clicks.
 */
export function parseStoredCart(raw: string | null): CartState {
  if (!raw) return clear();
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return clear();
  }
  if (!isRecord(data) || !Array.isArray(data.items) || !isString(data.selectedCountry)) {
    return clear();
  }
  const items = data.items.map(parseItem);
  const shippingFee = parseFee(data.shippingFee);
  if (items.some((i) => i === null) || shippingFee === undefined) return clear();
  const ids = new Set(items.map((i) => i!.id));
  if (ids.size !== items.length) return clear();
  return { items: items as CartItem[], shippingFee, selectedCountry: data.selectedCountry };
}
