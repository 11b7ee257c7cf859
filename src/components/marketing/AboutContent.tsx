import { messagesFor } from "../../i18n/catalog.ts";
import { PerksSection } from "./shared-sections.tsx";
import {
  type ContentProps,
  Icon,
  PageHero,
  pictureIn,
  PICTURES,
  Section,
  TileSection,
} from "./ui.tsx";

const STEP_ICONS = ["pencil", "layers", "pulse", "rocket"] as const;
const BENEFIT_ICONS = ["pencil", "clock", "pulse", "layers"] as const;

/** One marquee row: the list twice (seamless loop); the copy is hidden from screen readers. */
function Marquee(
  { direction, label, modules }: { direction: "left" | "right"; label: string; modules: string[] },
) {
  const card = (name: string, copy: boolean) => (
    <li
      key={`${name}-${copy}`}
      class="flex w-56 flex-none items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm"
      aria-hidden={copy ? "true" : undefined}
    >
      <span class="inline-flex h-9 w-9 flex-none items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <Icon name="layers" class="h-5 w-5" />
      </span>
      <span class="font-semibold text-ink">{name}</span>
    </li>
  );
  return (
    <div class="marquee overflow-hidden py-2" role="region" aria-label={label} tabIndex={0}>
      <ul class="marquee-track flex w-max gap-4" data-direction={direction}>
        {modules.map((m) => card(m, false))}
        {modules.map((m) => card(m, true))}
      </ul>
    </div>
  );
}

/** /about, in the spec's order. */
export default function AboutContent({ lang, siteName }: ContentProps) {
  const t = messagesFor(lang).about(siteName);
  return (
    <>
      <PageHero
        lang={lang}
        copy={t.hero}
        buttons={["videos", "learnMore"]}
        more={{ learnMore: t.hero.learnMoreMore }}
        image={{ ...pictureIn(PICTURES.blockDiagram, lang), alt: t.hero.imageAlt }}
      />

      <section aria-label={t.stepsLabel} class="border-b border-slate-200 bg-white">
        <ol class="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
          {t.steps.map((s, i) => (
            <li key={s.title} class="flex gap-4">
              <span class="inline-flex h-12 w-12 flex-none items-center justify-center rounded-full bg-brand-600 text-white">
                <Icon name={STEP_ICONS[i]} />
              </span>
              <div>
                <p class="font-semibold text-ink">
                  <span class="text-brand-700">{i + 1}.</span> {s.title}
                </p>
                <p class="mt-1 text-sm leading-6 text-slate-600">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <Section id="how-it-works" title={t.how.title}>
        <div class="mx-auto mt-10 grid max-w-5xl gap-8 md:grid-cols-3">
          {t.how.cards.map(([title, text], i) => (
            <div
              key={title}
              class={`rounded-2xl bg-brand-50 p-6 ${
                i === 1 ? "reveal-delay-1" : i === 2 ? "reveal-delay-2" : ""
              }`}
              data-reveal
            >
              <h3 class="text-lg font-semibold text-ink">{title}</h3>
              <p class="mt-3 leading-7 text-slate-700">{text}</p>
            </div>
          ))}
        </div>
      </Section>

      <TileSection lang={lang} id="benefits" tone="tint" copy={t.benefits} icons={BENEFIT_ICONS} />

      <Section id="teaching" title={t.teaching.title} intro={t.teaching.intro}>
        <ul class="mx-auto mt-10 grid max-w-5xl gap-6 sm:grid-cols-3">
          {t.teaching.cards.map(([title, text]) => (
            <li key={title} class="rounded-2xl border border-slate-200 p-6" data-reveal>
              <h3 class="font-semibold text-ink">{title}</h3>
              <p class="mt-2 leading-7 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="open" tone="tint" title={t.open.title} intro={t.open.intro} />

      <Section id="modules" title={t.modules.title} intro={t.modules.intro}>
        <div class="mt-10 space-y-4">
          <Marquee direction="left" label={t.modules.firstRow} modules={t.modules.names} />
          <Marquee direction="right" label={t.modules.secondRow} modules={t.modules.names} />
        </div>
        <p class="mt-4 text-center text-sm text-slate-600">{t.modules.pause}</p>
      </Section>

      <PerksSection lang={lang} siteName={siteName} />
    </>
  );
}
