import { ConsultationBanner, PartnersStrip } from "./shared-sections.tsx";
import { buttonOutline, PageHero, Section, TileGrid } from "./ui.tsx";

/** /home: the landing page, in the spec's order. */
export default function HomeContent({ siteName }: { siteName: string }) {
  return (
    <>
      <PageHero
        eyebrow="Real-time DSP and motor control"
        title="Draw your control loop. Run it on real hardware."
        text={`${siteName} is a development board and a drawing-like programming framework for signal processing, motor control, robotics and automation. Connect blocks, press Run, and watch every signal live while you tune it.`}
        actions={[
          { href: "/request-a-demo", label: "Request a free demo" },
          { href: "/features", label: "Explore the features" },
        ]}
        image={{
          src: "/images/illustrations/block-diagram.svg",
          alt: "A speed control loop drawn as blocks, with the motor speed plotted live",
          width: 640,
          height: 420,
        }}
      />

      <Section id="intro" title="Programming that looks like the diagram on your whiteboard">
        <div class="mx-auto mt-10 grid max-w-5xl gap-8 text-lg leading-8 text-slate-700 md:grid-cols-2">
          <p data-reveal>
            Engineers think in blocks: a filter, an observer, a controller, a power stage. With{" "}
            {siteName}{" "}
            you write the program the same way. Each block is a tested piece of C++ that runs on the
            board; the wires between them are the signals. There is no code generation step and no
            toolchain to tame: the framework schedules the blocks, reads the inputs and drives the
            outputs at a fixed rate, up to 20 kHz.
          </p>
          <p data-reveal class="reveal-delay-1">
            When a block you need does not exist yet, write it in a few lines of high-level C++ or
            Python and drop it in the diagram. Students get a working loop in their first session;
            experienced engineers get a fast, honest bench where a changed gain is live in a second
            and every internal signal can be probed without a debugger.
          </p>
        </div>
        <p class="mt-10 text-center">
          <a href="/about" class={buttonOutline}>How drawing-like programming works</a>
        </p>
      </Section>

      <Section
        id="benefits"
        tone="tint"
        title="Why it feels different"
        intro="Four things our users mention first."
      >
        <TileGrid
          tiles={[
            {
              icon: "pencil",
              title: "A short learning curve",
              text:
                "If you can read a block diagram, you can program the board. Most users run their first closed loop within an hour.",
            },
            {
              icon: "pulse",
              title: "Real-time monitoring",
              text:
                "Plot any signal of the running diagram on your PC, at full rate, and change parameters while the motor turns.",
            },
            {
              icon: "layers",
              title: "No code generation",
              text:
                "The diagram is the program. Nothing to regenerate, recompile or flash when you change it: press Run again.",
            },
            {
              icon: "chip",
              title: "Fits your hardware",
              text:
                "Use it as a shield for Arduino, STM32 Nucleo or Raspberry Pi, or on its own over USB from a PC.",
            },
          ]}
        />
      </Section>

      <Section id="achievements" title="What the board and framework deliver">
        <dl class="mx-auto mt-12 grid max-w-5xl gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {[
            ["20 kHz", "control loop rate on the 480 MHz DSP core"],
            ["100+", "ready-to-use modules: filters, estimators, controllers, I/O"],
            ["4", "host platforms: Arduino, STM32, Raspberry Pi and PC"],
            ["0", "lines of generated code to maintain"],
          ].map(([figure, label], i) => (
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

      <Section
        id="industries"
        tone="tint"
        title="Built for the fields that need real time"
        intro="The same board and the same diagrams, from the teaching lab to the production line."
      >
        <TileGrid
          tiles={[
            {
              icon: "robot",
              title: "Robotics",
              text:
                "Sensor fusion, joint control and path following with IMU, encoder and servo blocks ready to wire.",
            },
            {
              icon: "motor",
              title: "Motor Control",
              text:
                "DC, BLDC, PMSM and stepper drives: field-oriented control, observers and six PWM channels with dead-time.",
            },
            {
              icon: "heart",
              title: "Biomedical",
              text:
                "ECG, EMG and respiration signals filtered and analysed in real time for research rigs and teaching.",
            },
            {
              icon: "audio",
              title: "Audio processing",
              text:
                "FIR and IIR filters, FFT analysis and effects at audio rates, with every stage audible and visible.",
            },
          ]}
        />
      </Section>

      <ConsultationBanner siteName={siteName} />
      <PartnersStrip />

      <Section
        id="resources"
        title="Resources to get you going"
        intro="Ask for access when you request your demo: every trial includes all three."
      >
        <TileGrid
          columns={3}
          tiles={[
            {
              icon: "book",
              title: "Documentation hub",
              text:
                "Getting-started guides, a reference page for every module and worked examples from filters to full drives.",
              href: "/request-a-demo",
              linkLabel: "Get access",
            },
            {
              icon: "cap",
              title: "Training",
              text:
                "Half-day and two-day courses, on site or remote, for engineering teams and university labs.",
              href: "/request-a-demo",
              linkLabel: "Plan a training",
            },
            {
              icon: "chat",
              title: "Community forum",
              text:
                "Questions, shared diagrams and project write-ups from students, researchers and engineers.",
              href: "/request-a-demo",
              linkLabel: "Join the forum",
            },
          ]}
        />
      </Section>
    </>
  );
}
