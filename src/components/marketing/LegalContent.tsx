import { messagesFor } from "../../i18n/catalog.ts";
import { fill } from "../../i18n/fill.ts";
import BindingNote from "./BindingNote.tsx";
import type { ContentProps } from "./ui.tsx";

/** A one-page legal text (privacy, cookies) in the style of the general terms. */
function LegalContent(
  { lang, page, siteName, companyName }: ContentProps & { page: "privacy" | "cookies" },
) {
  const legal = messagesFor(lang).legal(siteName, companyName);
  const { title, intro, sections } = legal[page];
  return (
    <article class="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 class="text-4xl font-bold tracking-tight text-ink">{title}</h1>
      <p class="mt-2 text-sm text-slate-600">{fill(legal.updated, { date: legal.updatedDate })}</p>
      <BindingNote lang={lang} path={`/${page}`} siteName={siteName} />
      <p class="mt-6 text-lg leading-8 text-slate-700">{intro}</p>
      {sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} class="mt-10 scroll-mt-24">
          <h2 id={`${s.id}-title`} class="text-2xl font-bold text-ink">{s.title}</h2>
          {s.paragraphs.map((p) => <p key={p} class="mt-4 leading-7 text-slate-700">{p}</p>)}
        </section>
      ))}
    </article>
  );
}

export const PrivacyContent = (props: ContentProps) => <LegalContent {...props} page="privacy" />;
export const CookiesContent = (props: ContentProps) => <LegalContent {...props} page="cookies" />;
