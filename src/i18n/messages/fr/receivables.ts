import type { Messages } from "../shape.ts";

export const receivables: Messages["receivables"] = {
  paymentSubject: "Paiement reçu pour votre commande {n}",
  paymentHeading: "Merci pour votre paiement",
  paymentText:
    "Nous avons bien reçu votre virement de {amount} (date de valeur {date}) pour la commande {n}.",
  paymentPaid: "Votre commande est maintenant entièrement payée.",
  paymentInvoice: "Votre facture {invoice} se trouve sur la page de votre commande.",
  paymentRemaining:
    "Il reste {amount} à régler, par virement à l’IBAN {iban} (BIC {bic}) avec la référence {reference}.",
  paymentOver:
    "Vous avez versé {amount} de plus que le total de la commande\u202f; notre équipe vous contacte pour vous le rembourser.",
  reminderSubject: "Relance\u00a0: la facture {invoice} de la commande {n} est échue",
  reminderSecondSubject:
    "Deuxième relance\u00a0: la facture {invoice} de la commande {n} est échue",
  reminderHeading: "Votre paiement ne nous est pas encore parvenu",
  reminderText:
    "Notre facture {invoice} pour la commande {n} était payable le {date}\u202f; nous n’avons pas encore reçu {amount}. Si vous l’avez réglée entre-temps, merci de ne pas tenir compte de ce message.",
  reminderPay:
    "Merci de régler par virement à l’IBAN {iban} (BIC {bic}) en indiquant la référence {reference}.",
  reminderPenalty:
    "Comme indiqué sur la facture (art. L441-10 du Code de commerce), tout retard de paiement entraîne des pénalités au taux de trois fois le taux d’intérêt légal et une indemnité forfaitaire pour frais de recouvrement de 40\u00a0€.",
};
