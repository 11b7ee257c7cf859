import { messagesFor } from "../../i18n/catalog.ts";
import { fill } from "../../i18n/fill.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import { ConsultationBanner } from "./shared-sections.tsx";
import { FeatureRow, PageHero, Section, TileGrid } from "./ui.tsx";

const ROWS = [
  { id: "executable-specification", src: "/images/illustrations/block-diagram.svg" },
  { id: "verification", src: "/images/illustrations/monitoring.svg" },
] as const;
const WHO_ICONS = ["cap", "bulb", "motor"] as const;

/** The 'MBD' / Model-Based Design page (its content is not shown in the spec: written here). */
export default function MbdContent({ lang, siteName }: { lang: Lang; siteName: string }) {
  const t = messagesFor(lang).mbd(siteName);
  return (
    <>
      <PageHero
        eyebrow={t.hero.eyebrow}
        title={t.hero.title}
        text={t.hero.text}
        actions={[
          { href: localePath(lang, "/request-a-demo"), label: t.hero.demo },
          { href: localePath(lang, "/features"), label: t.hero.features },
        ]}
      />

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

      <div class="mx-auto max-w-7xl px-4 sm:px-6">
        {ROWS.map(({ id, src }, i) => (
          <FeatureRow
            key={id}
            id={id}
            reverse={i === 1}
            title={t.rows[i].title}
            text={t.rows[i].text}
            points={t.rows[i].points}
            image={{ src, alt: t.rows[i].imageAlt, width: 640, height: 420 }}
          />
        ))}
      </div>

      <Section id="who" tone="tint" title={t.who.title}>
        <TileGrid
          lang={lang}
          columns={3}
          tiles={t.who.tiles.map((tile, i) => ({ ...tile, icon: WHO_ICONS[i] }))}
        />
      </Section>

      <ConsultationBanner lang={lang} siteName={siteName} />
    </>
  );
}
