import { z } from "zod";
import { recordTimes } from "./record.ts";
import { CURRENCIES, fromCents } from "./money.ts";

import { PRODUCT_CATEGORIES } from "./product-categories.ts";

export { PRODUCT_CATEGORIES };

/**
 * A product's French texts (optional, each on its own): French pages show the English text,
 * marked `lang="en"`, where one is missing.
 */
export const productFrenchSchema = z.object({
  name: z.string().trim().max(200).optional(),
  description: z.string().trim().max(5000).optional(),
  features: z.array(z.string().trim().min(1).max(500)).max(50).optional(),
});
export type ProductFrench = z.infer<typeof productFrenchSchema>;

/** The French texts without empty ones; undefined when none is left. */
export function cleanFrench(fr: ProductFrench | undefined): ProductFrench | undefined {
  if (!fr) return undefined;
  const out: ProductFrench = {
    ...(fr.name ? { name: fr.name } : {}),
    ...(fr.description ? { description: fr.description } : {}),
    ...(fr.features?.length ? { features: fr.features } : {}),
  };
  return Object.keys(out).length ? out : undefined;
}

/** A product as stored in KV. Money in integer cents. */
export const productSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string().min(1),
  slug: z.string().min(1),
  name: z.string().trim().min(1).max(200),
  description: z.string().max(5000),
  priceCents: z.number().int().min(0),
  currency: z.enum(CURRENCIES),
  image: z.string().max(500),
  hoverImage: z.string().max(500).optional(),
  category: z.array(z.string().max(100)).max(20),
  features: z.array(z.string().max(500)).max(50),
  fr: productFrenchSchema.optional(),
  stock: z.number().int().min(0),
  isActive: z.boolean(),
  ...recordTimes,
});
export type Product = z.infer<typeof productSchema>;

/** What staff (or the seed) provide to create a product; price in euros. */
export const productInputSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(200),
  description: z.string().trim().max(5000).default(""),
  price: z.number().min(0).max(1_000_000),
  currency: z.enum(CURRENCIES).default("EUR"),
  image: z.string().trim().min(1, "Front image is required").max(500),
  hoverImage: z.string().trim().max(500).optional(),
  category: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  features: z.array(z.string().trim().min(1).max(500)).max(50).default([]),
  fr: productFrenchSchema.optional(),
  stock: z.number().int().min(0),
  isActive: z.boolean().default(true),
});
export type ProductInput = z.input<typeof productInputSchema>;

/** The Product shape of the public products call (spec section 3), plus slug and currency. */
export interface PublicProduct {
  _id: string;
  slug: string;
  name: string;
  description: string;
  price: number;
  currency: string;
  image: string;
  hoverImage?: string;
  category: string[];
  stock: number;
  features: string[];
  /** Its French texts, where staff wrote them. */
  fr?: ProductFrench;
}

export function toPublicProduct(p: Product, availableStock = p.stock): PublicProduct {
  return {
    _id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    price: fromCents(p.priceCents),
    currency: p.currency,
    image: p.image,
    ...(p.hoverImage ? { hoverImage: p.hoverImage } : {}),
    category: p.category,
    stock: Math.max(0, availableStock),
    features: p.features,
    ...(p.fr ? { fr: p.fr } : {}),
  };
}

/** The product as staff see it: the public shape plus what the shop hides. */
export function toAdminProduct(p: Product) {
  return { ...toPublicProduct(p), isActive: p.isActive, createdAt: p.createdAt };
}
export type AdminProduct = ReturnType<typeof toAdminProduct>;
