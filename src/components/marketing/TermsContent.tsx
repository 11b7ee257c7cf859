import { termsPages } from "./terms.ts";

/** One page of the general terms: contents, sections, Previous/Next (spec: 1..3). */
export default function TermsContent(
  { page, company, siteName }: { page: number; company: string; siteName: string },
) {
  const pages = termsPages(company, siteName);
  const sections = pages[page - 1];
  const button =
    "inline-flex items-center gap-2 rounded-lg border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50";
  return (
    <article class="mx-auto max-w-3xl px-4 py-14 sm:px-6" id="terms-top">
      <p class="text-sm font-semibold uppercase tracking-widest text-brand-700">
        Page {page} of {pages.length}
      </p>
      <h1 class="mt-2 text-4xl font-bold tracking-tight text-ink">General Terms of Sale</h1>
      <nav aria-label="On this page" class="mt-8 rounded-2xl bg-brand-50 p-6">
        <h2 class="text-sm font-semibold uppercase tracking-wide text-ink">On this page</h2>
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
        aria-label="Terms pages"
        class="mt-14 flex justify-between gap-4 border-t border-slate-200 pt-8"
      >
        {page > 1
          ? (
            <a href={`/general-terms/page/${page - 1}`} class={button} rel="prev">
              <span aria-hidden="true">←</span> Previous Page
            </a>
          )
          : <span />}
        {page < pages.length && (
          <a href={`/general-terms/page/${page + 1}`} class={button} rel="next">
            Next Page <span aria-hidden="true">→</span>
          </a>
        )}
      </nav>
    </article>
  );
}
