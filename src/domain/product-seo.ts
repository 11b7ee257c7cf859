import { formatAmount, toCents } from "./money.ts";
import type { PublicProduct } from "./product.ts";

/** The board facts Site.astro puts in every page's structured data, from the live catalogue. */
export function boardFacts(products: readonly PublicProduct[], boardName: string) {
  const board = products.find((p) => p.name === boardName);
  return board && {
    name: board.name,
    description: board.description,
    price: board.price,
    image: board.image,
    inStock: board.stock > 0,
  };
}

/** schema.org Product for a product page: price with 2 decimals, currency, availability. */
export function productJsonLd(p: PublicProduct, siteUrl: string, brand: string) {
  const url = `${siteUrl}/shop/${p.slug}`;
  const images = [p.image, p.hoverImage].filter(Boolean).map((i) => new URL(i!, siteUrl).href);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#product`,
    name: p.name,
    description: p.description,
    sku: p._id,
    url,
    ...(images.length ? { image: images } : {}),
    ...(p.category.length ? { category: p.category[0] } : {}),
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
