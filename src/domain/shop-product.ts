import type { PublicProduct } from "./product.ts";

export const PLACEHOLDER_IMAGE = "/images/products/placeholder.svg";

/** The shop's view of a product (spec section 3: the mapping of the public Product). */
export interface ShopProduct {
  id: string;
  slug: string;
  title: string;
  description: string;
  price: number;
  images: { front: string; back: string };
  category: string;
  /** Units in stock (missing counts as 0). */
  inStock: number;
  features: string[];
}

type Loose = Partial<PublicProduct> & Pick<PublicProduct, "_id">;

export function toShopProduct(p: Loose): ShopProduct {
  const front = p.image || PLACEHOLDER_IMAGE;
  return {
    id: p._id,
    slug: p.slug ?? p._id,
    title: p.name ?? "",
    description: p.description ?? "",
    price: typeof p.price === "number" ? p.price : 0,
    images: { front, back: p.hoverImage || front },
    category: p.category?.[0] ?? "Other",
    inStock: typeof p.stock === "number" && p.stock > 0 ? p.stock : 0,
    features: Array.isArray(p.features) ? p.features : [],
  };
}
