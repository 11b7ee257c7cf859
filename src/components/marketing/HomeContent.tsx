import { messagesFor } from "../../i18n/catalog.ts";
import { localePath } from "../../i18n/locales.ts";
import { ConsultationBanner, PartnersStrip } from "./shared-sections.tsx";
import {
  buttonOutline,
  type ContentProps,
  PageHero,
  pictureIn,
  PICTURES,
  Section,
  TileGrid,
  TileSection,
} from "./ui.tsx";

const BENEFIT_ICONS = ["pencil", "pulse", "layers", "chip"] as const;
const INDUSTRY_ICONS = ["robot", "motor", "heart", "audio"] as const;
const RESOURCE_ICONS = ["book", "cap", "chat"] as const;

/** /home: the landing page, in the spec's order. */
export default function HomeContent({ lang, siteName }: ContentProps) {
  const t = messagesFor(lang).home(siteName);
  const l = (path: string) => localePath(lang, path);
  return (
    <>
      <PageHero
        lang={lang}
        copy={t.hero}
        buttons={["demo", "features"]}
        image={{ ...pictureIn(PICTURES.blockDiagram, lang), alt: t.hero.imageAlt }}
      />

      <Section id="intro" title={t.intro.title}>
        <div class="mx-auto mt-10 grid max-w-5xl gap-8 text-lg leading-8 text-slate-700 md:grid-cols-2">
          <p data-reveal>{t.intro.p1}</p>
          <p data-reveal class="reveal-delay-1">{t.intro.p2}</p>
        </div>
        <p class="mt-10 text-center">
          <a href={l("/about")} class={buttonOutline}>{t.intro.more}</a>
        </p>
      </Section>

      <TileSection lang={lang} id="benefits" tone="tint" copy={t.benefits} icons={BENEFIT_ICONS} />

      <Section id="achievements" title={t.achievements.title}>
        <dl class="mx-auto mt-12 grid max-w-5xl gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {t.achievements.figures.map(([figure, label], i) => (
            <div
              key={label}
              class={`rounded-2xl bg-brand-900 p-6 text-center text-white ${
                i % 2 ? "reveal-delay-1" : ""
              }`}
              data-reveal="half"
            >
              <dt class="sr-only">{label}</dt>
              <dd>
                <span class="block text-4xl font-bold">{figure}</span>
                <span class="mt-2 block text-sm leading-6 text-brand-100">{label}</span>
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <TileSection
        lang={lang}
        id="industries"
        tone="tint"
        copy={t.industries}
        icons={INDUSTRY_ICONS}
      />

      <ConsultationBanner lang={lang} siteName={siteName} />
      <PartnersStrip lang={lang} siteName={siteName} />

      <Section id="resources" title={t.resources.title} intro={t.resources.intro}>
        <TileGrid
          lang={lang}
          columns={3}
          tiles={t.resources.tiles.map((tile, i) => ({
            icon: RESOURCE_ICONS[i],
            title: tile.title,
            text: tile.text,
            href: l("/request-a-demo"),
            linkLabel: tile.link,
          }))}
        />
      </Section>
    </>
  );
}
