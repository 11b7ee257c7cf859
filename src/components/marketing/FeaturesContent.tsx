import { ConsultationBanner, PartnersStrip } from "./shared-sections.tsx";
import { FeatureRow, PageHero } from "./ui.tsx";

/** /features: four alternating sections, then the consultation banner and the partners. */
export default function FeaturesContent({ siteName }: { siteName: string }) {
  return (
    <>
      <PageHero
        eyebrow="Features"
        title={`Everything ${siteName} does for your control project`}
        text="One board, one framework, one workflow: draw the algorithm, run it on real hardware, see every signal, and change it while it runs."
        actions={[
          { href: "/request-a-demo", label: "Request a demo" },
          { href: "/video-library", label: "Watch it work" },
        ]}
      />
      <div class="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <FeatureRow
          id="drawing-like-programming"
          title="Drawing-like programming"
          text={`In ${siteName} a program is a block diagram. Pick modules from the library, wire outputs to inputs, set parameters, and the framework turns the drawing into a scheduled real-time task on the board.`}
          points={[
            "100+ tested modules: filters, estimators, controllers, generators and I/O",
            "Your own blocks in high-level C++ or Python, with inputs, outputs and parameters",
            "Multi-rate diagrams: a 20 kHz current loop beside a 1 kHz speed loop",
            "No code generation: the diagram you see is the program that runs",
          ]}
          image={{
            src: "/images/illustrations/block-diagram.svg",
            alt: "Blocks for a reference, a PID controller, PWM and a motor wired into a loop",
            width: 640,
            height: 420,
          }}
        />
        <FeatureRow
          id="monitoring"
          reverse
          title="Real-time monitoring and debugging"
          text="Every wire of the running diagram can be watched on your PC. Add a probe, open a scope, and see the signal at the loop's own rate, without stopping the board or adding print statements."
          points={[
            "Live scopes with triggers, cursors and CSV export",
            "Change gains and set-points while the system runs",
            "Loop-time and CPU-load counters for every task",
            "Record a run and replay it beside a simulation",
          ]}
          image={{
            src: "/images/illustrations/monitoring.svg",
            alt: "A live scope showing three signals and a gain slider",
            width: 640,
            height: 420,
          }}
        />
        <FeatureRow
          id="board"
          title="A versatile electronic board"
          text="The board is a shield for Arduino, STM32 Nucleo and Raspberry Pi, or a stand-alone module on USB-C. It brings the analogue and power-electronics interfaces a control project needs."
          points={[
            "480 MHz DSP core with a double-precision floating-point unit",
            "6 PWM channels with dead-time, ready for a three-phase inverter",
            "8 × 16-bit ADC channels, 2 DAC outputs, 2 quadrature encoder inputs",
            "Stacks with our motor driver, sensor and USB isolation modules",
          ]}
          image={{
            src: "/images/products/dsp-board.svg",
            alt: "Top view of the DSP development board",
            width: 400,
            height: 300,
          }}
        />
        <FeatureRow
          id="rapid-prototyping"
          reverse
          title="Rapid prototyping"
          text="Because a change is live in seconds, you can try ideas at the speed you have them. The diagram that worked on the bench becomes the specification of the product, with its test recordings."
          points={[
            "From idea to a turning motor in an afternoon",
            "Swap a controller or an observer without rewiring anything",
            "Share diagrams with colleagues and students as plain files",
            "Keep the diagram as the reference when you move to production",
          ]}
          image={{
            src: "/images/illustrations/prototyping.svg",
            alt: "An idea, a prototype and a product, with a curve converging on its target",
            width: 640,
            height: 420,
          }}
        />
      </div>
      <ConsultationBanner siteName={siteName} />
      <PartnersStrip />
    </>
  );
}
