import { buttonLight, Section, type Tile, TileGrid } from "./ui.tsx";

/** The consultation banner of /home and /features, with the spec's button label (sic). */
export function ConsultationBanner({ siteName }: { siteName: string }) {
  return (
    <section aria-labelledby="consultation-title" class="bg-white">
      <div class="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div
          class="flex flex-col items-start gap-6 rounded-3xl bg-gradient-to-r from-brand-700 to-brand-900 p-8 text-white sm:p-12 lg:flex-row lg:items-center lg:justify-between"
          data-reveal
        >
          <div class="max-w-2xl">
            <h2 id="consultation-title" class="text-2xl font-bold sm:text-3xl">
              Need a hand with your control project?
            </h2>
            <p class="mt-3 leading-7 text-brand-50">
              Our engineers design controllers, port existing algorithms to {siteName}{" "}
              and train your team, from a two-hour consultation to a complete prototype.
            </p>
          </div>
          <a href="/request-a-demo" class={buttonLight}>Request our servicies</a>
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

export function PartnersStrip() {
  return (
    <section aria-labelledby="partners-title" class="border-y border-slate-200 bg-white">
      <div class="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2
          id="partners-title"
          class="text-center text-sm font-semibold uppercase tracking-widest text-slate-600"
        >
          Trusted by labs, start-ups and manufacturers
        </h2>
        <ul class="mt-8 grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-6">
          {PARTNERS.map((p) => (
            <li key={p.name} class="flex items-center justify-center gap-2 text-slate-600">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                width="28"
                height="28"
                fill="none"
                stroke="currentColor"
                stroke-width="2.2"
                stroke-linecap="round"
                stroke-linejoin="round"
              >
                <path d={p.mark} />
              </svg>
              <span class="text-sm font-bold tracking-tight">{p.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function perks(siteName: string): Tile[] {
  return [
    {
      icon: "rocket",
      title: "Speed",
      text:
        `Go from an idea to a loop running on hardware in an afternoon. ${siteName} compiles nothing: a changed block runs at once.`,
    },
    {
      icon: "shield",
      title: "Risk reduction",
      text:
        "Simulate before you power up, watch every signal while it runs, and catch a wrong gain before it becomes a burnt stage.",
    },
    {
      icon: "coins",
      title: "Cost savings",
      text:
        "One board and one tool for research, teaching and product prototypes: fewer licences, fewer custom boards, shorter projects.",
    },
    {
      icon: "bulb",
      title: "Innovation",
      text:
        "When trying an idea costs minutes, teams try more of them. Observers, adaptive filters and new topologies become an experiment, not a project.",
    },
  ];
}

/** The perks section (about, request a demo): Speed, Risk reduction, Cost savings, Innovation. */
export function PerksSection({ siteName }: { siteName: string }) {
  return (
    <Section
      id="perks"
      tone="tint"
      title={`Why teams choose ${siteName}`}
      intro="The same four reasons come back in every project we support."
    >
      <TileGrid tiles={perks(siteName)} />
    </Section>
  );
}
