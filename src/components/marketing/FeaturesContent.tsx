import { messagesFor } from "../../i18n/catalog.ts";
import { ConsultationBanner, PartnersStrip } from "./shared-sections.tsx";
import { type ContentProps, FeatureRows, PageHero, pictureIn, PICTURES } from "./ui.tsx";

/** Each section's anchor and illustration, in the catalogue's order. */
const ROWS = [
  { id: "drawing-like-programming", picture: PICTURES.blockDiagram },
  { id: "monitoring", picture: PICTURES.monitoring },
  { id: "board", picture: PICTURES.board },
  { id: "rapid-prototyping", picture: PICTURES.prototyping },
];

/** /features: four alternating sections, then the consultation banner and the partners. */
export default function FeaturesContent({ lang, siteName }: ContentProps) {
  const t = messagesFor(lang).features(siteName);
  return (
    <>
      <PageHero lang={lang} copy={t.hero} buttons={["demo", "videos"]} />
      <FeatureRows
        rows={ROWS.map((r) => ({ ...r, picture: pictureIn(r.picture, lang) }))}
        copy={t.rows}
        class="mx-auto max-w-7xl px-4 py-8 sm:px-6"
      />
      <ConsultationBanner lang={lang} siteName={siteName} />
      <PartnersStrip lang={lang} siteName={siteName} />
    </>
  );
}
