import { formatAmount, toCents } from "./money.ts";
import type { PublicProduct } from "./product.ts";

/** A product's name and description in a language: French where staff wrote it. */
const texts = (p: PublicProduct, lang: "en" | "fr") => ({
  name: (lang === "fr" && p.fr?.name) || p.name,
  description: (lang === "fr" && p.fr?.description) || p.description,
});

/** The board facts Site.astro puts in every page's structured data, from the live catalogue. */
export function boardFacts(
  products: readonly PublicProduct[],
  boardName: string,
  lang: "en" | "fr" = "en",
) {
  const board = products.find((p) => p.name === boardName);
  return board && {
    ...texts(board, lang),
    price: board.price,
    image: board.image,
    inStock: board.stock > 0,
  };
}

/**
 * schema.org Product for a product page, in the page's language: price with 2 decimals,
 * currency, availability.
 */
export function productJsonLd(
  p: PublicProduct,
  siteUrl: string,
  brand: string,
  lang: "en" | "fr" = "en",
  /** The category as the page names it (the shop's French category names). */
  categoryName: (category: string) => string = (c) => c,
) {
  const url = `${siteUrl}${lang === "en" ? "" : `/${lang}`}/shop/${p.slug}`;
  const images = [p.image, p.hoverImage].filter(Boolean).map((i) => new URL(i!, siteUrl).href);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#product`,
    ...texts(p, lang),
    sku: p._id,
    url,
    ...(images.length ? { image: images } : {}),
    ...(p.category.length ? { category: categoryName(p.category[0]) } : {}),
    brand: { "@type": "Brand", name: brand },
    offers: {
      "@type": "Offer",
      url,
      price: formatAmount(toCents(p.price)),
      priceCurrency: p.currency,
      availability: `https://schema.org/${p.stock > 0 ? "InStock" : "OutOfStock"}`,
      seller: { "@id": `${siteUrl}/#organization` },
    },
  };
}

/**
 * A description cut to at most `max` characters for a meta description: at the last word
 * boundary that fits, with an ellipsis; never inside a word.
 */
export function summarize(text: string, max = 160): string {
  const plain = text.replace(/\s+/g, " ").trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max).replace(/\s+\S*$/, "").replace(/[\s,;:.!?\u2013\u2014-]+$/, "");
  return `${cut || plain.slice(0, max - 1)}…`;
}
