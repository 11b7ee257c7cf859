import { DEFAULT_VIDEO_CATEGORY, type Video, VIDEO_CATEGORIES } from "../../domain/videos.ts";
import { messagesFor } from "../../i18n/catalog.ts";
import { fill } from "../../i18n/fill.ts";
import type { Lang } from "../../i18n/locales.ts";
import { Illustration, PageHero, PICTURES } from "./ui.tsx";

/**
 * /video-library: category tabs (a dropdown on small screens) over a two-column grid. The
 * server renders the default category; the page's script applies ?category= and swaps a
 * poster for the YouTube player only when it is clicked.
 */
export default function VideoLibrary(
  { lang, siteName, videos }: { lang: Lang; siteName: string; videos: Video[] },
) {
  const selected = DEFAULT_VIDEO_CATEGORY;
  const t = messagesFor(lang).videos(siteName);
  return (
    <>
      <PageHero lang={lang} copy={t} />
      <section class="mx-auto max-w-7xl px-4 py-12 sm:px-6" aria-label={t.region}>
        <div class="sm:hidden">
          <label for="video-category" class="block text-sm font-semibold text-ink">
            {t.category}
          </label>
          <select
            id="video-category"
            class="mt-2 w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
            data-video-select
          >
            {VIDEO_CATEGORIES.map((c) => (
              <option key={c.id} value={c.id} selected={c.id === selected}>
                {t.categories[c.id]}
              </option>
            ))}
          </select>
        </div>
        <div
          role="tablist"
          aria-label={t.tabs}
          class="hidden flex-wrap gap-2 border-b border-slate-200 sm:flex"
        >
          {VIDEO_CATEGORIES.map((c) => (
            <a
              key={c.id}
              role="tab"
              id={`tab-${c.id}`}
              href={`?category=${c.id}`}
              aria-selected={c.id === selected ? "true" : "false"}
              aria-controls="video-panel"
              tabIndex={c.id === selected ? 0 : -1}
              data-category={c.id}
              class="-mb-px border-b-2 border-transparent px-4 py-3 text-sm font-semibold text-slate-600 hover:text-brand-700 aria-selected:border-brand-600 aria-selected:text-brand-700"
            >
              {t.categories[c.id]}
            </a>
          ))}
        </div>
        <div id="video-panel" role="tabpanel" aria-labelledby={`tab-${selected}`} class="mt-8">
          <ul class="grid gap-8 md:grid-cols-2" data-testid="video-grid">
            {videos.map((v) => (
              <li
                key={v.id}
                data-categories={v.categories.join(" ")}
                hidden={!v.categories.includes(selected)}
              >
                <article class="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
                  <div class="relative aspect-video bg-brand-900" data-player>
                    <button
                      type="button"
                      class="group absolute inset-0 h-full w-full text-left"
                      data-youtube-id={v.youtubeId}
                      data-title={v.title}
                      data-frame-title={t.frame}
                    >
                      <Illustration
                        image={{ ...PICTURES.videoPoster, alt: "" }}
                        class="h-full w-full object-cover"
                      />
                      <span class="absolute inset-0 flex items-center justify-center">
                        <span class="flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-brand-700 shadow-lg transition-transform group-hover:scale-110">
                          <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
                            <path d="M8 5v14l11-7z" fill="currentColor" />
                          </svg>
                        </span>
                      </span>
                      <span class="sr-only">{fill(t.play, { title: v.title })}</span>
                    </button>
                  </div>
                  <div class="p-5">
                    <h2 class="text-lg font-semibold text-ink">{v.title}</h2>
                    <p class="mt-2 leading-7 text-slate-600">{v.summary}</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <p class="mt-8 text-sm text-slate-600">
            {t.notice}
          </p>
        </div>
      </section>
    </>
  );
}
