import { ConsultationBanner } from "./shared-sections.tsx";
import { FeatureRow, PageHero, Section, TileGrid } from "./ui.tsx";

/** The 'MBD' / Model-Based Design page (its content is not shown in the spec: written here). */
export default function MbdContent({ siteName }: { siteName: string }) {
  return (
    <>
      <PageHero
        eyebrow="Model-Based Design"
        title={`What is the ${siteName} MBD solution?`}
        text={`Model-Based Design (MBD) puts a model at the centre of development: you specify, simulate, implement and verify the same model. With ${siteName} that model is the block diagram, and it runs on the board as it is: no code generation between the model and the hardware.`}
        actions={[
          { href: "/request-a-demo", label: "Request a demo" },
          { href: "/features", label: "See the features" },
        ]}
      />

      <Section
        id="classic"
        title="The usual MBD chain, and where it hurts"
        intro="Classic MBD tools generate C code from the model, then compile, flash and test it. Each step is a place where the model and the running system can drift apart."
      >
        <ol class="mx-auto mt-10 grid max-w-5xl gap-4 sm:grid-cols-5">
          {["Model", "Generate code", "Integrate", "Compile and flash", "Test"].map((s, i) => (
            <li key={s} class="rounded-xl border border-slate-200 p-4 text-center">
              <span class="block text-sm font-semibold text-brand-700">Step {i + 1}</span>
              <span class="mt-1 block font-semibold text-ink">{s}</span>
            </li>
          ))}
        </ol>
        <p class="mx-auto mt-8 max-w-3xl text-center leading-7 text-slate-700">
          {siteName}{" "}
          shortens the chain to two steps: draw the model, run it. The modules are compiled once,
          tested once and shipped with the board; your diagram only connects and parameterises them,
          so nothing needs regenerating when you change it.
        </p>
      </Section>

      <div class="mx-auto max-w-7xl px-4 sm:px-6">
        <FeatureRow
          id="executable-specification"
          title="The diagram is the executable specification"
          text="Requirements become blocks and signals you can point at. The same diagram is reviewed, simulated, run on hardware and archived with its recorded runs."
          points={[
            "Simulate against a plant model, then switch the same diagram to real I/O",
            "Parameters, limits and units are visible in the drawing",
            "Diagrams are plain files: diff them, review them, version them",
          ]}
          image={{
            src: "/images/illustrations/block-diagram.svg",
            alt: "A speed loop drawn as blocks, as it runs on the board",
            width: 640,
            height: 420,
          }}
        />
        <FeatureRow
          id="verification"
          reverse
          title="Verification while it runs"
          text="Model-in-the-loop, hardware-in-the-loop and the final system use one diagram. Probes, recordings and live tuning turn every bench session into evidence."
          points={[
            "Record any signal at loop rate and compare it with the simulation",
            "Step, ramp and chirp generators for repeatable test inputs",
            "Loop-time monitoring proves the timing budget is met",
          ]}
          image={{
            src: "/images/illustrations/monitoring.svg",
            alt: "A live scope comparing measured and simulated signals",
            width: 640,
            height: 420,
          }}
        />
      </div>

      <Section id="who" tone="tint" title="Who uses it">
        <TileGrid
          columns={3}
          tiles={[
            {
              icon: "cap",
              title: "Teaching",
              text:
                "Students see the theory run: transfer functions, filters and controllers on real motors and sensors from the first lab.",
            },
            {
              icon: "bulb",
              title: "Research",
              text:
                "Try a new observer or adaptive law on a real plant the same day, with the data to publish.",
            },
            {
              icon: "motor",
              title: "Industry",
              text:
                "Prototype drives, test benches and inspection rigs, and keep the diagram as the reference for production.",
            },
          ]}
        />
      </Section>

      <ConsultationBanner siteName={siteName} />
    </>
  );
}
