import { assertEquals } from "../_lib/assert.ts";
import { boardFacts, productJsonLd, summarize } from "../../src/domain/product-seo.ts";
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

Deno.test("[unit] product-seo: a long description is cut at a word with an ellipsis, never inside a word", () => {
  const text =
    "Une carte de commande de moteurs programmable en schémas-blocs, avec ses entrées analogiques, ses sorties PWM et son interface pour codeurs incrémentaux et absolus.";
  const cut = summarize(text);
  assertEquals(cut.length <= 160, true);
  assertEquals(cut.endsWith("…"), true);
  assertEquals(text.startsWith(cut.slice(0, -1)), true);
  assertEquals(text[cut.length - 1], " ", `cut at a word boundary: ${cut}`);
  assertEquals(summarize("Counts turns."), "Counts turns.");
});

Deno.test("[unit] product-seo: the Product's category is named as the page names it", () => {
  const ld = productJsonLd(kit, "https://shop.example", "Vectra", "fr", (c) => `${c} (fr)`);
  assertEquals(ld.category, "Sensors (fr)");
});
