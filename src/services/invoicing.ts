import { type Seller, SELLER_ENV, sellerPlaceholder } from "../domain/invoice.ts";
import type { Config } from "./config.ts";

/** The seller printed on documents: each unset field a loud placeholder (refused in production). */
export function sellerOf(config: Pick<Config, "seller">): Seller {
  return Object.fromEntries(
    Object.entries(SELLER_ENV).map(([field, env]) => [
      field,
      config.seller[field as keyof Seller] ?? sellerPlaceholder(env),
    ]),
  ) as Seller;
}

/** Why a production start must not issue invoices yet (seller fields unset), or null. */
export function sellerProblem(config: Pick<Config, "seller" | "shopEnv">): string | null {
  if (config.shopEnv !== "production") return null;
  const missing = Object.entries(SELLER_ENV)
    .filter(([field]) => !config.seller[field as keyof Seller])
    .map(([, env]) => env);
  return missing.length
    ? `invoices need the seller's legal identity: set ${missing.join(", ")}`
    : null;
}
