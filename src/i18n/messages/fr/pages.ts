import type { Messages } from "../shape.ts";

export const pages: Messages["pages"] = (site: string) => ({
  home: {
    title: `${site} : DSP et commande moteur temps réel, programmés en schémas-blocs`,
    description:
      `${site} associe une carte DSP et de commande moteur temps réel à un environnement de programmation par le dessin : dessinez la boucle, lancez-la et observez chaque signal en direct.`,
    keywords: [
      "programmation par le dessin",
      "carte de commande moteur",
      "robotique",
      "biomédical",
      "audio",
    ],
  },
  features: {
    title: "Fonctionnalités",
    description:
      `Ce que ${site} vous apporte : la programmation par le dessin, la supervision et le débogage en temps réel, une carte électronique polyvalente et le prototypage rapide.`,
    keywords: [
      "supervision temps réel",
      "débogage",
      "prototypage rapide",
      "shield",
      "Arduino",
      "STM32",
      "Raspberry Pi",
    ],
  },
  videos: {
    title: "Vidéothèque",
    description:
      `${site} à l’œuvre : présentation, commande moteur, industrie 4.0, robotique et démonstrations biomédicales.`,
    keywords: [
      "vidéos",
      "tutoriels",
      "commande vectorielle",
      "industrie 4.0",
      "robotique",
      "biomédical",
    ],
  },
  about: {
    title: "La programmation par le dessin",
    description:
      `Comment la programmation par le dessin avec ${site} mène une idée de commande jusqu’au matériel réel : concevoir, simuler, tester et déployer avec plus de 100 modules prêts à l’emploi.`,
    keywords: [
      "programmation par le dessin",
      "DLP",
      "modules",
      "filtre de Kalman",
      "PID",
      "FFT",
      "filtre FIR",
    ],
  },
  mbd: {
    title: `Qu’est-ce que la solution MBD de ${site} ?`,
    description:
      `La conception fondée sur les modèles avec ${site} : le schéma-blocs est la spécification exécutable, il tourne sur la carte sans génération de code et se vérifie pendant qu’il tourne.`,
    keywords: [
      "conception fondée sur les modèles",
      "MBD",
      "spécification exécutable",
      "hardware in the loop",
      "vérification",
    ],
  },
  demo: {
    title: "Demander une démo",
    description:
      `Demandez une démo gratuite de ${site} ou nos services d’ingénierie : parlez-nous de votre projet et nous vous contacterons rapidement pour organiser votre essai gratuit.`,
    keywords: ["essai gratuit", "démo", "conseil", "services", "formation"],
  },
  terms1: {
    title: "Conditions générales de vente (1/3)",
    description:
      "Conditions générales de vente, partie 1 : vendeur, objet, acceptation, commande, tarifs, prix, paiement, retard de paiement, livraison et délais de livraison.",
    keywords: ["conditions générales", "conditions de vente", "paiement", "livraison"],
  },
  terms2: {
    title: "Conditions générales de vente (2/3)",
    description:
      "Conditions générales de vente, partie 2 : risques du transport, réception, réserve de propriété, licence, garantie, propriété intellectuelle et responsabilité.",
    keywords: ["conditions générales", "garantie", "réserve de propriété", "licence"],
  },
  terms3: {
    title: "Conditions générales de vente (3/3)",
    description:
      "Conditions générales de vente, partie 3 : responsabilité, sous-traitance, environnement, données personnelles, droit applicable, médiation, juridiction et, pour les consommateurs, droit de rétractation et garanties légales.",
    keywords: ["conditions générales", "droit de rétractation", "garantie légale", "médiation"],
  },
  termsVersion: {
    title: "Conditions générales de vente, version datée",
    description:
      "Les conditions générales de vente sur une seule page, datées : ce qu’a accepté une commande passée sous cette version.",
    keywords: ["conditions générales", "conditions de vente", "version"],
  },
  legalNotice: {
    title: "Mentions légales",
    description:
      `Qui édite et héberge le site ${site} : société, siège social, immatriculation, contact, directeur de la publication, hébergeur et médiateur de la consommation.`,
    keywords: ["mentions légales", "éditeur", "hébergeur", "médiateur"],
  },
  withdrawalForm: {
    title: "Formulaire de rétractation",
    description:
      "Le modèle de formulaire de rétractation pour les consommateurs : 14 jours à compter de la livraison pour vous rétracter d’une commande, sur cette page ou en PDF.",
    keywords: ["droit de rétractation", "formulaire de rétractation", "retour", "consommateur"],
  },
  privacy: {
    title: "Confidentialité",
    description:
      `Ce que ${site} conserve à votre sujet (commandes, demandes de démo, consentement à la lettre d’information, votre panier dans votre propre navigateur), pourquoi, combien de temps, et vos droits.`,
    keywords: [
      "confidentialité",
      "données personnelles",
      "RGPD",
      "lettre d’information",
      "désinscription",
    ],
  },
  cookies: {
    title: "Cookies",
    description:
      `${site} ne dépose aucun cookie de suivi ni de publicité. La seule chose enregistrée dans votre navigateur est votre panier, dans le stockage local, pour qu’il résiste à un rechargement.`,
    keywords: ["cookies", "stockage local", "panier"],
  },
  shop: {
    title: "Boutique",
    description:
      "Achetez la carte de développement DSP et de commande moteur temps réel, des shields de pilotage moteur, des capteurs et des accessoires.",
    keywords: ["boutique", "acheter", "carte DSP"],
  },
});
