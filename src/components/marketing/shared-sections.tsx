import { messagesFor } from "../../i18n/catalog.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import { buttonLight, LineArt, TileSection } from "./ui.tsx";

interface Props {
  lang: Lang;
  siteName: string;
}

/** The consultation banner of /home and /features, with the spec's button label (sic). */
export function ConsultationBanner({ lang, siteName }: Props) {
  const t = messagesFor(lang).shared(siteName).consultation;
  return (
    <section aria-labelledby="consultation-title" class="bg-white">
      <div class="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div
          class="flex flex-col items-start gap-6 rounded-3xl bg-gradient-to-r from-brand-700 to-brand-900 p-8 text-white sm:p-12 lg:flex-row lg:items-center lg:justify-between"
          data-reveal
        >
          <div class="max-w-2xl">
            <h2 id="consultation-title" class="text-2xl font-bold sm:text-3xl">{t.title}</h2>
            <p class="mt-3 leading-7 text-brand-50">{t.text}</p>
          </div>
          <a href={localePath(lang, "/request-a-demo")} class={buttonLight}>{t.button}</a>
        </div>
      </div>
    </section>
  );
}

/** Clients and partners: wordmarks drawn for this site (fictional demo organisations). */
const PARTNERS = [
  { name: "Garonne Tech Institute", mark: "M4 20L12 4l8 16z" },
  { name: "Ampère Motion", mark: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 5v8" },
  { name: "Kestrel Automation", mark: "M3 12h18M12 3v18" },
  { name: "Oriel Biomedical", mark: "M3 12h5l2-5 4 10 2-5h5" },
  { name: "Lumen Audio Lab", mark: "M5 9v6M9 6v12M13 4v16M17 8v8" },
  { name: "Helix Robotics", mark: "M6 4c8 4 4 12 12 16M18 4C10 8 14 16 6 20" },
];

export function PartnersStrip({ lang, siteName }: Props) {
  return (
    <section aria-labelledby="partners-title" class="border-y border-slate-200 bg-white">
      <div class="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2
          id="partners-title"
          class="text-center text-sm font-semibold uppercase tracking-widest text-slate-600"
        >
          {messagesFor(lang).shared(siteName).partners}
        </h2>
        <ul class="mt-8 grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-6">
          {PARTNERS.map((p) => (
            <li key={p.name} class="flex items-center justify-center gap-2 text-slate-600">
              <LineArt d={p.mark} size={28} stroke={2.2} />
              <span class="text-sm font-bold tracking-tight">{p.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const PERK_ICONS = ["rocket", "shield", "coins", "bulb"] as const;

/** The perks section (about, request a demo): Speed, Risk reduction, Cost savings, Innovation. */
export function PerksSection({ lang, siteName }: Props) {
  return (
    <TileSection
      lang={lang}
      id="perks"
      tone="tint"
      copy={messagesFor(lang).shared(siteName).perks}
      icons={PERK_ICONS}
    />
  );
}
