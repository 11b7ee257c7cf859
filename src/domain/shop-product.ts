import type { PublicProduct } from "./product.ts";

export const PLACEHOLDER_IMAGE = "/images/products/placeholder.svg";

/** The texts of a product a page may show in English while the page is in French. */
export type ProductText = "title" | "description" | "features";

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
  /** On a French page, the texts shown in English because staff wrote no French one. */
  en?: ProductText[];
}

type Loose = Partial<PublicProduct> & Pick<PublicProduct, "_id">;

/**
 * The shop's product in the page's language: French texts where staff wrote them, else the
 * English ones, listed in `en` so that the page marks them `lang="en"`.
 */
export function toShopProduct(p: Loose, lang: "en" | "fr" = "en"): ShopProduct {
  const front = p.image || PLACEHOLDER_IMAGE;
  const fr = lang === "fr" ? p.fr ?? {} : undefined;
  const en: ProductText[] = [];
  const pick = <T>(key: ProductText, french: T | undefined, english: T): T => {
    if (!fr || french !== undefined) return french ?? english;
    en.push(key);
    return english;
  };
  const features = Array.isArray(p.features) ? p.features : [];
  return {
    id: p._id,
    slug: p.slug ?? p._id,
    title: pick("title", fr?.name, p.name ?? ""),
    description: pick("description", fr?.description, p.description ?? ""),
    price: typeof p.price === "number" ? p.price : 0,
    images: { front, back: p.hoverImage || front },
    category: p.category?.[0] ?? "Other",
    inStock: typeof p.stock === "number" && p.stock > 0 ? p.stock : 0,
    features: pick("features", fr?.features, features),
    ...(en.length ? { en } : {}),
  };
}

/** `lang="en"` for a text shown in English on a French page, else nothing. */
export function textLang(product: ShopProduct, text: ProductText): "en" | undefined {
  return product.en?.includes(text) ? "en" : undefined;
}
