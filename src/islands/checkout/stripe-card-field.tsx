import type { RefObject } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { Stripe as StripeJs, StripeCardElement } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import type { CardField } from "./card-field.ts";

/** Stripe Elements' card field; card data goes from this iframe to Stripe, never to us. */
export function StripeCardField(
  { fieldRef, publishableKey }: {
    fieldRef: RefObject<CardField | null>;
    publishableKey: string;
  },
) {
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<StripeJs | null>(null);
  const element = useRef<StripeCardElement | null>(null);
  const [loadError, setLoadError] = useState("");

  useEffect(() => {
    let cancelled = false;
    (async () => {
      // The "pure" entry loads Stripe.js only now, not as a side effect of importing.
      const s = await loadStripe(publishableKey);
      if (cancelled || !s || !mount.current) return;
      stripe.current = s;
      element.current = s.elements().create("card", { hidePostalCode: true });
      element.current.mount(mount.current);
    })().catch(() => setLoadError("The card form could not be loaded. Please try again later."));
    return () => {
      cancelled = true;
      element.current?.destroy();
    };
  }, [publishableKey]);

  fieldRef.current = {
    problem: () =>
      stripe.current && element.current ? null : loadError || "The card form is still loading.",
    async confirm(clientSecret, billing) {
      const result = await stripe.current!.confirmCardPayment(clientSecret, {
        payment_method: { card: element.current!, billing_details: billing },
      });
      if (result.error) {
        return {
          error: {
            code: result.error.code,
            decline_code: result.error.decline_code,
            message: result.error.message,
          },
        };
      }
      return { status: result.paymentIntent?.status };
    },
  };

  return (
    <div>
      <div ref={mount} class="rounded-md border border-gray-300 px-3 py-3" />
      {loadError && <p role="alert" class="mt-2 text-sm text-red-700">{loadError}</p>}
    </div>
  );
}
