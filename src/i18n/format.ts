import { type Cents, formatGrouped, formatMoney as formatEnglishMoney } from "../domain/money.ts";
import { INTL_LOCALE, type Lang } from "./locales.ts";

/**
 * Every amount, date and count a visitor reads on a public page or in a mail, in the page's or
 * the order's language. English keeps the spec's formats ("€1,234.56"); French follows French
 * typography ("1 234,56 €", narrow no-break space between thousands, no-break space before €).
 * Formatters are made once: building one costs more than formatting with it.
 */
const frenchMoney = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: Cents, lang: Lang, currency = "EUR"): string {
  if (lang === "en") return formatEnglishMoney(cents, currency);
  let f = frenchMoney.get(currency);
  if (!f) {
    f = new Intl.NumberFormat(INTL_LOCALE.fr, { style: "currency", currency });
    frenchMoney.set(currency, f);
  }
  return f.format(cents / 100);
}

const frenchGrouped = new Intl.NumberFormat(INTL_LOCALE.fr, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An amount without its currency ("1,234.56" / "1 234,56"), for a fee shown with its code. */
export function formatAmount(cents: Cents, lang: Lang): string {
  return lang === "en" ? formatGrouped(cents) : frenchGrouped.format(cents / 100);
}

/** A count grouped as the language writes it: "5,000" / "5 000" (never broken across lines). */
export function formatCount(n: number, lang: Lang): string {
  return n.toLocaleString(INTL_LOCALE[lang]);
}

const dates = new Map<string, Intl.DateTimeFormat>();

/** "25 November 2026" / "25 novembre 2026", in the shop's time zone when given. */
export function formatDate(date: Date | string, lang: Lang, timeZone?: string): string {
  const key = `${lang}|${timeZone ?? ""}`;
  let f = dates.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE[lang], {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone,
    });
    dates.set(key, f);
  }
  return f.format(typeof date === "string" ? new Date(date) : date);
}

const plurals = { en: new Intl.PluralRules("en"), fr: new Intl.PluralRules("fr") };

/** One of two forms by the language's plural rule (French: 0 and 1 are singular). */
export function plural(n: number, lang: Lang, forms: { one: string; other: string }): string {
  return plurals[lang].select(n) === "one" ? forms.one : forms.other;
}
