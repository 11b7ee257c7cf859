import type { Messages } from "./en.ts";
import { chrome, header, newsletter, toasts } from "./fr/chrome.ts";
import { pages } from "./fr/pages.ts";
import { legal } from "./fr/legal.ts";
import { demoForm } from "./fr/forms.ts";
import { cart, shop, stock } from "./fr/shop.ts";
import { mail } from "./fr/mail.ts";
import { orders } from "./fr/orders.ts";
import { tax } from "./fr/tax.ts";
import { checkout, payment } from "./fr/checkout.ts";
import { about, demo, features, home, mbd, shared, videos } from "./fr/marketing.ts";

/**
 * The French catalogue, typed by the English one. French typography: a no-break space before
 * « : », a narrow no-break space before « ; ! ? », « guillemets » with no-break spaces inside,
 * the typographic apostrophe (’). tests/unit/i18n_test.ts checks the spaces.
 */
export const fr: Messages = {
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
