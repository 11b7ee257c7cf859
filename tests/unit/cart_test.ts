import { assert, assertEquals } from "../_lib/assert.ts";
import {
  addItem,
  type CartState,
  cartTotal,
  clear,
  itemCount,
  parseStoredCart,
  refreshItems,
  removeItem,
  setSelectedCountry,
  setShippingFee,
  totalWithShipping,
  updateItemQuantity,
} from "../../src/domain/cart.ts";
import { overStockLines, stockNote } from "../../src/domain/cart-stock.ts";

const ENGLISH_STOCK = {
  outOfStock: "Out of stock",
  available: (count: number) => `Only ${count} available`,
};
import type { ShopProduct } from "../../src/domain/shop-product.ts";

function product(id: string, price: number, extra: Partial<ShopProduct> = {}): ShopProduct {
  return {
    id,
    slug: id,
    title: `Product ${id}`,
    description: "",
    price,
    images: { front: "/a.svg", back: "/a.svg" },
    category: "Modules",
    inStock: 5,
    features: ["one"],
    ...extra,
  };
}

const board = product("board", 600);
const cable = product("cable", 0.1);

Deno.test("[unit] cart: adding a product twice grows its line; default quantity is 1", () => {
  let cart = addItem(clear(), board);
  cart = addItem(cart, cable, 3);
  cart = addItem(cart, board);
  assertEquals(cart.items.map((i) => [i.id, i.quantity]), [["board", 2], ["cable", 3]]);
  assertEquals(itemCount(cart), 5);
});

Deno.test("[unit] cart: totals are exact to the cent and add the shipping fee when known", () => {
  let cart = addItem(addItem(clear(), board, 2), cable, 3);
  assertEquals(cartTotal(cart), 1200.3, "0.1 × 3 does not drift");
  assertEquals(totalWithShipping(cart), 1200.3, "no fee yet");
  cart = setShippingFee(cart, { country: "France", shippingFee: 9.9, currency: "EUR" });
  assertEquals(totalWithShipping(cart), 1210.2);
  cart = setShippingFee(cart, null);
  assertEquals(totalWithShipping(cart), 1200.3);
  assertEquals(cartTotal(clear()), 0);
});

Deno.test("[unit] cart: a quantity of zero or less removes the line; remove and clear", () => {
  let cart = addItem(addItem(clear(), board), cable);
  cart = updateItemQuantity(cart, "board", 4);
  assertEquals(cart.items[0].quantity, 4);
  assertEquals(updateItemQuantity(cart, "board", 0).items.map((i) => i.id), ["cable"]);
  assertEquals(updateItemQuantity(cart, "board", -2).items.map((i) => i.id), ["cable"]);
  assertEquals(updateItemQuantity(cart, "board", NaN).items.map((i) => i.id), ["cable"]);
  assertEquals(removeItem(cart, "cable").items.map((i) => i.id), ["board"]);
  cart = setSelectedCountry(cart, "France");
  assertEquals(clear(), { items: [], shippingFee: null, selectedCountry: "" });
  assertEquals(cart.selectedCountry, "France");
});

Deno.test("[unit] cart: the saved cart round-trips through parseStoredCart", () => {
  let cart = addItem(addItem(clear(), board, 2), cable);
  cart = setSelectedCountry(cart, "France");
  cart = setShippingFee(cart, { country: "France", shippingFee: 9.9, currency: "EUR" });
  assertEquals(parseStoredCart(JSON.stringify(cart)), cart);
});

Deno.test("[unit] cart: a corrupt or outdated saved cart is discarded, not thrown", () => {
  const good: CartState = addItem(clear(), board);
  const samples = [
    null,
    "",
    "{not json",
    "null",
    "42",
    "[]",
    JSON.stringify({ items: [{ id: "board", quantity: 1 }] }), // the old id-only format
    JSON.stringify({ ...good, items: [{ ...good.items[0], quantity: 0 }] }),
    JSON.stringify({ ...good, items: [{ ...good.items[0], price: "600" }] }),
    JSON.stringify({ ...good, items: [good.items[0], good.items[0]] }),
    JSON.stringify({ ...good, shippingFee: { country: "France" } }),
    JSON.stringify({ ...good, selectedCountry: undefined }),
  ];
  for (const raw of samples) assertEquals(parseStoredCart(raw), clear(), `for ${raw}`);
});

Deno.test("[unit] cart: refreshItems drops vanished products and takes current prices", () => {
  const cart = addItem(addItem(clear(), board, 2), cable);
  const unchanged = refreshItems(cart, [board, cable]);
  assert(!unchanged.changed);
  assert(unchanged.state === cart);
  const { state, changed } = refreshItems(cart, [product("board", 550)]);
  assert(changed);
  assertEquals(state.items.map((i) => [i.id, i.price, i.quantity]), [["board", 550, 2]]);
});

Deno.test("[unit] cart: an empty cart costs nothing, even with a country's fee chosen", () => {
  const fee = { country: "France", shippingFee: 9.9, currency: "EUR" };
  const empty = setShippingFee(setSelectedCountry(clear(), "France"), fee);
  assertEquals(totalWithShipping(empty), 0);
  assertEquals(totalWithShipping(addItem(empty, product("a", 10))), 19.9);
});

Deno.test("[unit] cart: a line over its stock is named at once, the quantity stays as asked", () => {
  const cart = updateItemQuantity(addItem(clear(), product("a", 10, { inStock: 15 })), "a", 999);
  assertEquals(cart.items[0].quantity, 999);
  assertEquals(overStockLines(cart).map((i) => i.id), ["a"]);
  assertEquals(stockNote(cart.items[0], ENGLISH_STOCK), "Only 15 available");
  const fits = updateItemQuantity(cart, "a", 15);
  assertEquals(overStockLines(fits), []);
  assertEquals(stockNote(fits.items[0], ENGLISH_STOCK), null);
  assertEquals(
    stockNote(addItem(clear(), product("b", 1, { inStock: 0 })).items[0], ENGLISH_STOCK),
    "Out of stock",
  );
});
