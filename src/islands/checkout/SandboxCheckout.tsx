import type { ComponentChildren } from "preact";
import Checkout from "../Checkout.tsx";
import { SandboxCardField } from "./sandbox-card-field.tsx";
import type { Lang } from "../../i18n/locales.ts";

/** The checkout island when the server uses the offline sandbox provider. */
export default function SandboxCheckout(
  { lang, regionCountries, children }: {
    lang: Lang;
    regionCountries: string[];
    children?: ComponentChildren;
  },
) {
  return (
    <Checkout
      lang={lang}
      regionCountries={regionCountries}
      cardField={(ref, lang) => <SandboxCardField fieldRef={ref} lang={lang} />}
    >
      {children}
    </Checkout>
  );
}

/**
 * The card field alone, for the quote page's "Pay by card" (src/islands/QuotePayment.tsx), which
 * imports this module when it shows the field: the field stays in this island's chunk, so the shop
 * loads no extra chunk for it; a short name, as it is spelled in the shop's bundle.
 */
export { SandboxCardField as Field };
