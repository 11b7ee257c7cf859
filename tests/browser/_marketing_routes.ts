/** The marketing routes and the heading each one shows (shared by the browser and a11y tests). */
export const MARKETING_ROUTES: { path: string; heading: string }[] = [
  { path: "/", heading: "Draw your control loop. Run it on real hardware." },
  { path: "/home", heading: "Draw your control loop. Run it on real hardware." },
  { path: "/features", heading: "Everything Vectra does for your control project" },
  { path: "/video-library", heading: "See Vectra at work" },
  { path: "/about", heading: "The Power of Drawing-Like Programming" },
  { path: "/what-is-vectra-mbd-solution", heading: "What is the Vectra MBD solution?" },
  { path: "/request-a-demo", heading: "Request a demo" },
  { path: "/general-terms/page/1", heading: "General Terms of Sale" },
  { path: "/general-terms/page/2", heading: "General Terms of Sale" },
  { path: "/general-terms/page/3", heading: "General Terms of Sale" },
  { path: "/privacy", heading: "Privacy" },
  { path: "/cookies", heading: "Cookies" },
  { path: "/search?q=filter", heading: "Search" },
];
