import { countryIn } from "../domain/country-code.ts";
import type { FieldError } from "../domain/errors.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { fill } from "../i18n/fill.ts";
import { formatMoney } from "../i18n/format.ts";
import type { Lang } from "../i18n/locales.ts";

type Key = keyof ReturnType<typeof messagesFor>["apiErrors"];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The English templates as patterns, the longest first: "Not enough stock for {name}: it sold
 * out..." must be read as that message, not as a product named "...: it sold out...".
 */
const PATTERNS = Object.entries(messagesFor("en").apiErrors)
  .sort(([, a], [, b]) => b.length - a.length)
  .map(([key, template]) => ({
    key: key as Key,
    pattern: new RegExp(
      `^${
        template.split(/(\{\w+\})/).map((part) =>
          /^\{\w+\}$/.test(part) ? `(?<${part.slice(1, -1)}>.+?)` : escape(part)
        ).join("")
      }$`,
      "s",
    ),
  }));

/** "€1,234.56" (the domain's English amount) in `lang`'s money format. */
function money(english: string, lang: Lang): string {
  const m = /^(-?)€([\d,]+)\.(\d\d)$/.exec(english);
  if (!m) return english;
  const cents = Number(m[2].replaceAll(",", "")) * 100 + Number(m[3]);
  return formatMoney(m[1] ? -cents : cents, lang);
}

/**
 * A refusal of the API worded for a buyer reading `lang`: the spec's English message as it is
 * in English; in another language its translation, with the country named and the amounts
 * written in that language. A message without a translation stays as it is.
 */
export function inBuyerLanguage(message: string, lang: Lang): string {
  if (lang === "en") return message;
  const words = messagesFor(lang).apiErrors;
  for (const { key, pattern } of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const vars: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.groups ?? {})) {
      vars[name] = name === "country"
        ? countryIn(value, lang)
        : name === "amount" || name === "sent"
        ? money(value, lang)
        : name === "problems"
        ? value.split("; ").map((p) => inBuyerLanguage(p, lang)).join("\u202f; ")
        : value;
    }
    return fill(words[key], vars);
  }
  // A refusal of the body's shape names its first field: "orderData.customer.email: ...".
  const named = /^([\w.]+): (.+)$/s.exec(message);
  if (named) {
    const said = inBuyerLanguage(named[2], lang);
    if (said !== named[2]) return said;
  }
  return message;
}

/** An API error answer (`{error, message, errors?}`) in the buyer's language. */
export function errorBodyIn<T extends { message?: unknown; errors?: unknown }>(
  body: T,
  lang: Lang,
): T {
  if (lang === "en") return body;
  const out = { ...body };
  if (typeof body.message === "string") out.message = inBuyerLanguage(body.message, lang);
  if (Array.isArray(body.errors)) {
    out.errors = (body.errors as FieldError[]).map((e) =>
      typeof e?.message === "string" ? { ...e, message: inBuyerLanguage(e.message, lang) } : e
    );
  }
  return out;
}
