import Checkout from "../Checkout.tsx";
import { SandboxCardField } from "./sandbox-card-field.tsx";

/** The checkout island when the server uses the offline sandbox provider. */
export default function SandboxCheckout({ regionCountries }: { regionCountries: string[] }) {
  return (
    <Checkout
      regionCountries={regionCountries}
      cardField={(ref) => <SandboxCardField fieldRef={ref} />}
    />
  );
}
