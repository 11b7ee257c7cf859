import type { ComponentChildren } from "preact";

/** /request-a-demo: hero image, heading, the spec's text, then the form (the children). */
export default function DemoIntro(
  { siteName, children }: { siteName: string; children?: ComponentChildren },
) {
  return (
    <>
      <section class="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <div class="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2">
          <div>
            <h1 class="text-4xl font-bold leading-tight sm:text-5xl">Request a demo</h1>
            <p class="mt-6 max-w-xl text-lg leading-8 text-brand-50">
              Please submit your information below and we will contact you shortly to arrange your
              free trial.
            </p>
            <ul class="mt-8 list-disc space-y-2 pl-5 text-brand-50">
              <li>A one-hour live session with an engineer, on your use case</li>
              <li>A loan board and a {siteName} licence for a free 30-day trial</li>
              <li>Or our services: consulting, porting and training</li>
            </ul>
          </div>
          <img
            src="/images/products/dsp-board.svg"
            alt={`The ${siteName} DSP board`}
            width="400"
            height="300"
            fetchpriority="high"
            decoding="async"
            class="mx-auto h-auto w-full max-w-md rounded-2xl shadow-2xl"
          />
        </div>
      </section>
      <section aria-labelledby="demo-form-title" class="bg-white">
        <div class="mx-auto max-w-3xl px-4 py-14 sm:px-6">
          <h2 id="demo-form-title" class="text-2xl font-bold text-ink">
            Tell us about your project
          </h2>
          <p class="mt-2 text-slate-600">
            We answer within two working days. We use these details only to arrange your demo; see
            {" "}
            <a href="/privacy" class="font-semibold text-brand-700 underline">privacy</a>.
          </p>
          <div class="mt-8">{children}</div>
        </div>
      </section>
    </>
  );
}
