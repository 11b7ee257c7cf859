import type { Messages } from "../shape.ts";

/** Le texte qui fait foi : conditions générales de vente, confidentialité, cookies. */
export const legal: Messages["legal"] = (site: string, company: string) => ({
  bindingNote: "Cette version française est celle qui fait foi.",
  bindingLink: "Version anglaise",
  updated: "Dernière mise à jour : {date}",
  updatedDate: "22 novembre 2026",
  terms: {
    heading: "Conditions générales de vente",
    page: "Page {page} sur {count}",
    onThisPage: "Sur cette page",
    pagesNav: "Pages des conditions générales",
    previous: "Page précédente",
    next: "Page suivante",
    businessOnly: "Acheteurs professionnels uniquement",
    consumersOnly: "Consommateurs",
    version: "Version du {date}",
    versionLink: "Cette version, datée, sur une seule page",
    withdrawalForm: "Le modèle de formulaire de rétractation",
    withdrawalFormPdf: "Le modèle de formulaire de rétractation (PDF)",
    pdf: "Ces conditions (PDF)",
    pages: [
      [
        {
          id: "seller",
          title: "1. Vendeur",
          paragraphs: [
            `Les produits et services proposés sur ce site sont vendus par ${company}, société par actions simplifiée au capital de 5 000 euros, immatriculée en France, dont le siège social est à Toulouse (ci-après « le Vendeur »).`,
            "Le Vendeur peut être joint par le formulaire de demande de démo de ce site pour toute question relative à une commande, à une livraison ou aux présentes conditions.",
          ],
        },
        {
          id: "purpose",
          title: "2. Objet",
          paragraphs: [
            `Les présentes conditions générales de vente régissent toute vente de produits (la carte de développement ${site}, ses modules, capteurs et accessoires) et de la licence logicielle associée conclue par l’intermédiaire de ce site entre le Vendeur et tout client professionnel ou particulier (ci-après « le Client »).`,
            "Le Client qui achète en qualité de consommateur (à des fins qui n’entrent pas dans le cadre de son activité commerciale, industrielle, artisanale, libérale ou agricole) bénéficie des articles 34 à 36 ci-dessous, et les articles marqués « Acheteurs professionnels uniquement » ne lui sont pas applicables. Rien dans les présentes conditions ne limite les droits que la loi reconnaît au consommateur.",
          ],
        },
        {
          id: "acceptance",
          title: "3. Acceptation",
          paragraphs: [
            "Passer commande emporte l’acceptation pleine et entière, sans réserve, des présentes conditions générales par le Client ; elles prévalent sur tout autre document du Client, notamment sur ses propres conditions d’achat.",
            "Les conditions applicables à une commande sont celles publiées sur le site le jour où elle est passée. Le Vendeur peut les modifier à tout moment ; les modifications ne s’appliquent pas aux commandes déjà acceptées.",
          ],
        },
        {
          id: "order",
          title: "4. Commande",
          paragraphs: [
            "Le Client choisit les produits, les ajoute au panier, sélectionne le pays de livraison, remplit le formulaire de commande et paie en ligne. La commande est ferme dès l’acceptation du paiement ; une confirmation portant un numéro de commande est alors affichée et envoyée par e-mail.",
            "Le Vendeur peut refuser ou annuler la commande d’un Client avec lequel un litige relatif à une commande antérieure est en cours, ou lorsque les informations fournies sont manifestement fausses.",
          ],
        },
        {
          id: "rates",
          title: "5. Tarifs",
          paragraphs: [
            "Les produits sont fournis aux tarifs en vigueur sur le site au moment de la commande. Les frais de port dépendent du pays de livraison ; ils sont indiqués dans le panier avant la commande et ajoutés au total.",
            "Toute offre ou remise n’est valable que pour la durée et les quantités indiquées avec elle.",
          ],
        },
        {
          id: "price",
          title: "6. Prix",
          paragraphs: [
            "Les prix sont indiqués en euros, toutes taxes comprises, au taux de TVA applicable le jour de la commande. Toute modification de ce taux est répercutée sur le prix des produits non encore commandés.",
            "Les droits de douane et taxes d’importation des livraisons hors de l’Union européenne ne sont pas compris et restent à la charge du Client.",
          ],
        },
        {
          id: "payment",
          title: "7. Paiement",
          paragraphs: [
            "Les commandes sont payées en totalité au moment où elles sont passées, en ligne par carte, par l’intermédiaire du prestataire de paiement du Vendeur. Les données de carte sont traitées par ce prestataire et ne sont jamais conservées par le Vendeur.",
            "Les bons de commande des universités et organismes publics peuvent être réglés par virement sur facture, après accord écrit préalable.",
          ],
        },
        {
          id: "late-payment",
          title: "8. Retard de paiement",
          paragraphs: [
            "Pour les Clients professionnels payant sur facture, toute somme non payée à son échéance porte de plein droit, sans mise en demeure préalable, des pénalités de retard égales à trois fois le taux d’intérêt légal, ainsi qu’une indemnité forfaitaire pour frais de recouvrement de 40 euros.",
            "Le Vendeur peut suspendre les livraisons jusqu’au paiement de toutes les sommes échues.",
          ],
        },
        {
          id: "delivery",
          title: "9. Livraison",
          paragraphs: [
            "Les produits sont livrés à l’adresse indiquée par le Client lors de la commande, dans les pays proposés dans le panier. Le Client répond de l’exactitude de cette adresse ; un colis retourné pour adresse erronée est réexpédié aux frais du Client.",
          ],
        },
        {
          id: "delivery-times",
          title: "10. Délais de livraison",
          paragraphs: [
            "Les produits en stock sont expédiés dans les 2 jours ouvrés suivant le paiement. Les délais de livraison dépendent ensuite du transporteur et de la destination ; ils sont donnés à titre indicatif.",
            "Si le retard dépasse de 30 jours la date indiquée, le Client peut annuler la commande et en est intégralement remboursé, à l’exclusion de toute autre indemnité.",
          ],
        },
      ],
      [
        {
          id: "transport-risks",
          title: "11. Risques du transport",
          paragraphs: [
            "Les produits voyagent aux risques du Vendeur jusqu’à leur remise au Client. Le Client doit vérifier le colis à réception et, en cas d’avarie ou de manquant, formuler des réserves précises auprès du transporteur et les lui confirmer dans les 3 jours suivant la livraison, avec copie au Vendeur.",
          ],
        },
        {
          id: "receipt",
          title: "12. Réception",
          paragraphs: [
            "Sans préjudice des démarches à accomplir auprès du transporteur, les réclamations pour vices apparents ou pour non-conformité des produits à la commande doivent être formulées par écrit dans les 8 jours suivant la livraison. Passé ce délai, aucune réclamation de cette nature n’est recevable.",
            "Les produits ne peuvent être retournés qu’avec l’accord préalable du Vendeur, dans leur emballage d’origine.",
          ],
        },
        {
          id: "retention-of-title",
          title: "13. Réserve de propriété",
          paragraphs: [
            "Le Vendeur reste propriétaire des produits jusqu’au paiement intégral du prix. Jusque-là, le Client doit conserver les produits identifiables et ne peut les donner en gage.",
          ],
        },
        {
          id: "license",
          title: "14. Licence",
          paragraphs: [
            `L’achat d’une carte comprend une licence personnelle, non exclusive et incessible d’utilisation de l’environnement ${site} avec cette carte. Le Client ne peut copier, décompiler ni distribuer le logiciel, hors des cas permis par la loi.`,
            "Les schémas et blocs écrits par le Client restent sa propriété.",
          ],
        },
        {
          id: "warranty",
          title: "15. Garantie",
          paragraphs: [
            "Les produits sont garantis contre les défauts de fabrication pendant 30 jours à compter de la livraison. Toute demande au titre de cette garantie doit être formulée dans les 7 jours suivant la découverte du défaut. Le Vendeur, à son choix, répare ou remplace le produit défectueux, ou le rembourse.",
            "Cette garantie commerciale n’affecte pas les garanties légales dont bénéficient les Clients particuliers (garantie légale de conformité et garantie des vices cachés).",
          ],
        },
        {
          id: "exclusion-of-warranty",
          title: "16. Exclusion de garantie",
          paragraphs: [
            "La garantie ne couvre pas les dommages dus à une mauvaise utilisation, à un câblage incorrect, à des tensions ou courants d’alimentation au-delà des valeurs nominales indiquées, à une modification du produit ou à l’usure normale. Les cartes de développement sont destinées au développement, à l’enseignement et à la recherche, et non à un usage critique pour la sécurité sans qualification propre du Client.",
          ],
        },
        {
          id: "intellectual-property",
          title: "17. Propriété intellectuelle",
          paragraphs: [
            `Le nom ${site}, les logos, le logiciel, la documentation et le contenu de ce site sont la propriété du Vendeur. Aucun droit n’est concédé au-delà de la licence décrite ci-dessus.`,
          ],
        },
        {
          id: "warranty-against-eviction",
          title: "18. Garantie d’éviction",
          paragraphs: [
            "Le Vendeur garantit le Client contre toute action d’un tiers prétendant que les produits portent atteinte à ses droits de propriété intellectuelle, à condition que le Client lui notifie cette action dans les 15 jours suivant le moment où il en a connaissance et lui laisse en conduire la défense.",
          ],
        },
        {
          id: "liability",
          title: "19. Responsabilité",
          paragraphs: [
            "Le Vendeur est tenu d’une obligation de moyens. Il ne répond que des dommages directs dont il est prouvé qu’ils résultent d’une faute dans l’exécution de ses obligations.",
          ],
        },
        {
          id: "limitation-of-liability",
          title: "20. Limitation de responsabilité",
          paragraphs: [
            "Le Vendeur ne répond pas des dommages indirects tels que perte de production, de données, de bénéfice ou de chance, ni des dommages résultant d’une utilisation des produits dans des conditions autres que celles indiquées dans leur documentation.",
          ],
        },
      ],
      [
        {
          id: "exclusion-of-liability",
          title: "21. Exclusion de responsabilité",
          paragraphs: [
            "La responsabilité du Vendeur ne peut être engagée en cas de force majeure, de fait d’un tiers ou de faute du Client, notamment en cas de raccordement des produits à un équipement ne respectant pas leurs spécifications.",
          ],
        },
        {
          id: "subcontracting",
          title: "22. Sous-traitance",
          paragraphs: [
            "Le Vendeur peut sous-traiter tout ou partie de la fabrication, de la livraison ou des prestations, en restant responsable envers le Client du travail de ses sous-traitants.",
          ],
        },
        {
          id: "liability-cap",
          title: "23. Plafond de responsabilité",
          paragraphs: [
            "Lorsque la responsabilité du Vendeur est engagée, pour quelque cause que ce soit, elle est plafonnée au montant payé par le Client pour la commande concernée, sauf faute lourde, faute intentionnelle ou dommage corporel.",
          ],
        },
        {
          id: "environment",
          title: "24. Environnement",
          paragraphs: [
            "Les produits électroniques ne doivent pas être jetés avec les ordures ménagères. En fin de vie, le Client les remet à un point de collecte des équipements électriques et électroniques, ou les renvoie au Vendeur, qui les fait recycler.",
          ],
        },
        {
          id: "personal-data",
          title: "25. Données personnelles",
          paragraphs: [
            "Le Vendeur traite les données personnelles du Client pour gérer les commandes, les livraisons, les demandes de démo et, avec son consentement, la lettre d’information. Les données conservées, les finalités et les durées de conservation sont décrites dans la politique de confidentialité de ce site.",
            "Le Client peut accéder à ses données, les rectifier ou les effacer, s’opposer à leur traitement et retirer son consentement à tout moment ; il peut introduire une réclamation auprès de la CNIL.",
          ],
        },
        {
          id: "electronic-contract",
          title: "26. Contrat électronique",
          paragraphs: [
            "La commande en ligne, sa confirmation et l’enregistrement du paiement forment le contrat entre les parties et valent preuve. Le Vendeur les conserve pendant la durée prévue par la loi.",
          ],
        },
        {
          id: "references",
          title: "27. Références",
          paragraphs: [
            "Sauf opposition écrite du Client, le Vendeur peut citer le nom et le logo d’un Client professionnel à titre de référence, sans divulguer aucune information confidentielle.",
          ],
        },
        {
          id: "severability",
          title: "28. Divisibilité",
          paragraphs: [
            "Si une clause des présentes conditions est déclarée nulle, les autres clauses restent en vigueur.",
          ],
        },
        {
          id: "assignment",
          title: "29. Cession",
          paragraphs: [
            "Le Client ne peut céder les droits et obligations nés d’une commande sans l’accord écrit préalable du Vendeur.",
          ],
        },
        {
          id: "limitation-period",
          title: "30. Prescription",
          paragraphs: [
            "Toute action du Client contre le Vendeur, quel qu’en soit le fondement, est irrecevable passé un délai d’un an à compter de la date de la commande.",
          ],
        },
        {
          id: "governing-law",
          title: "31. Droit applicable",
          paragraphs: [
            "Les présentes conditions générales et toutes les ventes qu’elles régissent sont soumises au droit français. Elles sont rédigées en français et en anglais ; la version française fait seule foi.",
          ],
        },
        {
          id: "mediation",
          title: "32. Médiation",
          paragraphs: [
            "Avant toute action en justice, les parties rechercheront une solution amiable. Le Client consommateur peut, après une réclamation écrite préalable auprès du Vendeur, recourir gratuitement au médiateur de la consommation : {mediatorName}, {mediatorAddress}, {mediatorUrl} (C. consom. art. L612-1 et L616-1).",
          ],
        },
        {
          id: "jurisdiction",
          title: "33. Juridiction",
          paragraphs: [
            "À défaut de solution amiable, tout litige entre professionnels est soumis à la compétence exclusive du tribunal de commerce de Toulouse, y compris en cas de pluralité de défendeurs ou d’appel en garantie.",
          ],
        },
        {
          id: "withdrawal",
          title: "34. Droit de rétractation (consommateurs)",
          paragraphs: [
            "Le Client consommateur dispose d’un délai de quatorze jours pour exercer son droit de rétractation, sans avoir à motiver sa décision (C. consom. art. L221-18 et suivants). Ce délai court à compter du jour où le consommateur, ou un tiers autre que le transporteur désigné par lui, prend physiquement possession du bien ; pour une commande de plusieurs biens livrés séparément, à compter de la réception du dernier bien. Le consommateur peut aussi se rétracter avant la livraison.",
            "Pour l’exercer, le consommateur notifie sa décision au Vendeur par une déclaration dénuée d’ambiguïté : avec le bouton « Me rétracter de cette commande » de la page de sa commande (son lien figure dans chaque e-mail de commande), par e-mail à {email}, ou par courrier à {legalName}, {address}. Il peut utiliser le modèle de formulaire de rétractation ci-dessous, sans y être tenu. Il suffit d’envoyer la déclaration avant l’expiration du délai de quatorze jours. Le Vendeur accuse réception de la rétractation par e-mail sans délai.",
            "Le consommateur renvoie ou rend le bien à {legalName}, {address}, sans retard excessif et au plus tard quatorze jours après avoir communiqué sa décision de se rétracter. Les frais directs de renvoi du bien sont à la charge du consommateur. Sa responsabilité n’est engagée qu’à l’égard de la dépréciation du bien résultant de manipulations autres que celles nécessaires pour établir la nature, les caractéristiques et le bon fonctionnement du bien.",
            "Le Vendeur rembourse la totalité des sommes versées pour les biens objets de la rétractation, y compris les frais de livraison standard (et non le supplément d’un mode de livraison plus coûteux que la livraison standard proposée), sans retard excessif et au plus tard dans les quatorze jours à compter du jour où il est informé de la rétractation, en utilisant le même moyen de paiement que celui de la commande, sauf accord exprès du consommateur pour un autre moyen, sans frais pour lui. Le Vendeur peut différer le remboursement jusqu’à la récupération des biens ou jusqu’à ce que le consommateur ait fourni une preuve de leur expédition, la date retenue étant celle du premier de ces faits.",
            "Le droit de rétractation appartient au consommateur ; il ne s’applique pas aux acheteurs professionnels.",
          ],
        },
        {
          id: "legal-guarantee",
          title: "35. Garantie légale de conformité (consommateurs)",
          paragraphs: [
            "Le consommateur dispose d’un délai de deux ans à compter de la délivrance du bien pour obtenir la mise en œuvre de la garantie légale de conformité en cas d’apparition d’un défaut de conformité. Durant ce délai, le consommateur n’est tenu d’établir que l’existence du défaut de conformité et non la date d’apparition de celui-ci.",
            "Lorsque le contrat de vente du bien prévoit la fourniture d’un contenu numérique ou d’un service numérique de manière continue pendant une durée supérieure à deux ans, la garantie légale est applicable à ce contenu numérique ou ce service numérique tout au long de la période de fourniture prévue. Durant ce délai, le consommateur n’est tenu d’établir que l’existence du défaut de conformité affectant le contenu numérique ou le service numérique et non la date d’apparition de celui-ci.",
            "La garantie légale de conformité emporte obligation pour le professionnel, le cas échéant, de fournir toutes les mises à jour nécessaires au maintien de la conformité du bien.",
            "La garantie légale de conformité donne au consommateur droit à la réparation ou au remplacement du bien dans un délai de trente jours suivant sa demande, sans frais et sans inconvénient majeur pour lui.",
            "Si le bien est réparé dans le cadre de la garantie légale de conformité, le consommateur bénéficie d’une extension de six mois de la garantie initiale.",
            "Si le consommateur demande la réparation du bien, mais que le vendeur impose le remplacement, la garantie légale de conformité est renouvelée pour une période de deux ans à compter de la date de remplacement du bien.",
            "Le consommateur peut obtenir une réduction du prix d’achat en conservant le bien ou mettre fin au contrat en se faisant rembourser intégralement contre restitution du bien, si : 1° Le professionnel refuse de réparer ou de remplacer le bien ; 2° La réparation ou le remplacement du bien intervient après un délai de trente jours ; 3° La réparation ou le remplacement du bien occasionne un inconvénient majeur pour le consommateur, notamment lorsque le consommateur supporte définitivement les frais de reprise ou d’enlèvement du bien non conforme, ou s’il supporte les frais d’installation du bien réparé ou de remplacement ; 4° La non-conformité du bien persiste en dépit de la tentative de mise en conformité du vendeur restée infructueuse.",
            "Le consommateur a également droit à une réduction du prix du bien ou à la résolution du contrat lorsque le défaut de conformité est si grave qu’il justifie que la réduction du prix ou la résolution du contrat soit immédiate. Le consommateur n’est alors pas tenu de demander la réparation ou le remplacement du bien au préalable.",
            "Le consommateur n’a pas droit à la résolution de la vente si le défaut de conformité est mineur.",
            "Toute période d’immobilisation du bien en vue de sa réparation ou de son remplacement suspend la garantie qui restait à courir jusqu’à la délivrance du bien remis en état.",
            "Les droits mentionnés ci-dessus résultent de l’application des articles L. 217-1 à L. 217-32 du code de la consommation.",
            "Le vendeur qui fait obstacle de mauvaise foi à la mise en œuvre de la garantie légale de conformité encourt une amende civile d’un montant maximal de 300 000 euros, qui peut être porté jusqu’à 10 % du chiffre d’affaires moyen annuel (article L. 241-5 du code de la consommation).",
            "Le consommateur bénéficie également de la garantie légale des vices cachés en application des articles 1641 à 1649 du code civil, pendant une durée de deux ans à compter de la découverte du défaut. Cette garantie donne droit à une réduction de prix si le bien est conservé ou à un remboursement intégral contre restitution du bien.",
          ],
        },
        {
          id: "hidden-defects",
          title: "36. Vices cachés",
          paragraphs: [
            "Tout Client, consommateur ou professionnel, bénéficie de la garantie des vices cachés des articles 1641 et suivants du code civil : le Vendeur garantit le bien contre les défauts cachés qui le rendent impropre à l’usage auquel on le destine, ou qui diminuent tellement cet usage que l’acheteur ne l’aurait pas acquis, ou n’en aurait donné qu’un moindre prix, s’il les avait connus. L’action doit être intentée dans les deux ans de la découverte du vice (article 1648). L’acheteur a alors le choix de rendre le bien et de se faire restituer le prix, ou de garder le bien et de se faire rendre une partie du prix (article 1644).",
          ],
        },
      ],
    ],
  },
  /** Les mentions légales (LCEN art. 6 III) : leurs valeurs viennent des réglages SELLER_*. */
  notice: {
    title: "Mentions légales",
    intro: "Qui édite et héberge ce site, comme le prévoit l’article 6 III de la LCEN.",
    publisher: "Éditeur",
    legalName: "Dénomination sociale",
    legalForm: "Forme juridique",
    shareCapital: "Capital social",
    address: "Siège social",
    rcs: "Registre du commerce et des sociétés (RCS)",
    siren: "SIREN",
    vatNumber: "Numéro de TVA intracommunautaire",
    contact: "Contact",
    email: "E-mail",
    phone: "Téléphone",
    director: "Directeur de la publication",
    host: "Hébergeur",
    hostName: "Nom",
    hostAddress: "Adresse",
    hostPhone: "Téléphone",
    mediator: "Médiateur de la consommation",
    mediatorText:
      "Le consommateur peut soumettre gratuitement un litige avec nous à ce médiateur, après une réclamation écrite préalable auprès de nous (C. consom. art. L612-1 et L616-1).",
    mediatorName: "Nom",
    mediatorAddress: "Adresse",
    mediatorUrl: "Site internet",
    terms: "Les conditions générales de vente",
  },
  /** Le modèle de formulaire de rétractation : annexe à l’article R221-1 du code de la consommation. */
  withdrawalForm: {
    title: "Formulaire de rétractation",
    intro:
      "(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.) Vous pouvez aussi vous rétracter avec le bouton de la page de votre commande, ou par toute déclaration dénuée d’ambiguïté : voir l’article 34 des conditions générales.",
    to: "À l’attention de {legalName}, {address}, {email} :",
    lines: [
      "Je/Nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous :",
      "Commandé le (*)/reçu le (*) :",
      "Numéro de commande :",
      "Nom du (des) consommateur(s) :",
      "Adresse du (des) consommateur(s) :",
      "Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :",
      "Date :",
    ],
    strike: "(*) Rayez la mention inutile.",
    pdf: "Télécharger le formulaire (PDF)",
    terms: "Article 34 des conditions générales : droit de rétractation",
  },
  /** Ce qu’acceptent le paiement, l’alerte de stock et le formulaire de démo, et l’information sur les données. */
  acceptance: {
    checkout:
      "En payant, vous acceptez les {terms} (version du {date}), qui précisent, pour les consommateurs, le {withdrawal} (14 jours à compter de la livraison). L’usage de vos données : {privacy}.",
    terms: "conditions générales de vente",
    withdrawal: "droit de rétractation",
    privacy: "politique de confidentialité",
    notify:
      "Nous n’utilisons votre e-mail que pour cet avis, puis le supprimons. Vos droits et comment les exercer : {privacy}.",
    demo:
      "Nous utilisons ces informations uniquement pour répondre à votre demande et organiser la démo, et les conservons trois ans après notre dernier échange. Vos droits et comment les exercer : {privacy}.",
  },
  privacy: {
    title: "Confidentialité",
    intro:
      `Cette politique indique ce que ${site} conserve à votre sujet, pourquoi et pendant combien de temps. Nous en gardons le moins possible : ce qu’il faut pour vendre, livrer, vous répondre et, si vous le demandez, vous envoyer notre lettre d’information.`,
    sections: [
      {
        id: "controller",
        title: "1. Responsable du traitement",
        paragraphs: [
          `${company}, société par actions simplifiée au capital de 5 000 euros dont le siège social est à Toulouse (France), est responsable du traitement des données personnelles collectées par ce site. Pour toute question relative à vos données, écrivez-nous par le formulaire de demande de ce site en indiquant « confidentialité » dans votre message.`,
        ],
      },
      {
        id: "orders",
        title: "2. Commandes",
        paragraphs: [
          "Lorsque vous achetez, nous conservons vos nom, e-mail, numéro de téléphone et adresse de livraison, les produits, les montants et la référence du paiement. Ils nous sont nécessaires pour exécuter la vente : expédier, facturer, traiter les demandes de garantie et les retours.",
          "Les données de carte sont transmises directement à notre prestataire de paiement (Stripe) et n’atteignent jamais nos serveurs. Les commandes sont conservées dix ans, comme l’exige le droit comptable français.",
        ],
      },
      {
        id: "demo-requests",
        title: "3. Demandes de démo",
        paragraphs: [
          "Lorsque vous demandez une démo ou nos services, nous conservons vos prénom et nom, e-mail, société, pays, numéro de téléphone et message, et les transmettons par e-mail à notre équipe. Nous ne les utilisons que pour vous répondre et organiser la démo, sur la base de votre demande.",
          "Nous conservons une demande de démo trois ans après notre dernier échange, puis la supprimons.",
        ],
      },
      {
        id: "newsletter",
        title: "4. Lettre d’information",
        paragraphs: [
          `Si vous vous inscrivez à la lettre d’information de ${site}, nous conservons votre adresse e-mail, la langue de votre inscription et la preuve de votre consentement : la date, l’heure et la page de votre inscription. Le consentement est la base de ce traitement, et cette preuve permet de montrer qu’il a été donné.`,
          "Chaque lettre comporte un lien de désinscription qui fonctionne en un clic, et les logiciels de messagerie peuvent le proposer sous forme de bouton « Se désabonner ». Lorsque vous vous désinscrivez, nous ne gardons que votre adresse et la date de votre départ, afin de ne jamais vous réinscrire par erreur ; sur demande, nous la supprimons aussi.",
          "Les alertes de disponibilité fonctionnent de la même façon : nous conservons votre e-mail et le produit jusqu’à ce que nous vous ayons prévenu de son retour, puis supprimons la demande.",
        ],
      },
      {
        id: "cart",
        title: "5. Votre panier",
        paragraphs: [
          "Votre panier n’est pas enregistré sur nos serveurs. Il se trouve dans le stockage local de votre propre navigateur, sous le nom « cart », pour résister à un rechargement. Il contient les produits, les quantités et le pays de livraison choisi. Il disparaît lorsque vous effacez les données du site dans votre navigateur. Voir la page Cookies.",
        ],
      },
      {
        id: "recipients",
        title: "6. Destinataires de vos données",
        paragraphs: [
          "Seuls notre personnel, notre prestataire de paiement pour les paiements, notre prestataire d’e-mail pour l’envoi de nos messages et le transporteur pour votre adresse de livraison y ont accès. Nous ne vendons ni ne louons de données personnelles, et n’utilisons aucun traceur publicitaire ou de mesure d’audience.",
          "Les vidéos de la vidéothèque sont lues depuis YouTube en mode de confidentialité renforcée, et seulement après un clic de votre part ; la politique de YouTube s’applique à partir de ce moment.",
        ],
      },
      {
        id: "security",
        title: "7. Sécurité",
        paragraphs: [
          "Le site est servi en HTTPS, les comptes de notre personnel sont protégés par des mots de passe et des rôles, et les liens de désinscription sont signés, afin que personne ne puisse vous désinscrire à votre place.",
        ],
      },
      {
        id: "rights",
        title: "8. Vos droits",
        paragraphs: [
          "Vous pouvez accéder à vos données, les rectifier ou les effacer, en limiter le traitement ou vous y opposer, en demander une copie dans un format portable et retirer votre consentement à tout moment. Écrivez-nous par le formulaire de demande ; nous répondons sous un mois.",
          "Vous pouvez aussi introduire une réclamation auprès de l’autorité française de protection des données, la CNIL (www.cnil.fr).",
        ],
      },
    ],
  },
  cookies: {
    title: "Cookies",
    intro:
      "En bref : aucun suivi, aucune publicité, aucun bandeau. La seule chose que ce site enregistre dans votre navigateur est votre panier.",
    sections: [
      {
        id: "no-tracking",
        title: "1. Aucun cookie de suivi",
        paragraphs: [
          `${site} ne dépose aucun cookie publicitaire, de mesure d’audience ou de réseau social, et ne charge aucun script tiers pendant votre navigation. C’est pourquoi vous ne voyez aucun bandeau cookies : il n’y a rien à accepter.`,
        ],
      },
      {
        id: "local-storage",
        title: "2. Ce qui est enregistré dans votre navigateur",
        paragraphs: [
          "Votre panier est conservé dans le stockage local de votre navigateur sous la clé « cart » : les produits, leurs quantités et le pays de livraison choisi. Il reste sur votre appareil, ne nous est envoyé qu’au moment de la commande et permet à votre panier de survivre à un rechargement ou à une nouvelle visite.",
          "Votre choix de langue, si vous en faites un, y est aussi gardé sous la clé « lang-choice », pour ne plus vous proposer de changer de langue.",
          "Vous pouvez vider le panier depuis le panier lui-même, ou tout supprimer avec le réglage « effacer les données du site » de votre navigateur.",
        ],
      },
      {
        id: "staff",
        title: "3. Connexion du personnel",
        paragraphs: [
          "L’espace de gestion de notre personnel utilise un seul cookie de session, strictement nécessaire, après connexion. Les visiteurs du site public ne le reçoivent jamais.",
        ],
      },
      {
        id: "videos",
        title: "4. Vidéos",
        paragraphs: [
          "La vidéothèque affiche nos propres images d’aperçu. Le lecteur YouTube n’est chargé, depuis youtube-nocookie.com (mode de confidentialité renforcée), que lorsque vous cliquez sur une vidéo. YouTube peut alors enregistrer des données dans votre navigateur selon sa propre politique.",
        ],
      },
      {
        id: "payments",
        title: "5. Paiements",
        paragraphs: [
          "Lors de la commande, le formulaire de carte est fourni par notre prestataire de paiement, Stripe, qui peut déposer des cookies nécessaires à la prévention de la fraude. Ils sont strictement nécessaires au paiement et relèvent de la politique de Stripe.",
        ],
      },
    ],
  },
});
