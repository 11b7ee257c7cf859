import type { LegalIdentity } from "../../domain/legal-notice.ts";
import { WITHDRAWAL_FORM_PDF_PATH } from "../../domain/terms.ts";
import { messagesFor } from "../../i18n/catalog.ts";
import { fill } from "../../i18n/fill.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";

const link = "font-semibold text-brand-700 underline";

/** The model withdrawal form (Directive 2011/83/EU Annex I B), to print or download. */
export default function WithdrawalFormContent(
  { lang, siteName, identity }: { lang: Lang; siteName: string; identity: LegalIdentity },
) {
  const t = messagesFor(lang).legal(siteName, "").withdrawalForm;
  return (
    <article class="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 class="text-4xl font-bold tracking-tight text-ink">{t.title}</h1>
      <p class="mt-4 leading-7 text-slate-600">{t.intro}</p>
      <p class="mt-4">
        <a href={localePath(lang, WITHDRAWAL_FORM_PDF_PATH)} class={link} download>{t.pdf}</a>
        {" · "}
        <a href={`${localePath(lang, "/general-terms/page/3")}#withdrawal`} class={link}>
          {t.terms}
        </a>
      </p>
      <div class="mt-8 rounded-2xl border-2 border-slate-300 p-6" data-testid="withdrawal-form">
        <p class="font-semibold text-ink">
          {fill(t.to, {
            legalName: identity.legalName,
            address: identity.address,
            email: identity.email,
          })}
        </p>
        <ul class="mt-4 space-y-5">
          {t.lines.map((line) => (
            <li key={line} class="border-b border-dotted border-slate-400 pb-6 text-slate-700">
              {line}
            </li>
          ))}
        </ul>
        <p class="mt-4 text-sm text-slate-600">{t.strike}</p>
      </div>
    </article>
  );
}
