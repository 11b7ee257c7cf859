import type { Messages } from "../shape.ts";

export const apiErrors: Messages["apiErrors"] = {
  firstNameRequired: "Le prénom est obligatoire",
  lastNameRequired: "Le nom est obligatoire",
  emailRequired: "L’e-mail est obligatoire",
  emailInvalid: "L’e-mail n’est pas valide",
  phoneRequired: "Le téléphone est obligatoire",
  addressRequired: "L’adresse est obligatoire",
  cityRequired: "La ville est obligatoire",
  zipCodeRequired: "Le code postal est obligatoire",
  countryRequired: "Le pays est obligatoire",
  stateRequired: "La région ou l’État est obligatoire",
  companyNameRequired: "La raison sociale est obligatoire",
  shippingCountryRequired: "Le pays de livraison est obligatoire",
  cartEmpty: "Le panier est vide",
  tooLong: "{max} caractères au plus",
  vatFormat:
    "Ce numéro de TVA intracommunautaire n’est pas valide\u00a0: vérifiez le préfixe du pays et les chiffres (par exemple BE0411905847)",
  vatChecksum:
    "La clé de contrôle de ce numéro de TVA est fausse\u00a0: vérifiez qu’il n’y a pas de faute de frappe",
  vatUnknown:
    "Ce numéro de TVA n’est pas enregistré dans VIES, le registre de l’UE\u00a0: vérifiez-le, ou achetez sans lui (la TVA est alors facturée)",
  siren: "Un SIREN compte 9 chiffres (par exemple 732\u00a0829\u00a0320)",
  siret:
    "Le SIRET est le numéro à 14 chiffres de la structure (clé de contrôle comprise)\u00a0: vérifiez qu’il n’y a pas de faute de frappe",
  noStructure: "Aucune structure de Chorus Pro n’a ce SIRET",
  needsServiceCode: "{name} exige un code service sur ses factures",
  needsEngagementNumber: "{name} exige un numéro d’engagement (EJ) sur ses factures",
  notAServiceCode: "{code} n’est pas un code service de {name}",
  invalidCountry: "Pays non valide\u00a0: {country}. Veuillez choisir un pays existant.",
  notCartCountry: "L’adresse de livraison doit être dans le pays choisi dans le panier",
  cartCountry: "Doit être le pays du panier",
  unknownProduct: "Produit inconnu\u00a0: {id}",
  notInEuros: "{name} n’est pas vendu en euros",
  noShipping: "Nous ne livrons pas ce pays\u00a0: {country}",
  feeNotInEuros: "Les frais de livraison pour ce pays ne sont pas en euros\u00a0: {country}",
  stockLeft: "Stock insuffisant pour {name} ({count} disponibles)",
  stock: "Stock insuffisant pour {name}",
  soldOut:
    "Stock insuffisant pour {name}\u00a0: l’article a été vendu pendant votre paiement. Le paiement a été annulé\u00a0: votre carte n’a pas été débitée.",
  checkoutEnded:
    "Cette commande a expiré avant la confirmation du paiement. Le paiement a été annulé\u00a0: votre carte n’a pas été débitée.",
  outOfDate:
    "Votre panier n’est plus à jour\u00a0: {problems}. Rien n’a été débité\u202f; veuillez vérifier votre panier.",
  priceChanged: "le prix de {title} est désormais de {amount}",
  subtotalChanged: "le sous-total est de {amount}, et non de {sent}",
  shippingChanged: "les frais de livraison sont de {amount}, et non de {sent}",
  totalChanged: "le total est de {amount}, et non de {sent}",
  amountChanged: "le montant est de {amount}, et non de {sent}",
  cancelled:
    "Ce paiement a été annulé et votre carte n’a pas été débitée. Veuillez recommencer la commande.",
  expired: "Ce paiement a été annulé car la commande a expiré. Veuillez recommencer la commande.",
  providerDown: "Le service de paiement est indisponible\u202f; veuillez réessayer.",
  busy: "La boutique est très sollicitée en ce moment\u202f; veuillez réessayer dans un instant.",
  rateLimited: "Trop de demandes. Veuillez réessayer plus tard.",
};
