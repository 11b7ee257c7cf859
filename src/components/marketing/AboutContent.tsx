import { PerksSection } from "./shared-sections.tsx";
import { Icon, PageHero, Section, TileGrid } from "./ui.tsx";

/** The module library shown in the marquees, spelled as the spec lists it. */
export const MODULES = [
  "Butterworth Filter",
  "Kalman Filter",
  "Chebyshev Filter",
  "Eliptic Filter",
  "PID Block",
  "RLS Estimator",
  "Wave Generator",
  "Hardware Input",
  "Harware Output",
  "FIR Filter",
  "Phase Shift Detector",
  "FFT",
  "Generic Transfer Function",
] as const;

const STEPS = [
  {
    icon: "pencil",
    title: "Design",
    text: "Draw the algorithm from library modules and your own blocks.",
  },
  {
    icon: "layers",
    title: "Simulate",
    text: "Run the diagram against a plant model on your PC first.",
  },
  { icon: "pulse", title: "Test", text: "Run it on the board, probe every signal, tune it live." },
  {
    icon: "rocket",
    title: "Deploy",
    text: "Leave it running stand-alone, or keep the PC in the loop.",
  },
];

/** One marquee row: the list twice (seamless loop); the copy is hidden from screen readers. */
function Marquee({ direction, label }: { direction: "left" | "right"; label: string }) {
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
        {MODULES.map((m) => card(m, false))}
        {MODULES.map((m) => card(m, true))}
      </ul>
    </div>
  );
}

/** /about, in the spec's order. */
export default function AboutContent({ siteName }: { siteName: string }) {
  return (
    <>
      <PageHero
        eyebrow={`About ${siteName}`}
        title="The Power of Drawing-Like Programming"
        text="Control engineers have always explained their ideas with block diagrams. Drawing-like programming (DLP) lets that drawing run: on a real board, in real time, with every signal in view."
        actions={[
          { href: "/video-library", label: "See In Action" },
          { href: "/request-a-demo", label: "Learn More", more: "by requesting a demo" },
        ]}
        image={{
          src: "/images/illustrations/block-diagram.svg",
          alt: "A control loop drawn as blocks, with a live plot underneath",
          width: 640,
          height: 420,
        }}
      />

      <section aria-label="From design to deployment" class="border-b border-slate-200 bg-white">
        <ol class="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
          {STEPS.map((s, i) => (
            <li key={s.title} class="flex gap-4">
              <span class="inline-flex h-12 w-12 flex-none items-center justify-center rounded-full bg-brand-600 text-white">
                <Icon name={s.icon} />
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

      <Section id="how-it-works" title="How it Works: From Concept to Real-World Application">
        <div class="mx-auto mt-10 grid max-w-5xl gap-8 md:grid-cols-3">
          {[
            [
              "Describe the behaviour",
              "Start from the diagram you would draw for a colleague: sensors on the left, the algorithm in the middle, actuators on the right. Each box is a module with typed inputs, outputs and parameters.",
            ],
            [
              `Let ${siteName} run it`,
              "The framework orders the blocks, assigns them to fixed-rate tasks, reads inputs at the start of each period and writes outputs at its end. Timing is deterministic, not best effort.",
            ],
            [
              "Close the loop with reality",
              "Connect the real motor, sensor or signal source. Watch the response, adjust parameters live, and record runs that become your test evidence.",
            ],
          ].map(([title, text], i) => (
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

      <Section id="benefits" tone="tint" title="Key Benefits of DLP">
        <TileGrid
          tiles={[
            {
              icon: "pencil",
              title: "Readable by everyone",
              text:
                "Hardware, software and test engineers read the same drawing; reviews are about the idea, not the syntax.",
            },
            {
              icon: "clock",
              title: "Deterministic timing",
              text:
                "Fixed-rate tasks up to 20 kHz, with measured loop times, so what worked once works every time.",
            },
            {
              icon: "pulse",
              title: "Nothing hidden",
              text: "Every wire is a signal you can plot. Debugging becomes looking, not guessing.",
            },
            {
              icon: "layers",
              title: "Reusable building blocks",
              text:
                "A tuned observer or filter becomes a module your whole team can drop into the next project.",
            },
          ]}
        />
      </Section>

      <Section
        id="teaching"
        title="From the classroom to the lab"
        intro={`Universities use ${siteName} to teach signal processing and control with real hardware from the first session; research teams use it to try new algorithms on real plants without writing a firmware.`}
      >
        <ul class="mx-auto mt-10 grid max-w-5xl gap-6 sm:grid-cols-3">
          {[
            [
              "Course-ready",
              "Lab sheets for filters, PID tuning and motor control come with the trial.",
            ],
            [
              "Safe by design",
              "Current limits and watchdogs are blocks too, visible in every diagram.",
            ],
            ["Publishable", "Recorded runs export to CSV and plots for reports and papers."],
          ].map(([title, text]) => (
            <li key={title} class="rounded-2xl border border-slate-200 p-6" data-reveal>
              <h3 class="font-semibold text-ink">{title}</h3>
              <p class="mt-2 leading-7 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="open"
        tone="tint"
        title="Open where it matters"
        intro="When a module does not exist yet, write it. A block is a small C++ or Python class with inputs, outputs, parameters and a step function; the framework does the rest. Your blocks appear in the library beside ours, with the same live monitoring."
      />

      <Section
        id="modules"
        title="100+ ready-to-use modules"
        intro="Filters, estimators, controllers, generators and hardware I/O, tested and documented. A few of them:"
      >
        <div class="mt-10 space-y-4">
          <Marquee direction="left" label="Module library, first row" />
          <Marquee direction="right" label="Module library, second row" />
        </div>
        <p class="mt-4 text-center text-sm text-slate-600">
          Hover or focus a row to pause it.
        </p>
      </Section>

      <PerksSection siteName={siteName} />
    </>
  );
}
