import { chrome, header, newsletter, toasts } from "./en/chrome.ts";
import { pages } from "./en/pages.ts";
import { legal } from "./en/legal.ts";
import { demoForm } from "./en/forms.ts";
import { cart, shop, stock } from "./en/shop.ts";
import { mail } from "./en/mail.ts";
import { orders } from "./en/orders.ts";
import { tax } from "./en/tax.ts";
import { checkout, payment } from "./en/checkout.ts";
import { about, demo, features, home, mbd, shared, videos } from "./en/marketing.ts";

/**
 * The English catalogue: every visible string, `aria` text and message of the public site, by
 * section. Its shape is the type of every other language's catalogue (src/i18n/messages/fr.ts):
 * a key missing there, or one too many, fails `deno task check`, and tests/unit/i18n_test.ts
 * compares the two at run time too (array lengths, placeholders). Strings take `{name}`
 * placeholders (src/i18n/fill.ts); sections rendered only on the server may be functions of the
 * site's name.
 */
export const en = {
  chrome,
  header,
  newsletter,
  toasts,
  pages,
  home,
  shared,
  features,
  demo,
  about,
  mbd,
  videos,
  legal,
  demoForm,
  shop,
  stock,
  cart,
  mail,
  orders,
  tax,
  checkout,
  payment,
};

/** A catalogue's shape: the English one's, each string any string. */
type Widen<T> = T extends string ? string
  : T extends (...args: infer A) => infer R ? (...args: A) => Widen<R>
  : T extends readonly (infer U)[] ? Widen<U>[]
  : { [K in keyof T]: Widen<T[K]> };

export type Messages = Widen<typeof en>;
