import type { ComponentChildren } from "preact";
import { messagesFor } from "../../i18n/catalog.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import { HeroBand, Illustration, PICTURES } from "./ui.tsx";

/** /request-a-demo: hero image, heading, the spec's text, then the form (the children). */
export default function DemoIntro(
  { lang, siteName, children }: { lang: Lang; siteName: string; children?: ComponentChildren },
) {
  const t = messagesFor(lang).demo(siteName);
  return (
    <>
      <HeroBand
        compact
        aside={
          <Illustration
            image={{ ...PICTURES.board, alt: t.imageAlt }}
            first
            class="mx-auto h-auto w-full max-w-md rounded-2xl shadow-2xl"
          />
        }
      >
        <h1 class="text-4xl font-bold leading-tight sm:text-5xl">{t.heading}</h1>
        <p class="mt-6 max-w-xl text-lg leading-8 text-brand-50">{t.text}</p>
        <ul class="mt-8 list-disc space-y-2 pl-5 text-brand-50">
          {t.offers.map((offer) => <li key={offer}>{offer}</li>)}
        </ul>
      </HeroBand>
      <section aria-labelledby="demo-form-title" class="bg-white">
        <div class="mx-auto max-w-3xl px-4 py-14 sm:px-6">
          <h2 id="demo-form-title" class="text-2xl font-bold text-ink">{t.formTitle}</h2>
          <p class="mt-2 text-slate-600">
            {t.formIntroBefore}{" "}
            <a href={localePath(lang, "/privacy")} class="font-semibold text-brand-700 underline">
              {t.privacy}
            </a>
            {t.formIntroAfter}
          </p>
          <div class="mt-8">{children}</div>
        </div>
      </section>
    </>
  );
}
