import { CURRENT_TERMS_VERSION, termsVersionPath } from "../../domain/terms.ts";
import { messagesFor } from "../../i18n/catalog.ts";
import { formatDate } from "../../i18n/format.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import { fillNodes } from "../../ui/fill-nodes.tsx";

const link = "font-semibold text-brand-700 underline";

/**
 * Next to the pay button (C. consom. L221-5, L221-14): paying accepts the dated terms, which
 * give consumers the right of withdrawal; and the privacy notice. Server-rendered and handed to
 * the checkout island as its children: page HTML, not island code.
 */
export default function TermsAcceptance({ lang, siteName }: { lang: Lang; siteName: string }) {
  const t = messagesFor(lang).legal(siteName, "").acceptance;
  const terms = localePath(lang, termsVersionPath(CURRENT_TERMS_VERSION));
  return (
    <p class="mt-4 text-sm text-gray-600" data-testid="terms-acceptance">
      {fillNodes(t.checkout, {
        terms: <a href={terms} class={link} target="_blank">{t.terms}</a>,
        date: formatDate(`${CURRENT_TERMS_VERSION}T12:00:00Z`, lang, "UTC"),
        withdrawal: <a href={`${terms}#withdrawal`} class={link} target="_blank">{t.withdrawal}</a>,
        privacy: (
          <a href={localePath(lang, "/privacy")} class={link} target="_blank">{t.privacy}</a>
        ),
      })}
    </p>
  );
}
