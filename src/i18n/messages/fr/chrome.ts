import type { Messages } from "../shape.ts";

export const chrome: Messages["chrome"] = {
  /** Every page's meta keywords after its own (the site's name follows). */
  keywords: ["carte DSP", "commande de moteurs", "temps réel", "programmation par schémas-blocs"],
  skipToContent: "Aller au contenu",
  nav: {
    home: "Accueil",
    features: "Fonctionnalités",
    videos: "Vidéos",
    shop: "Boutique",
    mbd: "MBD",
    about: "À propos",
    demo: "Demander une démo",
  },
  language: {
    name: "Français",
    short: "FR",
    switchTo: "Lire cette page en français",
    offer: "Ce site existe en français.",
    offerAccept: "Lire en français",
    offerDismiss: "Non merci",
    offerRegion: "Langue du site",
  },
  footer: {
    tagline: "Du matériel DSP et de commande moteur temps réel, programmé en schémas-blocs.",
    pages: "Pages",
    nav: "Pied de page",
    stayUpToDate: "Suivez nos actualités",
    rights: "© {year} {company}. Tous droits réservés.",
    terms: "Conditions générales",
    privacy: "Confidentialité",
    cookies: "Cookies",
    legalNotice: "Mentions légales",
    findOrders: "Retrouver mes commandes",
  },
  splash: {
    tagline: "DSP et commande moteur temps réel, programmés en schémas-blocs.",
    skip: "Passer",
  },
  notFound: {
    title: "Page introuvable",
    description: "Cette page n’existe pas sur le site {site}.",
    eyebrow: "Erreur 404",
    heading: "Signal perdu : page introuvable",
    text:
      "La page demandée n’est reliée à rien. Elle a peut-être été déplacée, ou l’adresse contient une faute de frappe.",
    searchLabel: "Rechercher sur le site",
    search: "Rechercher",
    home: "Aller à l’accueil",
    shop: "Voir la boutique",
  },
  search: {
    title: "Recherche",
    titleWithQuery: "Recherche : {query}",
    description: "Rechercher sur le site {site} : produits, vidéos et pages.",
    heading: "Recherche",
    label: "Rechercher des produits, des vidéos et des pages",
    placeholder: "filtre de Kalman, shield moteur, garantie…",
    submit: "Rechercher",
    none: "Aucun résultat pour « {query} ». Essayez avec moins de mots, ou d’autres.",
    countOne: "{count} résultat pour « {query} »",
    countOther: "{count} résultats pour « {query} »",
    kind: { page: "Page", video: "Vidéo", product: "Produit" },
  },
  unsubscribe: {
    title: "Désinscription",
    description: "Ne plus recevoir la lettre d’information.",
    confirmHeading: "Se désinscrire de la lettre d’information ?",
    confirmBefore: "Nous n’enverrons plus la lettre d’information à",
    confirmAfter: ".",
    submit: "Me désinscrire",
    doneHeading: "Désinscription confirmée",
    doneText:
      "ne recevra plus notre lettre d’information. Vous avez changé d’avis ? Réinscrivez-vous depuis le formulaire en bas de chaque page.",
    invalidHeading: "Ce lien de désinscription n’est pas valide",
    invalidText:
      "Utilisez le lien de la lettre elle-même, sans le modifier. S’il ne fonctionne toujours pas, écrivez-nous via le formulaire de demande et nous supprimerons votre adresse.",
    back: "Retour à l’accueil",
  },
};

export const header: Messages["header"] = {
  mainNav: "Principale",
  mobileNav: "Mobile",
  learnMore: "En savoir plus",
  learnMoreAbout: " sur {site}",
  openMenu: "Ouvrir le menu",
  closeMenu: "Fermer le menu",
  cartOne: "Panier, {count} article",
  cartOther: "Panier, {count} articles",
};

export const newsletter: Messages["newsletter"] = {
  empty: "Veuillez saisir votre adresse e-mail.",
  invalid: "Veuillez saisir une adresse e-mail valide.",
  success: "Merci de votre inscription !",
  failed: "L’inscription a échoué",
  network: "L’inscription a échoué. Veuillez réessayer plus tard.",
  busy: "Inscription…",
  intro:
    "Nouveautés produit, nouveaux modules et tutoriels, environ une fois par mois. Désinscription en un clic.",
  emailLabel: "Adresse e-mail",
  placeholder: "vous@exemple.fr",
  submit: "S’inscrire",
  consentBefore:
    "Nous conservons votre adresse, ainsi que la date et la page de votre inscription. Voir notre",
  consentLink: "politique de confidentialité",
  consentAfter: ".",
};

export const toasts: Messages["toasts"] = {
  region: "Notifications",
  close: "Fermer la notification",
};
