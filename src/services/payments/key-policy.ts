import type { Config } from "../config.ts";

/**
 * Why the server must not start with these Stripe settings, or null when they are fine: a live
 * key only in production, and production only with a live key (never the offline sandbox,
 * never a test key). Checked before listening.
 */
export function stripeKeyProblem(config: Pick<Config, "shopEnv" | "stripe">): string | null {
  const key = config.stripe.secretKey;
  const live = key?.startsWith("sk_live_") || key?.startsWith("rk_live_");
  if (config.shopEnv === "production") {
    if (config.stripe.apiBase) return "STRIPE_API_BASE is for tests only: unset it in production.";
    if (!key) {
      return "SHOP_ENV=production needs STRIPE_SECRET_KEY (a live key): the sandbox takes no real payments.";
    }
    if (!live) {
      return "SHOP_ENV=production refuses a Stripe test key: set a live STRIPE_SECRET_KEY.";
    }
    if (config.stripe.publishableKey && !config.stripe.publishableKey.startsWith("pk_live_")) {
      return "SHOP_ENV=production refuses a test STRIPE_PUBLISHABLE_KEY: set the live one.";
    }
    return null;
  }
  if (live) {
    return "A live Stripe key is refused unless SHOP_ENV=production: use a test key (sk_test_...) here.";
  }
  if (key && !config.stripe.publishableKey) {
    return "STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY too: the card field uses it.";
  }
  return null;
}
