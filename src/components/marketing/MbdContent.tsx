import { messagesFor } from "../../i18n/catalog.ts";
import { fill } from "../../i18n/fill.ts";
import { ConsultationBanner } from "./shared-sections.tsx";
import {
  type ContentProps,
  FeatureRows,
  PageHero,
  pictureIn,
  PICTURES,
  Section,
  TileSection,
} from "./ui.tsx";

const ROWS = [
  { id: "executable-specification", picture: PICTURES.blockDiagram },
  { id: "verification", picture: PICTURES.monitoring },
];
const WHO_ICONS = ["cap", "bulb", "motor"] as const;

/** The 'MBD' / Model-Based Design page (its content is not shown in the spec: written here). */
export default function MbdContent({ lang, siteName }: ContentProps) {
  const t = messagesFor(lang).mbd(siteName);
  return (
    <>
      <PageHero lang={lang} copy={t.hero} buttons={["demo", "features"]} />

      <Section id="classic" title={t.classic.title} intro={t.classic.intro}>
        <ol class="mx-auto mt-10 grid max-w-5xl gap-4 sm:grid-cols-5">
          {t.classic.steps.map((s, i) => (
            <li key={s} class="rounded-xl border border-slate-200 p-4 text-center">
              <span class="block text-sm font-semibold text-brand-700">
                {fill(t.classic.step, { n: i + 1 })}
              </span>
              <span class="mt-1 block font-semibold text-ink">{s}</span>
            </li>
          ))}
        </ol>
        <p class="mx-auto mt-8 max-w-3xl text-center leading-7 text-slate-700">
          {t.classic.shorter}
        </p>
      </Section>

      <FeatureRows
        rows={ROWS.map((r) => ({ ...r, picture: pictureIn(r.picture, lang) }))}
        copy={t.rows}
        class="mx-auto max-w-7xl px-4 sm:px-6"
      />

      <TileSection lang={lang} id="who" tone="tint" copy={t.who} icons={WHO_ICONS} columns={3} />

      <ConsultationBanner lang={lang} siteName={siteName} />
    </>
  );
}
