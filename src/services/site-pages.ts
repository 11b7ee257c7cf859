import { MBD_PATH, SITE_NAME } from "./site.ts";

/**
 * The public pages with their metadata: the pages read their title and description from here,
 * and the sitemap and the site search list them.
 */
export interface SitePage {
  path: string;
  title: string;
  description: string;
  keywords: string[];
}

const page = (path: string, title: string, description: string, keywords: string[]): SitePage => ({
  path,
  title,
  description,
  keywords,
});

export const PAGES = {
  home: page(
    "/home",
    `${SITE_NAME}: real-time DSP and motor control, programmed as block diagrams`,
    `${SITE_NAME} pairs a real-time DSP and motor-control board with a drawing-like programming framework: draw the loop, run it, and watch every signal live.`,
    ["drawing-like programming", "motor control board", "robotics", "biomedical", "audio"],
  ),
  features: page(
    "/features",
    "Features",
    `What ${SITE_NAME} gives you: drawing-like programming, real-time monitoring and debugging, a versatile electronic board and rapid prototyping.`,
    [
      "real-time monitoring",
      "debugging",
      "rapid prototyping",
      "shield",
      "Arduino",
      "STM32",
      "Raspberry Pi",
    ],
  ),
  videos: page(
    "/video-library",
    "Video Library",
    `Watch ${SITE_NAME} at work: overview, motor control, Industry 4.0, robotics and biomedical demonstrations.`,
    ["videos", "tutorials", "field-oriented control", "Industry 4.0", "robotics", "biomedical"],
  ),
  about: page(
    "/about",
    "About Drawing-Like Programming",
    `How drawing-like programming with ${SITE_NAME} takes a control idea from concept to real hardware: design, simulate, test and deploy with 100+ ready-to-use modules.`,
    ["drawing-like programming", "DLP", "modules", "Kalman filter", "PID", "FFT", "FIR filter"],
  ),
  mbd: page(
    MBD_PATH,
    `What is the ${SITE_NAME} MBD solution?`,
    `Model-Based Design with ${SITE_NAME}: the block diagram is the executable specification, runs on the board without code generation and is verified while it runs.`,
    [
      "model-based design",
      "MBD",
      "executable specification",
      "hardware in the loop",
      "verification",
    ],
  ),
  demo: page(
    "/request-a-demo",
    "Request a demo",
    `Request a free ${SITE_NAME} demo or our engineering services: tell us about your project and we will contact you shortly to arrange your free trial.`,
    ["free trial", "demo", "consulting", "services", "training"],
  ),
  terms1: page(
    "/general-terms/page/1",
    "General Terms of Sale (1/3)",
    "General terms of sale, part 1: seller, purpose, acceptance, order, rates, price, payment, late payment, delivery and delivery times.",
    ["general terms", "terms of sale", "payment", "delivery"],
  ),
  terms2: page(
    "/general-terms/page/2",
    "General Terms of Sale (2/3)",
    "General terms of sale, part 2: transport risks, receipt, retention of title, licence, warranty, intellectual property and liability.",
    ["general terms", "warranty", "retention of title", "licence"],
  ),
  terms3: page(
    "/general-terms/page/3",
    "General Terms of Sale (3/3)",
    "General terms of sale, part 3: exclusion and cap of liability, subcontracting, environment, personal data, governing law, mediation and jurisdiction.",
    ["general terms", "personal data", "governing law", "mediation"],
  ),
  privacy: page(
    "/privacy",
    "Privacy",
    `What ${SITE_NAME} keeps about you (orders, demo requests, newsletter consent, your cart in your own browser), why, for how long, and your rights.`,
    ["privacy", "personal data", "GDPR", "newsletter", "unsubscribe"],
  ),
  cookies: page(
    "/cookies",
    "Cookies",
    `${SITE_NAME} sets no tracking or advertising cookies. The only thing stored in your browser is your cart, in local storage, so it survives a reload.`,
    ["cookies", "local storage", "cart"],
  ),
  shop: page(
    "/shop",
    "Shop",
    "Buy the real-time DSP and motor-control development board, motor driver shields, sensors and accessories.",
    ["shop", "buy", "DSP board"],
  ),
} as const;

/** Every indexable public page, in sitemap order. */
export const PUBLIC_PAGES: SitePage[] = [
  PAGES.home,
  PAGES.features,
  PAGES.videos,
  PAGES.shop,
  PAGES.about,
  PAGES.mbd,
  PAGES.demo,
  PAGES.terms1,
  PAGES.terms2,
  PAGES.terms3,
  PAGES.privacy,
  PAGES.cookies,
];
