import { assertEquals } from "../_lib/assert.ts";
import { boardFacts, productJsonLd } from "../../src/domain/product-seo.ts";
import type { PublicProduct } from "../../src/domain/product.ts";

const kit: PublicProduct = {
  _id: "p1",
  slug: "encoder-kit",
  name: "Encoder Kit",
  description: "Counts turns.",
  price: 39.5,
  currency: "EUR",
  image: "/images/products/encoder-kit.svg",
  category: ["Sensors"],
  stock: 0,
  features: [],
};

Deno.test("[unit] product-seo: a product page's Product offer has price, currency, availability", () => {
  const ld = productJsonLd(kit, "https://shop.example", "Vectra");
  assertEquals(ld["@type"], "Product");
  assertEquals(ld.url, "https://shop.example/shop/encoder-kit");
  assertEquals(ld.image, ["https://shop.example/images/products/encoder-kit.svg"]);
  assertEquals(ld.offers.price, "39.50");
  assertEquals(ld.offers.priceCurrency, "EUR");
  assertEquals(ld.offers.availability, "https://schema.org/OutOfStock");
  const inStock = productJsonLd({ ...kit, stock: 3 }, "https://shop.example", "Vectra");
  assertEquals(inStock.offers.availability, "https://schema.org/InStock");
});

Deno.test("[unit] product-seo: board facts come from the live catalogue when the board is in it", () => {
  assertEquals(boardFacts([kit], "Vectra DSP Board"), undefined);
  const board = { ...kit, name: "Vectra DSP Board", price: 600, stock: 4 };
  assertEquals(boardFacts([kit, board], "Vectra DSP Board")?.inStock, true);
  assertEquals(boardFacts([kit, board], "Vectra DSP Board")?.price, 600);
});
