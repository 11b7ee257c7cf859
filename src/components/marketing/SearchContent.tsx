import type { SearchHit } from "../../domain/site-search.ts";

const KIND_LABEL = { page: "Page", video: "Video", product: "Product" } as const;

/** /search: the form and its results (server-rendered). */
export default function SearchContent({ query, hits }: { query: string; hits: SearchHit[] }) {
  return (
    <div class="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 class="text-4xl font-bold tracking-tight text-ink">Search</h1>
      <form action="/search" method="get" role="search" class="mt-6 flex gap-2">
        <label for="search-q" class="sr-only">Search products, videos and pages</label>
        <input
          id="search-q"
          type="search"
          name="q"
          value={query}
          placeholder="Kalman filter, motor shield, warranty..."
          class="min-w-0 flex-1 rounded-lg border border-slate-300 px-4 py-3"
        />
        <button
          type="submit"
          class="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
        >
          Search
        </button>
      </form>
      {query && (
        <p class="mt-6 text-slate-600" role="status">
          {hits.length === 0
            ? `No results for “${query}”. Try fewer or other words.`
            : `${hits.length} ${hits.length === 1 ? "result" : "results"} for “${query}”`}
        </p>
      )}
      <ol class="mt-6 space-y-4" data-testid="search-results">
        {hits.map((h) => (
          <li key={h.url} class="rounded-2xl border border-slate-200 p-5">
            <p class="text-xs font-semibold uppercase tracking-wide text-brand-700">
              {KIND_LABEL[h.kind]}
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
