import type { Messages } from "../shape.ts";

export const orders: Messages["orders"] = {
  title: "Commande {n}",
  description: "Où en est votre commande, et sa facture.",
  eyebrow: "Votre commande",
  placedOn: "Passée le {date}",
  progress: "Avancement de la commande",
  steps: { placed: "Commande passée", paid: "Payée", shipped: "Expédiée", delivered: "Livrée" },
  done: " (fait)",
  notYet: " (pas encore)",
  refunded: "Cette commande a été remboursée.",
  refundLine:
    "{amount} remboursés le {date} sur la carte utilisée pour le paiement : le montant apparaît en général sous 5 à 10 jours.",
  partlyRefunded:
    "Remboursée en partie : {amount} au total, le dernier remboursement le {date}, sur la carte utilisée pour le paiement.",
  cancelled: "Cette commande a été annulée.",
  shippedWith: "Expédiée par",
  ourCarrier: "notre transporteur",
  trackingNumber: ", numéro de suivi",
  shippedEnd: ".",
  track: "Suivre le colis",
  items: "Articles",
  item: "Article",
  qty: "Qté",
  amount: "Montant",
  shipping: "Livraison ({country})",
  totalVat: "Total TTC",
  deliveryAddress: "Adresse de livraison",
  buyer: "Facturée à",
  company: "Société",
  vatNumber: "N° de TVA",
  purchaseOrder: "Bon de commande",
  billingAddress: "Adresse de facturation",
  fact: "{label} :",
  invoice: "Facture",
  invoiceDoc: "Facture {number} (PDF)",
  creditNote: "Avoir {number} (PDF)",
  proForma:
    "Facture pro forma {number} (PDF), pour payer par virement\u202f: ne constitue pas une facture",
  noInvoice: "La facture est émise à réception du paiement.",
  questionsBefore:
    "Une question sur cette commande ? Répondez à son e-mail de confirmation, ou utilisez le",
  contactForm: "formulaire de contact",
  questionsAfter: ".",
  withdraw: {
    heading: "Me rétracter de cette commande",
    text:
      "En tant que consommateur, vous pouvez vous rétracter de cette commande dans les 14 jours suivant sa livraison, sans avoir à vous justifier (article 34 des conditions générales). Choisissez les articles que vous renvoyez ; nous accusons réception de votre rétractation par e-mail et vous remboursons sous 14 jours.",
    until: "Vous pouvez vous rétracter jusqu’au {date}.",
    beforeDelivery:
      "Vous pouvez vous rétracter dès maintenant, ou dans les 14 jours suivant la livraison.",
    items: "Articles dont vous vous rétractez",
    submit: "Me rétracter de cette commande",
    busy: "Envoi…",
    none: "Choisissez au moins un article.",
    failed: "Votre rétractation n’a pas pu être envoyée. Veuillez réessayer, ou nous écrire.",
    received: "Rétractation reçue le {date}",
    receivedText:
      "Nous vous avons envoyé un accusé de réception par e-mail. Merci de nous renvoyer les articles ; nous vous remboursons sous 14 jours.",
    form: "Le modèle de formulaire de rétractation",
    terms: "Article 34 des conditions générales",
  },
  termsAccepted: "Conditions générales acceptées : version du {date}",
  find: {
    title: "Retrouver mes commandes",
    description:
      "Recevez par e-mail les liens de vos commandes, leur avancement et leurs factures.",
    heading: "Retrouver mes commandes",
    text:
      "Chaque commande a sa page, avec son avancement et sa facture. Saisissez l’adresse e-mail utilisée pour commander : nous vous enverrons les liens.",
    label: "L’adresse e-mail de vos commandes",
    submit: "M’envoyer les liens",
    busy: "Envoi…",
    sent:
      "Si nous avons des commandes pour cette adresse, un e-mail avec leurs liens est en route.",
    invalid: "Veuillez saisir une adresse e-mail valide",
    failed: "Une erreur s’est produite. Veuillez réessayer dans un instant.",
  },
};
