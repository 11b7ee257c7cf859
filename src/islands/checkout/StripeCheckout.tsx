import type { ComponentChildren } from "preact";
import Checkout from "../Checkout.tsx";
import { StripeCardField } from "./stripe-card-field.tsx";
import type { Lang } from "../../i18n/locales.ts";

/** The checkout island when the server uses Stripe: the card is Stripe Elements' field. */
export default function StripeCheckout(
  { lang, publishableKey, regionCountries, children }: {
    lang: Lang;
    publishableKey: string;
    regionCountries: string[];
    children?: ComponentChildren;
  },
) {
  return (
    <Checkout
      lang={lang}
      regionCountries={regionCountries}
      bankTransfer
      cardField={(ref, lang) => (
        <StripeCardField fieldRef={ref} publishableKey={publishableKey} lang={lang} />
      )}
    >
      {children}
    </Checkout>
  );
}

/** The card field alone, for the quote page's "Pay by card" (see SandboxCheckout.tsx). */
export { StripeCardField as Field };
