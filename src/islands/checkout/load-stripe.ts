import type { Stripe, StripeConstructor } from "@stripe/stripe-js";

/**
 * Stripe.js as @stripe/stripe-js 10 loads it (the "endive" release its types describe), from the
 * host the CSP's script-src allows. Our own few lines instead of the package's loader (1.2 KB
 * gzip less on /shop): the package stays for its types only.
 */
const STRIPE_JS = "https://js.stripe.com/endive/stripe.js";

let loading: Promise<StripeConstructor> | null = null;

/** What Stripe.js defines once it has run. */
const loaded = () => (globalThis as { Stripe?: StripeConstructor }).Stripe;

/**
 * Adds Stripe.js's script to the page and waits for `window.Stripe`. Its failures carry no text:
 * no one reads it (the card field says "could not load" in the page's language), and the shop's
 * JavaScript budget has no bytes for it.
 */
function inject(): Promise<StripeConstructor> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = STRIPE_JS;
    script.onload = () => {
      const Stripe = loaded();
      if (Stripe) resolve(Stripe);
      else reject(new Error());
    };
    script.onerror = () => {
      script.remove();
      reject(new Error());
    };
    document.head.append(script);
  });
}

/**
 * Stripe for `publishableKey`, loading Stripe.js on the first call only (not on import), as the
 * package's "pure" entry did: a failed load is tried once more at once, and again at the next call.
 */
export function loadStripe(publishableKey: string): Promise<Stripe> {
  const ready = loaded();
  loading ??= (ready ? Promise.resolve(ready) : inject().catch(inject))
    .catch((error) => {
      loading = null;
      throw error;
    });
  return loading.then((Stripe) => Stripe(publishableKey));
}
