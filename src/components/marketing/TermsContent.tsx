import type { LegalIdentity } from "../../domain/legal-notice.ts";
import {
  CURRENT_TERMS_VERSION,
  TERMS_SCOPES,
  termsPdfPath,
  termsVersionPath,
  WITHDRAWAL_FORM_PATH,
  WITHDRAWAL_FORM_PDF_PATH,
} from "../../domain/terms.ts";
import { messagesFor } from "../../i18n/catalog.ts";
import { fill } from "../../i18n/fill.ts";
import { formatDate } from "../../i18n/format.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import BindingNote from "./BindingNote.tsx";

interface TermsProps {
  lang: Lang;
  company: string;
  siteName: string;
  /** The seller, its contact and its mediator, as the settings give them. */
  identity: LegalIdentity;
}

type Section = { id: string; title: string; paragraphs: string[] };

/** A version's day ("2026-11-27") in the page's language. */
export const termsDate = (version: string, lang: Lang) =>
  formatDate(`${version}T12:00:00Z`, lang, "UTC");

/** The values the articles name: where to write, the mediator. */
const articleValues = (identity: LegalIdentity) => ({
  legalName: identity.legalName,
  address: identity.address,
  email: identity.email,
  mediatorName: identity.mediatorName,
  mediatorAddress: identity.mediatorAddress,
  mediatorUrl: identity.mediatorUrl,
});

const link = "font-semibold text-brand-700 underline";

/** One article: its title, whom it binds when not everyone, and its paragraphs. */
function Article({ lang, section, identity, siteName }: {
  lang: Lang;
  section: Section;
  identity: LegalIdentity;
  siteName: string;
}) {
  const t = messagesFor(lang).legal(siteName, "").terms;
  const scope = TERMS_SCOPES[section.id];
  const values = articleValues(identity);
  // The legal guarantee's text goes in a box (C. consom. D211-2).
  const boxed = section.id === "legal-guarantee";
  return (
    <section
      id={section.id}
      aria-labelledby={`${section.id}-title`}
      class={`mt-10 scroll-mt-24 ${boxed ? "rounded-2xl border-2 border-slate-300 p-5" : ""}`}
      data-scope={scope}
    >
      <h2 id={`${section.id}-title`} class="text-2xl font-bold text-ink">{section.title}</h2>
      {scope && (
        <p
          class={`mt-2 inline-block rounded-full px-3 py-0.5 text-sm font-semibold ${
            scope === "business" ? "bg-amber-100 text-amber-900" : "bg-green-100 text-green-900"
          }`}
          data-testid="terms-scope"
        >
          {scope === "business" ? t.businessOnly : t.consumersOnly}
        </p>
      )}
      {section.paragraphs.map((p) => (
        <p key={p} class="mt-4 leading-7 text-slate-700">{fill(p, values)}</p>
      ))}
      {section.id === "withdrawal" && (
        <ul class="mt-4 space-y-1">
          <li>
            <a href={localePath(lang, WITHDRAWAL_FORM_PATH)} class={link}>{t.withdrawalForm}</a>
          </li>
          <li>
            <a href={localePath(lang, WITHDRAWAL_FORM_PDF_PATH)} class={link} download>
              {t.withdrawalFormPdf}
            </a>
          </li>
        </ul>
      )}
    </section>
  );
}

/** The version in force, with its dated page and PDF. */
function VersionLine({ lang, siteName }: { lang: Lang; siteName: string }) {
  const t = messagesFor(lang).legal(siteName, "").terms;
  return (
    <p class="mt-3 text-sm text-slate-600" data-testid="terms-version">
      {fill(t.version, { date: termsDate(CURRENT_TERMS_VERSION, lang) })} ·{" "}
      <a href={localePath(lang, termsVersionPath(CURRENT_TERMS_VERSION))} class={link}>
        {t.versionLink}
      </a>{" "}
      ·{" "}
      <a href={localePath(lang, termsPdfPath(CURRENT_TERMS_VERSION))} class={link} download>
        {t.pdf}
      </a>
    </p>
  );
}

/** One page of the general terms: contents, sections, Previous/Next (spec: 1..3). */
export default function TermsContent(
  { lang, page, company, siteName, identity }: TermsProps & { page: number },
) {
  const legal = messagesFor(lang).legal(siteName, company);
  const t = legal.terms;
  const sections = t.pages[page - 1];
  const pageUrl = (n: number) => localePath(lang, `/general-terms/page/${n}`);
  const button =
    "inline-flex items-center gap-2 rounded-lg border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50";
  return (
    <article class="mx-auto max-w-3xl px-4 py-14 sm:px-6" id="terms-top">
      <p class="text-sm font-semibold uppercase tracking-widest text-brand-700">
        {fill(t.page, { page, count: t.pages.length })}
      </p>
      <h1 class="mt-2 text-4xl font-bold tracking-tight text-ink">{t.heading}</h1>
      <VersionLine lang={lang} siteName={siteName} />
      <BindingNote lang={lang} path={`/general-terms/page/${page}`} siteName={siteName} />
      <nav aria-label={t.onThisPage} class="mt-8 rounded-2xl bg-brand-50 p-6">
        <h2 class="text-sm font-semibold uppercase tracking-wide text-ink">{t.onThisPage}</h2>
        <ol class="mt-3 grid gap-1 sm:grid-cols-2">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} class="text-brand-700 hover:underline">{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s) => (
        <Article key={s.id} lang={lang} section={s} identity={identity} siteName={siteName} />
      ))}
      <nav
        aria-label={t.pagesNav}
        class="mt-14 flex justify-between gap-4 border-t border-slate-200 pt-8"
      >
        {page > 1
          ? (
            <a href={pageUrl(page - 1)} class={button} rel="prev">
              <span aria-hidden="true">←</span> {t.previous}
            </a>
          )
          : <span />}
        {page < t.pages.length && (
          <a href={pageUrl(page + 1)} class={button} rel="next">
            {t.next} <span aria-hidden="true">→</span>
          </a>
        )}
      </nav>
    </article>
  );
}

/** A dated version of the terms on one page: what an order placed under it accepted. */
export function TermsVersionContent(
  { lang, version, company, siteName, identity }: TermsProps & { version: string },
) {
  const t = messagesFor(lang).legal(siteName, company).terms;
  return (
    <article class="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 class="text-4xl font-bold tracking-tight text-ink">{t.heading}</h1>
      <p class="mt-3 text-sm font-semibold text-slate-700" data-testid="terms-version">
        {fill(t.version, { date: termsDate(version, lang) })} ·{" "}
        <a href={localePath(lang, termsPdfPath(version))} class={link} download>{t.pdf}</a>
      </p>
      <BindingNote lang={lang} path={termsVersionPath(version)} siteName={siteName} />
      {t.pages.flat().map((s) => (
        <Article key={s.id} lang={lang} section={s} identity={identity} siteName={siteName} />
      ))}
    </article>
  );
}
