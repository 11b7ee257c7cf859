import Checkout from "../Checkout.tsx";
import { StripeCardField } from "./stripe-card-field.tsx";

/** The checkout island when the server uses Stripe: the card is Stripe Elements' field. */
export default function StripeCheckout(
  { publishableKey, regionCountries }: { publishableKey: string; regionCountries: string[] },
) {
  return (
    <Checkout
      regionCountries={regionCountries}
      cardField={(ref) => <StripeCardField fieldRef={ref} publishableKey={publishableKey} />}
    />
  );
}
