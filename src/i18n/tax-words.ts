import type { TaxWords } from "../domain/vat-statement.ts";
import type { Messages } from "./messages/shape.ts";
import { fill } from "./fill.ts";
import { INTL_LOCALE, type Lang } from "./locales.ts";

const percents = new Map<Lang, Intl.NumberFormat>();

/** A rate in the language's format: "25.5%", "25,5 %". */
export function formatRate(rateBp: number, lang: Lang): string {
  let f = percents.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(INTL_LOCALE[lang], { style: "percent", maximumFractionDigits: 2 });
    percents.set(lang, f);
  }
  return f.format(rateBp / 10_000);
}

/** The VAT statement's words in a language, from its catalogue's `tax` section. */
export function taxWords(t: Messages["tax"], lang: Lang): TaxWords {
  return {
    included: (rateBp) => fill(t.included, { rate: formatRate(rateBp, lang) }),
    none: t.none,
    excluded: t.excluded,
    pricesIncluded: t.pricesIncluded,
    why: { G: t.whyExport, K: t.whyIntraEu },
    notices: {
      vies_unavailable: t.viesUnavailable,
      no_vat_number: t.noVatNumber,
      vat_number_other_country: t.vatNumberOtherCountry,
      vat_number_other_member_state: t.vatNumberOtherMemberState,
    },
  };
}
