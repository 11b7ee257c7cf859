import type { SearchHit } from "../../domain/site-search.ts";
import { messagesFor } from "../../i18n/catalog.ts";
import { fill } from "../../i18n/fill.ts";
import { plural } from "../../i18n/format.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import { SubmitButton } from "./ui.tsx";

/** /search: the form and its results (server-rendered). */
export default function SearchContent(
  { lang, query, hits }: { lang: Lang; query: string; hits: SearchHit[] },
) {
  const t = messagesFor(lang).chrome.search;
  return (
    <div class="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 class="text-4xl font-bold tracking-tight text-ink">{t.heading}</h1>
      <form action={localePath(lang, "/search")} method="get" role="search" class="mt-6 flex gap-2">
        <label for="search-q" class="sr-only">{t.label}</label>
        <input
          id="search-q"
          type="search"
          name="q"
          value={query}
          placeholder={t.placeholder}
          class="min-w-0 flex-1 rounded-lg border border-slate-300 px-4 py-3"
        />
        <SubmitButton>{t.submit}</SubmitButton>
      </form>
      {query && (
        <p class="mt-6 text-slate-600" role="status">
          {hits.length === 0
            ? fill(t.none, { query })
            : fill(plural(hits.length, lang, { one: t.countOne, other: t.countOther }), {
              count: hits.length,
              query,
            })}
        </p>
      )}
      <ol class="mt-6 space-y-4" data-testid="search-results">
        {hits.map((h) => (
          <li key={h.url} class="rounded-2xl border border-slate-200 p-5">
            <p class="text-xs font-semibold uppercase tracking-wide text-brand-700">
              {t.kind[h.kind]}
            </p>
            <h2 class="mt-1 text-lg font-semibold">
              <a href={h.url} class="text-ink hover:text-brand-700 hover:underline">{h.title}</a>
            </h2>
            <p class="mt-1 leading-7 text-slate-600">{h.description}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
