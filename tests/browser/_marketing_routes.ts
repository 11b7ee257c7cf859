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
  { path: "/general-terms/2026-11-27", heading: "General Terms of Sale" },
  { path: "/legal-notice", heading: "Legal notice" },
  { path: "/withdrawal-form", heading: "Model withdrawal form" },
  { path: "/search?q=filter", heading: "Search" },
];

/** The same routes in French under /fr/, with the heading each one shows. */
export const FRENCH_MARKETING_ROUTES: { path: string; heading: string }[] = [
  {
    path: "/fr/",
    heading: "Dessinez votre boucle de commande. Faites-la tourner sur du vrai matériel.",
  },
  {
    path: "/fr/home",
    heading: "Dessinez votre boucle de commande. Faites-la tourner sur du vrai matériel.",
  },
  { path: "/fr/features", heading: "Tout ce que Vectra apporte à votre projet de commande" },
  { path: "/fr/video-library", heading: "Vectra à l’œuvre" },
  { path: "/fr/about", heading: "La puissance de la programmation par le dessin" },
  {
    path: "/fr/what-is-vectra-mbd-solution",
    heading: "Qu’est-ce que la solution MBD de Vectra\u202f?",
  },
  { path: "/fr/request-a-demo", heading: "Demander une démo" },
  { path: "/fr/general-terms/page/1", heading: "Conditions générales de vente" },
  { path: "/fr/general-terms/page/2", heading: "Conditions générales de vente" },
  { path: "/fr/general-terms/page/3", heading: "Conditions générales de vente" },
  { path: "/fr/privacy", heading: "Confidentialité" },
  { path: "/fr/cookies", heading: "Cookies" },
  { path: "/fr/general-terms/2026-11-27", heading: "Conditions générales de vente" },
  { path: "/fr/legal-notice", heading: "Mentions légales" },
  { path: "/fr/withdrawal-form", heading: "Formulaire de rétractation" },
  { path: "/fr/search?q=filtre", heading: "Recherche" },
];
