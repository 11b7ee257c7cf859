import type { FindMailWords, OrderMailWords } from "../domain/order-mails.ts";
import { countryIn } from "../domain/country-code.ts";
import { messagesFor } from "./catalog.ts";
import { taxWords } from "./tax-words.ts";
import { fill } from "./fill.ts";
import { formatDate, formatMoney } from "./format.ts";
import { type Lang, localePath } from "./locales.ts";
import { termsVersionPath, WITHDRAWAL_FORM_PATH } from "../domain/terms.ts";

/** The "Find my orders" mail's words in a language, from its catalogue. */
export function findMailWords(lang: Lang): FindMailWords {
  const t = messagesFor(lang).mail;
  return {
    lang,
    subject: (site) => fill(t.findSubject, { site }),
    hello: t.findHello,
    text: t.findText,
    ignore: t.findIgnore,
    line: (n, date, url) => fill(t.findLine, { n, date, url }),
  };
}

/**
 * Countries as the mails name them, by language and name: `countryIn` makes an
 * `Intl.DisplayNames` for each name (the islands share it, so it stays small), and every order's
 * confirmation mail names two: 2% of a launch's CPU. Bounded: staff type countries too.
 */
const countryNames = new Map<string, string>();
const COUNTRY_NAMES_KEPT = 1000;
function countryName(country: string, lang: Lang): string {
  const key = `${lang}|${country}`;
  let name = countryNames.get(key);
  if (name === undefined) {
    name = countryIn(country, lang);
    if (countryNames.size < COUNTRY_NAMES_KEPT) countryNames.set(key, name);
  }
  return name;
}

/** Made once per language: every order's two mails ask for them. */
const wordsByLang = new Map<Lang, OrderMailWords>();

/** The order mails' words in a language, from its catalogue (with its money format). */
export function mailWords(lang: Lang): OrderMailWords {
  let words = wordsByLang.get(lang);
  if (!words) wordsByLang.set(lang, words = orderMailWords(lang));
  return words;
}

function orderMailWords(lang: Lang): OrderMailWords {
  const t = messagesFor(lang).mail;
  const said = (subject: string, heading: string, text: string) => ({
    subject: (n: string) => fill(subject, { n }),
    heading,
    text: (n: string) => fill(text, { n }),
  });
  return {
    lang,
    money: (cents) => formatMoney(cents, lang),
    hello: (name) => fill(t.hello, { name }),
    line: (quantity, title, each, amount) => fill(t.line, { quantity, title, each, amount }),
    subtotal: t.subtotal,
    shipping: (country) => fill(t.shipping, { country }),
    country: (country) => countryName(country, lang),
    total: t.total,
    vat: (rate) => fill(t.vat, { rate }),
    fact: (label, value) => fill(t.fact, { label, value }),
    orderNumber: t.orderNumber,
    shippingAddress: t.shippingAddress,
    follow: t.follow,
    button: t.button,
    tax: taxWords(messagesFor(lang).tax, lang),
    yourOrder: t.yourOrder,
    deliveryAddress: t.deliveryAddress,
    confirmed: said(t.confirmedSubject, t.confirmedHeading, t.confirmedText),
    soldOut: said(t.soldOutSubject, t.soldOutHeading, t.soldOutText),
    shipped: said(t.shippedSubject, t.shippedHeading, t.shippedText),
    carrier: t.carrier,
    tracking: t.tracking,
    track: t.track,
    delivered: said(t.deliveredSubject, t.deliveredHeading, t.deliveredText),
    cancelled: said(t.cancelledSubject, t.cancelledHeading, t.cancelledText),
    cancelMoney: {
      refunded: (amount) => fill(t.cancelRefundedText, { amount }),
      kept: (amount) => fill(t.cancelKeptText, { amount }),
      unpaid: t.cancelUnpaidText,
    },
    refunded: {
      subject: (n) => fill(t.refundedSubject, { n }),
      heading: t.refundedHeading,
      text: (amount, n) => fill(t.refundedText, { amount, n }),
    },
    findOrders: { label: t.findOrders, path: localePath(lang, "/orders") },
    legal: {
      terms: (version) => ({
        label: fill(t.termsAccepted, { date: formatDate(`${version}T12:00:00Z`, lang, "UTC") }),
        path: localePath(lang, termsVersionPath(version)),
      }),
      attached: t.termsPdf,
      withdrawalInfo: t.withdrawalInfo,
      withdrawalForm: { label: t.withdrawalForm, path: localePath(lang, WITHDRAWAL_FORM_PATH) },
    },
    withdrawal: {
      subject: (n) => fill(t.withdrawalSubject, { n }),
      heading: t.withdrawalHeading,
      text: (date, n) => fill(t.withdrawalText, { date, n }),
      returnTo: (address) => fill(t.withdrawalReturn, { address }),
    },
    paid: {
      subject: (n) => fill(t.paidSubject, { n }),
      heading: t.paidHeading,
      text: (n, invoice) => fill(t.paidText, { n, invoice }),
    },
    creditNote: t.creditNote,
    vatRefunded: t.vatRefunded,
  };
}
