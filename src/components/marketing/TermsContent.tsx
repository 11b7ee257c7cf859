import { messagesFor } from "../../i18n/catalog.ts";
import { fill } from "../../i18n/fill.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import BindingNote from "./BindingNote.tsx";

/** One page of the general terms: contents, sections, Previous/Next (spec: 1..3). */
export default function TermsContent(
  { lang, page, company, siteName }: {
    lang: Lang;
    page: number;
    company: string;
    siteName: string;
  },
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
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} class="mt-10 scroll-mt-24">
          <h2 id={`${s.id}-title`} class="text-2xl font-bold text-ink">{s.title}</h2>
          {s.paragraphs.map((p) => <p key={p} class="mt-4 leading-7 text-slate-700">{p}</p>)}
        </section>
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
