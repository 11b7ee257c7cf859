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

/**
 * Why a production start must not take orders on account: bank transfers are on (SELLER_IBAN
 * set) without the BIC, or the other way round. Null when both or neither are set.
 */
export function transferProblem(config: Pick<Config, "transfers" | "shopEnv">): string | null {
  if (config.shopEnv !== "production") return null;
  const { iban, bic } = config.transfers;
  if (iban && !bic) return "bank transfers need SELLER_BIC beside SELLER_IBAN";
  if (bic && !iban) return "bank transfers need SELLER_IBAN beside SELLER_BIC";
  return null;
}

/** The account printed for transfers: unset fields a loud placeholder (refused in production). */
export function bankAccountOf(config: Pick<Config, "transfers">) {
  return {
    iban: config.transfers.iban ?? sellerPlaceholder("SELLER_IBAN"),
    bic: config.transfers.bic ?? sellerPlaceholder("SELLER_BIC"),
  };
}
