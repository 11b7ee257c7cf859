import type { Messages } from "../shape.ts";

export const quotes: Messages["quotes"] = {
  title: "Devis",
  number: "Numéro de devis",
  validUntil: "Valable jusqu’au {date}",
  sentSubject: "Votre devis {n}",
  sentText:
    "Voici notre devis {n} pour {company}, valable jusqu’au {date}. Ouvrez-le pour le lire, le télécharger en PDF, l’accepter avec votre numéro de bon de commande, ou le refuser\u00a0:",
  button: "Voir le devis",
  total: "Total\u00a0: {amount}",
  acceptedSubject: "Commande {n}\u00a0: votre devis {quote} est accepté",
  acceptedText:
    "Merci\u202f! Votre devis {quote} est accepté avec votre bon de commande {po}. Votre commande porte le numéro {n}.",
  payBefore:
    "Merci de régler {amount} par virement sur l’IBAN {iban} (BIC {bic}) avec la référence {reference}\u202f; nous expédions votre commande dès réception du paiement.",
  payOnTerms:
    "Nous expédions votre commande avec sa facture, payable par virement sous {days} jours sur l’IBAN {iban} (BIC {bic}), référence {reference}.",
  pdfLine: "Le devis en PDF\u202f: {link}",
  proFormaLine: "Votre facture pro forma (PDF), pour effectuer le virement\u202f: {link}",
  stockShortSubject: "Devis {n}\u00a0: stock insuffisant pour l’accepter",
  stockShortText:
    "Le devis {n} de {company} n’a pas pu être accepté\u00a0: {reason}. Rien n’a été créé\u202f; l’acheteur a été prévenu.",
  stockShort:
    "Nous ne pouvons pas accepter ce devis pour le moment\u00a0: {reason}. Rien n’a été commandé\u202f; notre équipe est prévenue et vous contactera.",
  requestSubject: "Demande de devis {n} de {company}",
  requestText: "{company} ({email}) a demandé un devis, envoyé sous le numéro {n}\u00a0:",
  declinedSubject: "Devis {n} refusé par {company}",
  acceptedStaffSubject: "Devis {n} accepté par {company}\u00a0: commande {order}",
  terms: {
    before_shipping: "Paiement par virement avant expédition",
    on_terms: "Paiement par virement à {days} jours date de facture",
  },
  transfer: {
    heading: "Paiement par virement",
    due: "Montant dû",
    dueDate: "Échéance",
    beforeShipping: "Avant expédition\u00a0: nous expédions dès réception de votre virement",
    paid: "Payé",
    iban: "IBAN",
    bic: "BIC",
    reference: "Référence",
    referenceHint:
      "Indiquez cette référence dans votre virement pour que nous retrouvions votre paiement.",
    holder: "Titulaire du compte",
    payBy: "À régler avant le",
    stripeText:
      "Merci pour votre commande {n}. Veuillez régler {amount} par virement avant le {date} sur le compte ci-dessous, avec la référence {reference}. Nous vous réservons les articles jusque-là et expédions dès réception du paiement.",
    expiredSubject: "Commande {n} annulée : virement non reçu",
    expiredText:
      "Nous vous avions réservé les articles de votre commande {n} jusqu’au {date} dans l’attente de votre virement. Il n’est pas arrivé : la commande est annulée et les articles remis en vente ; vous ne devez rien. Un virement fait malgré tout vous sera remboursé.",
  },
  reason: "Motif",
  message: "Message",
  page: {
    title: "Devis {n}",
    description:
      "Votre devis\u00a0: ses lignes, ses totaux et ses conditions\u202f; acceptez-le avec votre bon de commande, payez-le maintenant ou refusez-le.",
    forCompany: "Pour {company}",
    product: "Produit",
    quantity: "Qté",
    unitPrice: "Prix unitaire",
    discount: "Remise",
    amount: "Montant",
    subtotal: "Sous-total",
    shipping: "Livraison",
    total: "Total",
    excluded: "HT",
    note: "Note",
    pdf: "Télécharger le devis (PDF)",
    accept: {
      heading: "Accepter le devis",
      text:
        "Indiquez votre numéro de bon de commande\u202f; nous vous confirmons alors la commande par e-mail avec les modalités de virement.",
      purchaseOrder: "Numéro de bon de commande",
      file: "Votre bon de commande en PDF (facultatif, 5\u00a0Mo au plus)",
      button: "Accepter le devis",
    },
    decline: {
      heading: "Refuser le devis",
      reason: "Dites-nous pourquoi",
      button: "Refuser",
    },
    busy: "Envoi…",
    errors: {
      purchaseOrder: "Veuillez indiquer votre numéro de bon de commande.",
      file: "Le bon de commande doit être un PDF de 5\u00a0Mo au plus.",
      reason: "Veuillez nous dire pourquoi.",
      failed: "Cela n’a pas fonctionné. Veuillez réessayer dans un instant.",
    },
    state: {
      expired: "Ce devis a expiré le {date}\u202f: ses prix ne tiennent plus.",
      cancelled: "Ce devis a été annulé.",
      accepted: "Vous avez accepté ce devis avec votre bon de commande {po}.",
      declined: "Vous avez refusé ce devis.",
      draft: "Ce devis est en préparation\u00a0: il ne peut pas encore recevoir de réponse.",
      paidByCard: "Vous avez payé ce devis par carte.",
      paidByTransfer:
        "Vous avez accepté ce devis, à régler par virement\u00a0: la page de votre commande donne l’IBAN et la référence.",
      paying: "Votre paiement par carte de ce devis est en cours.",
    },
    pay: {
      heading: "Payer maintenant",
      text:
        "Réglez maintenant le total du devis\u00a0: votre commande est passée aussitôt, à ces prix.",
      method: "Moyen de paiement",
      card: "Carte bancaire",
      cardNote: "Débitée maintenant\u202f; nous expédions au plus vite.",
      transfer: "Virement bancaire",
      transferNote:
        "Nous réservons vos articles et vous envoyons l’IBAN et la référence par e-mail\u202f; nous expédions dès réception de votre virement.",
      payCard: "Payer {amount}",
      payTransfer: "Commander et payer {amount} par virement",
      busy: "Traitement…",
      refused: "Ce devis ne peut plus être payé\u00a0: votre carte n’a pas été débitée.",
      reload: "Revoir le devis",
    },
    askAgain: "Demandez-nous un nouveau devis",
    order: "Voir votre commande {n}",
  },
  request: {
    title: "Demander un devis",
    description:
      "Demandez un devis pour votre panier\u00a0: nous vous l’envoyons par e-mail, au prix et à la TVA que le paiement appliquerait, à accepter avec votre bon de commande.",
    intro:
      "Pour les laboratoires, universités et entreprises\u00a0: nous vous envoyons par e-mail un devis pour votre panier, valable {days}\u00a0jours, à accepter avec votre bon de commande et à régler par virement.",
    cart: "Votre panier",
    emptyCart: "Votre panier est vide\u00a0: ajoutez d’abord des produits dans la boutique.",
    shop: "Aller à la boutique",
    contact: "Contact",
    delivery: "Adresse de livraison",
    message: "Message (facultatif)",
    submit: "Demander le devis",
    busy: "Envoi…",
    sent: "Merci\u202f! Votre devis {n} part vers {email}.",
    invalid: "Veuillez vérifier ce champ.",
    failed: "Cela n’a pas fonctionné. Veuillez réessayer dans un instant.",
  },
};
