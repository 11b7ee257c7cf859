import type { RefObject } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { Stripe as StripeJs, StripeCardElement } from "@stripe/stripe-js";
import type { CardField } from "./card-field.ts";
import { loadStripe } from "./load-stripe.ts";
import { pageMessages } from "../../i18n/client.ts";
import type { Lang } from "../../i18n/locales.ts";

/** Stripe Elements' card field; card data goes from this iframe to Stripe, never to us. */
export function StripeCardField(
  { fieldRef, publishableKey, lang }: {
    fieldRef: RefObject<CardField | null>;
    publishableKey: string;
    lang: Lang;
  },
) {
  const t = pageMessages("checkout", lang);
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<StripeJs | null>(null);
  const element = useRef<StripeCardElement | null>(null);
  const [loadError, setLoadError] = useState("");

  useEffect(() => {
    let cancelled = false;
    (async () => {
      // Stripe.js loads only now, when the card field is first shown.
      const s = await loadStripe(publishableKey);
      if (cancelled || !s || !mount.current) return;
      stripe.current = s;
      // Stripe's field speaks the page's language (its own words and card errors).
      element.current = s.elements({ locale: lang }).create("card", { hidePostalCode: true });
      element.current.mount(mount.current);
    })().catch(() => setLoadError(t.stripeLoadFailed));
    return () => {
      cancelled = true;
      element.current?.destroy();
    };
  }, [publishableKey]);

  fieldRef.current = {
    problem: () => stripe.current && element.current ? null : loadError || t.stripeLoading,
    async confirm(clientSecret, billing) {
      const { error, paymentIntent } = await stripe.current!.confirmCardPayment(clientSecret, {
        payment_method: { card: element.current!, billing_details: billing },
      });
      // Stripe's error as it comes: the checkout reads its code, decline code and message.
      return error ? { error } : { status: paymentIntent?.status };
    },
  };

  return (
    <div>
      <div ref={mount} class="rounded-md border border-gray-300 px-3 py-3" />
      {loadError && <p role="alert" class="mt-2 text-sm text-red-700">{loadError}</p>}
    </div>
  );
}
