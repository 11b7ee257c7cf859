import type { Messages } from "../shape.ts";

export const home: Messages["home"] = (site: string) => ({
  hero: {
    eyebrow: "DSP et commande moteur temps réel",
    title: "Dessinez votre boucle de commande. Faites-la tourner sur du vrai matériel.",
    text:
      `${site} est une carte de développement et un environnement de programmation par le dessin pour le traitement du signal, la commande moteur, la robotique et l’automatisme. Reliez des blocs, appuyez sur Run et observez chaque signal en direct pendant que vous réglez.`,
    demo: "Demander une démo gratuite",
    features: "Découvrir les fonctionnalités",
    imageAlt:
      "Une boucle de régulation de vitesse dessinée en blocs, avec la vitesse du moteur tracée en direct",
  },
  intro: {
    title: "Une programmation qui ressemble au schéma de votre tableau blanc",
    p1:
      `Les ingénieurs pensent en blocs : un filtre, un observateur, un correcteur, un étage de puissance. Avec ${site}, vous écrivez le programme de la même façon. Chaque bloc est un morceau de C++ éprouvé qui tourne sur la carte ; les fils qui les relient sont les signaux. Pas d’étape de génération de code, pas de chaîne d’outils à dompter : l’environnement ordonnance les blocs, lit les entrées et pilote les sorties à cadence fixe, jusqu’à 20 kHz.`,
    p2:
      "Quand le bloc qu’il vous faut n’existe pas encore, écrivez-le en quelques lignes de C++ de haut niveau ou de Python et déposez-le dans le schéma. Les étudiants obtiennent une boucle qui fonctionne dès leur première séance ; les ingénieurs expérimentés, un banc rapide et fiable où un gain modifié est actif en une seconde et où chaque signal interne se sonde sans débogueur.",
    more: "Comment fonctionne la programmation par le dessin",
  },
  benefits: {
    title: "Pourquoi c’est différent",
    intro: "Les quatre points que nos utilisateurs citent en premier.",
    tiles: [
      {
        title: "Une prise en main rapide",
        text:
          "Si vous savez lire un schéma-blocs, vous savez programmer la carte. La plupart des utilisateurs font tourner leur première boucle fermée en moins d’une heure.",
      },
      {
        title: "Supervision en temps réel",
        text:
          "Tracez n’importe quel signal du schéma en cours d’exécution sur votre PC, à pleine cadence, et modifiez les paramètres pendant que le moteur tourne.",
      },
      {
        title: "Aucune génération de code",
        text:
          "Le schéma est le programme. Rien à régénérer, recompiler ou flasher quand vous le modifiez : appuyez de nouveau sur Run.",
      },
      {
        title: "S’adapte à votre matériel",
        text:
          "Utilisez-la comme shield pour Arduino, STM32 Nucleo ou Raspberry Pi, ou seule en USB depuis un PC.",
      },
    ],
  },
  achievements: {
    title: "Ce que la carte et l’environnement apportent",
    figures: [
      ["20 kHz", "de fréquence de boucle sur le cœur DSP à 480 MHz"],
      ["100+", "modules prêts à l’emploi : filtres, estimateurs, correcteurs, E/S"],
      ["4", "plateformes hôtes : Arduino, STM32, Raspberry Pi et PC"],
      ["0", "ligne de code généré à maintenir"],
    ],
  },
  industries: {
    title: "Conçu pour les domaines qui exigent le temps réel",
    intro:
      "La même carte et les mêmes schémas, du laboratoire d’enseignement à la ligne de production.",
    tiles: [
      {
        title: "Robotique",
        text:
          "Fusion de capteurs, commande d’articulations et suivi de trajectoire, avec des blocs IMU, codeur et servo prêts à câbler.",
      },
      {
        title: "Commande moteur",
        text:
          "Moteurs CC, BLDC, PMSM et pas-à-pas : commande vectorielle, observateurs et six voies MLI avec temps mort.",
      },
      {
        title: "Biomédical",
        text:
          "Signaux ECG, EMG et respiratoires filtrés et analysés en temps réel, pour les bancs de recherche et l’enseignement.",
      },
      {
        title: "Traitement audio",
        text:
          "Filtres FIR et IIR, analyse FFT et effets à cadence audio, chaque étage audible et visible.",
      },
    ],
  },
  resources: {
    title: "Des ressources pour bien démarrer",
    intro: "Demandez-en l’accès avec votre démo : chaque essai comprend les trois.",
    tiles: [
      {
        title: "Centre de documentation",
        text:
          "Guides de démarrage, une page de référence par module et des exemples commentés, du filtre à l’entraînement complet.",
        link: "Obtenir l’accès",
      },
      {
        title: "Formation",
        text:
          "Stages d’une demi-journée ou de deux jours, sur site ou à distance, pour les équipes d’ingénierie et les laboratoires universitaires.",
        link: "Planifier une formation",
      },
      {
        title: "Forum de la communauté",
        text:
          "Questions, schémas partagés et comptes rendus de projets d’étudiants, de chercheurs et d’ingénieurs.",
        link: "Rejoindre le forum",
      },
    ],
  },
});

export const shared: Messages["shared"] = (site: string) => ({
  consultation: {
    title: "Besoin d’un coup de main pour votre projet de commande ?",
    text:
      `Nos ingénieurs conçoivent des correcteurs, portent vos algorithmes existants sur ${site} et forment votre équipe, d’une consultation de deux heures à un prototype complet.`,
    button: "Demander nos services",
  },
  partners: "Ils nous font confiance : laboratoires, start-up et industriels",
  perks: {
    title: `Pourquoi les équipes choisissent ${site}`,
    intro: "Les quatre mêmes raisons reviennent dans chaque projet que nous accompagnons.",
    tiles: [
      {
        title: "Rapidité",
        text:
          `Passez d’une idée à une boucle qui tourne sur le matériel en un après-midi. ${site} ne compile rien : un bloc modifié s’exécute aussitôt.`,
      },
      {
        title: "Risques réduits",
        text:
          "Simulez avant de mettre sous tension, observez chaque signal pendant l’exécution et repérez un mauvais gain avant qu’il ne grille un étage.",
      },
      {
        title: "Économies",
        text:
          "Une carte et un outil pour la recherche, l’enseignement et les prototypes produits : moins de licences, moins de cartes sur mesure, des projets plus courts.",
      },
      {
        title: "Innovation",
        text:
          "Quand essayer une idée coûte quelques minutes, les équipes en essaient davantage. Observateurs, filtres adaptatifs et nouvelles topologies deviennent une expérience, pas un projet.",
      },
    ],
  },
  learnMore: "En savoir plus",
  linkTitleSeparator: " : ",
});

export const features: Messages["features"] = (site: string) => ({
  hero: {
    eyebrow: "Fonctionnalités",
    title: `Tout ce que ${site} apporte à votre projet de commande`,
    text:
      "Une carte, un environnement, une méthode : dessinez l’algorithme, exécutez-le sur du vrai matériel, observez chaque signal et modifiez-le pendant qu’il tourne.",
    demo: "Demander une démo",
    videos: "Le voir en action",
  },
  rows: [
    {
      title: "La programmation par le dessin",
      text:
        `Dans ${site}, un programme est un schéma-blocs. Choisissez des modules dans la bibliothèque, reliez les sorties aux entrées, réglez les paramètres : l’environnement transforme le dessin en tâche temps réel ordonnancée sur la carte.`,
      points: [
        "Plus de 100 modules éprouvés : filtres, estimateurs, correcteurs, générateurs et E/S",
        "Vos propres blocs en C++ de haut niveau ou en Python, avec entrées, sorties et paramètres",
        "Schémas multicadences : une boucle de courant à 20 kHz à côté d’une boucle de vitesse à 1 kHz",
        "Aucune génération de code : le schéma que vous voyez est le programme qui tourne",
      ],
      imageAlt: "Des blocs consigne, correcteur PID, MLI et moteur reliés en boucle",
    },
    {
      title: "Supervision et débogage en temps réel",
      text:
        "Chaque fil du schéma en cours d’exécution s’observe sur votre PC. Ajoutez une sonde, ouvrez un oscilloscope et voyez le signal à la cadence même de la boucle, sans arrêter la carte ni ajouter d’affichages de trace.",
      points: [
        "Oscilloscopes en direct avec déclenchement, curseurs et export CSV",
        "Gains et consignes modifiables pendant que le système tourne",
        "Compteurs de temps de boucle et de charge processeur pour chaque tâche",
        "Enregistrez un essai et rejouez-le à côté d’une simulation",
      ],
      imageAlt: "Un oscilloscope en direct affichant trois signaux et un curseur de gain",
    },
    {
      title: "Une carte électronique polyvalente",
      text:
        "La carte est un shield pour Arduino, STM32 Nucleo et Raspberry Pi, ou un module autonome en USB-C. Elle apporte les interfaces analogiques et d’électronique de puissance dont un projet de commande a besoin.",
      points: [
        "Cœur DSP à 480 MHz avec unité de calcul flottant double précision",
        "6 voies MLI avec temps mort, prêtes pour un onduleur triphasé",
        "8 voies CAN 16 bits, 2 sorties CNA, 2 entrées de codeur en quadrature",
        "S’empile avec nos modules de pilotage moteur, de capteurs et d’isolation USB",
      ],
      imageAlt: "Vue de dessus de la carte de développement DSP",
    },
    {
      title: "Prototypage rapide",
      text:
        "Comme une modification est active en quelques secondes, vous essayez vos idées au rythme où elles vous viennent. Le schéma qui a fonctionné sur le banc devient la spécification du produit, avec ses enregistrements d’essais.",
      points: [
        "De l’idée à un moteur qui tourne en un après-midi",
        "Changez de correcteur ou d’observateur sans rien recâbler",
        "Partagez vos schémas avec collègues et étudiants sous forme de simples fichiers",
        "Gardez le schéma comme référence au passage en production",
      ],
      imageAlt: "Une idée, un prototype et un produit, avec une courbe qui converge vers sa cible",
    },
  ],
});

export const demo: Messages["demo"] = (site: string) => ({
  heading: "Demander une démo",
  text:
    "Renseignez vos coordonnées ci-dessous : nous vous contacterons rapidement pour organiser votre essai gratuit.",
  offers: [
    "Une séance en direct d’une heure avec un ingénieur, sur votre cas d’usage",
    `Une carte en prêt et une licence ${site} pour un essai gratuit de 30 jours`,
    "Ou nos services : conseil, portage et formation",
  ],
  imageAlt: `La carte DSP ${site}`,
  formTitle: "Parlez-nous de votre projet",
  formIntroBefore:
    "Nous répondons sous deux jours ouvrés. Nous n’utilisons ces informations que pour organiser votre démo ; voir la page",
  privacy: "confidentialité",
  formIntroAfter: ".",
});

export const about: Messages["about"] = (site: string) => ({
  hero: {
    eyebrow: `À propos de ${site}`,
    title: "La puissance de la programmation par le dessin",
    text:
      "Les automaticiens ont toujours expliqué leurs idées par des schémas-blocs. La programmation par le dessin (DLP) fait tourner ce dessin : sur une vraie carte, en temps réel, avec chaque signal sous les yeux.",
    videos: "Voir en action",
    learnMore: "En savoir plus",
    learnMoreMore: "en demandant une démo",
    imageAlt: "Une boucle de commande dessinée en blocs, avec un tracé en direct en dessous",
  },
  stepsLabel: "De la conception au déploiement",
  steps: [
    {
      title: "Concevoir",
      text: "Dessinez l’algorithme avec les modules de la bibliothèque et vos propres blocs.",
    },
    {
      title: "Simuler",
      text: "Faites d’abord tourner le schéma face à un modèle du procédé, sur votre PC.",
    },
    {
      title: "Tester",
      text: "Exécutez-le sur la carte, sondez chaque signal, réglez-le en direct.",
    },
    { title: "Déployer", text: "Laissez-le tourner en autonomie, ou gardez le PC dans la boucle." },
  ],
  how: {
    title: "Comment ça marche : du concept à l’application réelle",
    cards: [
      [
        "Décrire le comportement",
        "Partez du schéma que vous dessineriez pour un collègue : les capteurs à gauche, l’algorithme au milieu, les actionneurs à droite. Chaque boîte est un module avec des entrées, des sorties et des paramètres typés.",
      ],
      [
        `${site} l’exécute`,
        "L’environnement ordonne les blocs, les affecte à des tâches à cadence fixe, lit les entrées au début de chaque période et écrit les sorties à la fin. Le temps est déterministe, pas « au mieux ».",
      ],
      [
        "Boucler avec la réalité",
        "Branchez le vrai moteur, le vrai capteur ou la vraie source de signal. Observez la réponse, ajustez les paramètres en direct et enregistrez des essais qui deviennent vos preuves de test.",
      ],
    ],
  },
  benefits: {
    title: "Les atouts clés de la DLP",
    tiles: [
      {
        title: "Lisible par tous",
        text:
          "Ingénieurs matériel, logiciel et essais lisent le même dessin ; les revues portent sur l’idée, pas sur la syntaxe.",
      },
      {
        title: "Un temps déterministe",
        text:
          "Des tâches à cadence fixe jusqu’à 20 kHz, aux temps de boucle mesurés : ce qui a marché une fois marche à chaque fois.",
      },
      {
        title: "Rien de caché",
        text:
          "Chaque fil est un signal que vous pouvez tracer. Déboguer devient regarder, pas deviner.",
      },
      {
        title: "Des briques réutilisables",
        text:
          "Un observateur ou un filtre réglé devient un module que toute l’équipe peut reprendre dans le projet suivant.",
      },
    ],
  },
  teaching: {
    title: "De la salle de cours au laboratoire",
    intro:
      `Les universités utilisent ${site} pour enseigner le traitement du signal et l’automatique sur du vrai matériel dès la première séance ; les équipes de recherche, pour essayer de nouveaux algorithmes sur de vrais procédés sans écrire de micrologiciel.`,
    cards: [
      [
        "Prêt pour les cours",
        "Des fiches de TP sur les filtres, le réglage PID et la commande moteur accompagnent l’essai.",
      ],
      [
        "Sûr par construction",
        "Limitations de courant et chiens de garde sont aussi des blocs, visibles dans chaque schéma.",
      ],
      [
        "Publiable",
        "Les essais enregistrés s’exportent en CSV et en courbes pour vos rapports et articles.",
      ],
    ],
  },
  open: {
    title: "Ouvert là où ça compte",
    intro:
      "Quand un module n’existe pas encore, écrivez-le. Un bloc est une petite classe C++ ou Python avec des entrées, des sorties, des paramètres et une fonction de pas ; l’environnement fait le reste. Vos blocs apparaissent dans la bibliothèque à côté des nôtres, avec la même supervision en direct.",
  },
  modules: {
    title: "Plus de 100 modules prêts à l’emploi",
    intro:
      "Filtres, estimateurs, correcteurs, générateurs et E/S matérielles, testés et documentés. En voici quelques-uns :",
    firstRow: "Bibliothèque de modules, première rangée",
    secondRow: "Bibliothèque de modules, deuxième rangée",
    pause: "Survolez une rangée ou donnez-lui le focus pour l’arrêter.",
    names: [
      "Filtre de Butterworth",
      "Filtre de Kalman",
      "Filtre de Tchebychev",
      "Filtre elliptique",
      "Bloc PID",
      "Estimateur RLS",
      "Générateur de signaux",
      "Entrée matérielle",
      "Sortie matérielle",
      "Filtre FIR",
      "Détecteur de déphasage",
      "FFT",
      "Fonction de transfert générique",
    ],
  },
});

export const mbd: Messages["mbd"] = (site: string) => ({
  hero: {
    eyebrow: "Conception fondée sur les modèles",
    title: `Qu’est-ce que la solution MBD de ${site} ?`,
    text:
      `La conception fondée sur les modèles (MBD) place un modèle au centre du développement : on spécifie, simule, implémente et vérifie le même modèle. Avec ${site}, ce modèle est le schéma-blocs, et il tourne sur la carte tel quel : aucune génération de code entre le modèle et le matériel.`,
    demo: "Demander une démo",
    features: "Voir les fonctionnalités",
  },
  classic: {
    title: "La chaîne MBD habituelle, et là où elle coince",
    intro:
      "Les outils MBD classiques génèrent du code C à partir du modèle, puis le compilent, le flashent et le testent. Chaque étape est un endroit où le modèle et le système réel peuvent diverger.",
    steps: ["Modèle", "Génération de code", "Intégration", "Compilation et flashage", "Test"],
    step: "Étape {n}",
    shorter:
      `${site} réduit la chaîne à deux étapes : dessiner le modèle, l’exécuter. Les modules sont compilés une fois, testés une fois et livrés avec la carte ; votre schéma ne fait que les relier et les paramétrer, si bien que rien n’est à régénérer quand vous le modifiez.`,
  },
  rows: [
    {
      title: "Le schéma est la spécification exécutable",
      text:
        "Les exigences deviennent des blocs et des signaux que l’on peut désigner. Le même schéma est relu, simulé, exécuté sur le matériel et archivé avec ses essais enregistrés.",
      points: [
        "Simulez face à un modèle du procédé, puis basculez le même schéma sur les vraies E/S",
        "Paramètres, limites et unités sont visibles dans le dessin",
        "Les schémas sont de simples fichiers : comparez-les, relisez-les, versionnez-les",
      ],
      imageAlt: "Une boucle de vitesse dessinée en blocs, telle qu’elle tourne sur la carte",
    },
    {
      title: "La vérification pendant l’exécution",
      text:
        "Model-in-the-loop, hardware-in-the-loop et système final partagent un seul schéma. Sondes, enregistrements et réglage en direct font de chaque séance au banc une preuve.",
      points: [
        "Enregistrez n’importe quel signal à la cadence de la boucle et comparez-le à la simulation",
        "Générateurs d’échelon, de rampe et de chirp pour des entrées de test reproductibles",
        "La surveillance du temps de boucle prouve que le budget temporel est tenu",
      ],
      imageAlt: "Un oscilloscope en direct comparant signaux mesurés et simulés",
    },
  ],
  who: {
    title: "Qui l’utilise",
    tiles: [
      {
        title: "Enseignement",
        text:
          "Les étudiants voient la théorie tourner : fonctions de transfert, filtres et correcteurs sur de vrais moteurs et capteurs dès le premier TP.",
      },
      {
        title: "Recherche",
        text:
          "Essayez un nouvel observateur ou une loi adaptative sur un vrai procédé le jour même, avec les données pour publier.",
      },
      {
        title: "Industrie",
        text:
          "Prototypez entraînements, bancs d’essai et postes de contrôle, et gardez le schéma comme référence pour la production.",
      },
    ],
  },
});

export const videos: Messages["videos"] = (site: string) => ({
  eyebrow: "Vidéothèque",
  title: `${site} à l’œuvre`,
  text:
    "De courtes démonstrations enregistrées au banc : choisissez un domaine et regardez un schéma devenir un système qui tourne.",
  region: "Vidéos",
  category: "Catégorie",
  tabs: "Catégories de vidéos",
  categories: {
    overview: "Présentation",
    "motor-control": "Commande moteur",
    industry: "Industrie 4.0",
    robotics: "Robotique",
    biomedical: "Biomédical",
  },
  play: "Lire la vidéo : {title}",
  frame: "Vidéo",
  notice:
    "Les vidéos sont lues depuis YouTube (mode de confidentialité renforcée), uniquement après un clic de votre part.",
  items: {
    "overview-tour": {
      title: `${site} en dix minutes : d’un schéma dessiné à un moteur qui tourne`,
      summary:
        "Câblez la carte, dessinez une boucle de vitesse, appuyez sur Run et réglez-la pendant que le moteur tourne.",
    },
    "overview-monitoring": {
      title: "Chaque signal en direct : oscilloscopes, sondes et réglage des paramètres",
      summary:
        "Sondez n’importe quel fil du schéma à pleine cadence et modifiez les gains sans rien arrêter.",
    },
    "foc-pmsm": {
      title: "Commande vectorielle d’un moteur synchrone, bloc par bloc",
      summary:
        "Transformées de Clarke et de Park, deux boucles de courant PI et MLI vectorielle sur un étage 48 V.",
    },
    "sensorless-bldc": {
      title: "Démarrage sans capteur d’un moteur BLDC avec un observateur de Kalman",
      summary:
        "Alignement en boucle ouverte, montée en vitesse et passage en douceur à l’estimation de vitesse de l’observateur.",
    },
    "vibration-fft": {
      title: "Maintenance prédictive : FFT des vibrations en atelier",
      summary:
        "Un accéléromètre, un bloc FFT et des alarmes de seuil publiées sur le réseau de l’usine.",
    },
    "conveyor-cell": {
      title: "Une cellule de convoyage connectée pour l’industrie 4.0",
      summary:
        "Profils de vitesse, gestion des défauts et compteurs de production dans un seul schéma.",
    },
    "balancing-robot": {
      title: "Un robot auto-équilibré avec fusion IMU et retour d’état",
      summary:
        "Filtre complémentaire, gains LQR et tracé de l’inclinaison en direct, construit en un après-midi.",
    },
    "ecg-filtering": {
      title: "Filtrage d’ECG en temps réel et détection de la fréquence cardiaque",
      summary:
        "Filtres coupe-bande et de Butterworth, détection des ondes R et affichage des battements par minute en direct.",
    },
  },
});
