/** Each public page's title, description and keywords (the head, the sitemap, the search). */
export const pages = (site: string) => ({
  home: {
    title: `${site}: real-time DSP and motor control, programmed as block diagrams`,
    description:
      `${site} pairs a real-time DSP and motor-control board with a drawing-like programming framework: draw the loop, run it, and watch every signal live.`,
    keywords: [
      "drawing-like programming",
      "motor control board",
      "robotics",
      "biomedical",
      "audio",
    ],
  },
  features: {
    title: "Features",
    description:
      `What ${site} gives you: drawing-like programming, real-time monitoring and debugging, a versatile electronic board and rapid prototyping.`,
    keywords: [
      "real-time monitoring",
      "debugging",
      "rapid prototyping",
      "shield",
      "Arduino",
      "STM32",
      "Raspberry Pi",
    ],
  },
  videos: {
    title: "Video Library",
    description:
      `Watch ${site} at work: overview, motor control, Industry 4.0, robotics and biomedical demonstrations.`,
    keywords: [
      "videos",
      "tutorials",
      "field-oriented control",
      "Industry 4.0",
      "robotics",
      "biomedical",
    ],
  },
  about: {
    title: "About Drawing-Like Programming",
    description:
      `How drawing-like programming with ${site} takes a control idea from concept to real hardware: design, simulate, test and deploy with 100+ ready-to-use modules.`,
    keywords: [
      "drawing-like programming",
      "DLP",
      "modules",
      "Kalman filter",
      "PID",
      "FFT",
      "FIR filter",
    ],
  },
  mbd: {
    title: `What is the ${site} MBD solution?`,
    description:
      `Model-Based Design with ${site}: the block diagram is the executable specification, runs on the board without code generation and is verified while it runs.`,
    keywords: [
      "model-based design",
      "MBD",
      "executable specification",
      "hardware in the loop",
      "verification",
    ],
  },
  demo: {
    title: "Request a demo",
    description:
      `Request a free ${site} demo or our engineering services: tell us about your project and we will contact you shortly to arrange your free trial.`,
    keywords: ["free trial", "demo", "consulting", "services", "training"],
  },
  terms1: {
    title: "General Terms of Sale (1/3)",
    description:
      "General terms of sale, part 1: seller, purpose, acceptance, order, rates, price, payment, late payment, delivery and delivery times.",
    keywords: ["general terms", "terms of sale", "payment", "delivery"],
  },
  terms2: {
    title: "General Terms of Sale (2/3)",
    description:
      "General terms of sale, part 2: transport risks, receipt, retention of title, licence, warranty, intellectual property and liability.",
    keywords: ["general terms", "warranty", "retention of title", "licence"],
  },
  terms3: {
    title: "General Terms of Sale (3/3)",
    description:
      "General terms of sale, part 3: liability, subcontracting, environment, personal data, governing law, mediation, jurisdiction, and for consumers the right of withdrawal and the legal guarantees.",
    keywords: ["general terms", "right of withdrawal", "legal guarantee", "mediation"],
  },
  termsVersion: {
    title: "General Terms of Sale, dated version",
    description:
      "The general terms of sale in one page, as dated: what an order placed under this version accepted.",
    keywords: ["general terms", "terms of sale", "version"],
  },
  legalNotice: {
    title: "Legal notice",
    description:
      `Who publishes and hosts the ${site} website: company, registered office, registration, contact, publication director, host and consumer mediator.`,
    keywords: ["legal notice", "publisher", "host", "mediator"],
  },
  withdrawalForm: {
    title: "Model withdrawal form",
    description:
      "The model withdrawal form for consumers: 14 days from delivery to withdraw from an order, on this page or as a PDF.",
    keywords: ["right of withdrawal", "withdrawal form", "return", "consumer"],
  },
  privacy: {
    title: "Privacy",
    description:
      `What ${site} keeps about you (orders, demo requests, newsletter consent, your cart in your own browser), why, for how long, and your rights.`,
    keywords: ["privacy", "personal data", "GDPR", "newsletter", "unsubscribe"],
  },
  cookies: {
    title: "Cookies",
    description:
      `${site} sets no tracking or advertising cookies. The only thing stored in your browser is your cart, in local storage, so it survives a reload.`,
    keywords: ["cookies", "local storage", "cart"],
  },
  shop: {
    title: "Shop",
    description:
      "Buy the real-time DSP and motor-control development board, motor driver shields, sensors and accessories.",
    keywords: ["shop", "buy", "DSP board"],
  },
});
