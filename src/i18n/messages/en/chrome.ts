import { NEWSLETTER_MESSAGES } from "../../../domain/newsletter.ts";

/** What every page shows around its content: header, footer, newsletter, toasts, language. */
export const chrome = {
  /** Every page's meta keywords after its own (the site's name follows). */
  keywords: ["DSP board", "motor control", "real-time", "block diagram programming"],
  skipToContent: "Skip to content",
  nav: {
    home: "Home",
    features: "Features",
    videos: "Videos",
    shop: "Shop",
    mbd: "MBD",
    about: "About",
    demo: "Request a demo",
  },
  /** This language as the other language's pages name it: their header switch and offer. */
  language: {
    name: "English",
    short: "EN",
    switchTo: "Read this page in English",
    /** The offer to a browser that prefers this language, shown on the other language's pages. */
    offer: "This site is also in English.",
    offerAccept: "Read in English",
    offerDismiss: "No thanks",
    offerRegion: "Site language",
  },
  footer: {
    tagline: "Real-time DSP and motor-control hardware, programmed as block diagrams.",
    pages: "Pages",
    nav: "Footer",
    stayUpToDate: "Stay up to date",
    rights: "© {year} {company}. All rights reserved.",
    terms: "General terms",
    privacy: "Privacy",
    cookies: "Cookies",
    legalNotice: "Legal notice",
    findOrders: "Find my orders",
  },
  splash: {
    tagline: "Real-time DSP and motor control, programmed as block diagrams.",
    skip: "Skip",
  },
  notFound: {
    title: "Page not found",
    description: "This page does not exist on the {site} site.",
    eyebrow: "Error 404",
    heading: "Signal lost: page not found",
    text:
      "The page you asked for is not wired to anything. It may have moved, or the address may have a typo.",
    searchLabel: "Search the site",
    search: "Search",
    home: "Go to the home page",
    shop: "Visit the shop",
  },
  search: {
    title: "Search",
    titleWithQuery: "Search: {query}",
    description: "Search the {site} site: products, videos and pages.",
    heading: "Search",
    label: "Search products, videos and pages",
    placeholder: "Kalman filter, motor shield, warranty...",
    submit: "Search",
    none: "No results for “{query}”. Try fewer or other words.",
    countOne: "{count} result for “{query}”",
    countOther: "{count} results for “{query}”",
    kind: { page: "Page", video: "Video", product: "Product" },
  },
  unsubscribe: {
    title: "Unsubscribe",
    description: "Stop receiving the newsletter.",
    confirmHeading: "Unsubscribe from the newsletter?",
    confirmBefore: "We will stop sending the newsletter to",
    confirmAfter: ".",
    submit: "Unsubscribe",
    doneHeading: "You have been unsubscribed",
    doneText:
      "will not receive our newsletter any more. Changed your mind? Subscribe again from the form at the bottom of any page.",
    invalidHeading: "This unsubscribe link is not valid",
    invalidText:
      "Please use the link from the newsletter itself, unchanged. If it still fails, write to us through the request form and we will remove your address.",
    back: "Back to the home page",
  },
};

export const header = {
  mainNav: "Main",
  mobileNav: "Mobile",
  learnMore: "Learn More",
  learnMoreAbout: " about {site}",
  openMenu: "Open menu",
  closeMenu: "Close menu",
  /** The cart link's label, with the count in words for screen readers. */
  cartOne: "Cart, {count} item",
  cartOther: "Cart, {count} items",
};

export const newsletter = {
  ...NEWSLETTER_MESSAGES,
  intro: "Product news, new modules and tutorials, about once a month. Unsubscribe with one click.",
  emailLabel: "Email address",
  placeholder: "you@example.com",
  submit: "Subscribe",
  consentBefore: "We keep your address and when and where you subscribed. See our",
  consentLink: "privacy notice",
  consentAfter: ".",
};

export const toasts = {
  region: "Notifications",
  close: "Close notification",
};
