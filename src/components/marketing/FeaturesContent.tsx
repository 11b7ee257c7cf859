import { messagesFor } from "../../i18n/catalog.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import { ConsultationBanner, PartnersStrip } from "./shared-sections.tsx";
import { FeatureRow, PageHero } from "./ui.tsx";

/** Each section's anchor and illustration, in the catalogue's order. */
const ROWS = [
  {
    id: "drawing-like-programming",
    src: "/images/illustrations/block-diagram.svg",
    width: 640,
    height: 420,
  },
  { id: "monitoring", src: "/images/illustrations/monitoring.svg", width: 640, height: 420 },
  { id: "board", src: "/images/products/dsp-board.svg", width: 400, height: 300 },
  {
    id: "rapid-prototyping",
    src: "/images/illustrations/prototyping.svg",
    width: 640,
    height: 420,
  },
] as const;

/** /features: four alternating sections, then the consultation banner and the partners. */
export default function FeaturesContent({ lang, siteName }: { lang: Lang; siteName: string }) {
  const t = messagesFor(lang).features(siteName);
  return (
    <>
      <PageHero
        eyebrow={t.hero.eyebrow}
        title={t.hero.title}
        text={t.hero.text}
        actions={[
          { href: localePath(lang, "/request-a-demo"), label: t.hero.demo },
          { href: localePath(lang, "/video-library"), label: t.hero.videos },
        ]}
      />
      <div class="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        {ROWS.map(({ id, src, width, height }, i) => (
          <FeatureRow
            key={id}
            id={id}
            reverse={i % 2 === 1}
            title={t.rows[i].title}
            text={t.rows[i].text}
            points={t.rows[i].points}
            image={{ src, alt: t.rows[i].imageAlt, width, height }}
          />
        ))}
      </div>
      <ConsultationBanner lang={lang} siteName={siteName} />
      <PartnersStrip lang={lang} siteName={siteName} />
    </>
  );
}
