import type { Messages } from "../shape.ts";

export const tax: Messages["tax"] = {
  included: "dont TVA ({rate})",
  none: "TVA 0\u00a0%",
  excluded: "HT",
  totalExcluded: "Total HT",
  pricesIncluded: "Prix TVA comprise.",
  whyExport:
    "Les biens expédiés hors de l’Union européenne sont vendus sans TVA française (exportation)\u00a0: prix hors taxes. Les droits et taxes d’importation de votre pays peuvent être dus à la livraison.",
  whyIntraEu:
    "Le numéro de TVA de votre entreprise est confirmé par VIES\u00a0: une livraison intracommunautaire à une entreprise est exonérée de TVA, que vous autoliquidez dans votre pays. Prix hors taxes.",
  viesUnavailable:
    "VIES, le registre européen des numéros de TVA, n’a pas pu être joint pour vérifier votre numéro\u00a0: cette commande est facturée avec TVA. Contactez-nous si vous avez besoin d’une facture exonérée.",
  noVatNumber: "Sans numéro de TVA, une entreprise d’un autre pays de l’UE paie la TVA.",
  vatNumberOtherCountry:
    "Un numéro de TVA français ne rend pas exonérée une vente qui quitte la France\u00a0: cette commande est facturée avec la TVA française.",
  vatNumberOtherMemberState:
    "Le numéro de TVA de votre entreprise est confirmé par VIES\u00a0: une livraison intracommunautaire à une entreprise est exonérée de TVA, même quand les biens vont dans un autre pays de l’UE que celui de votre numéro. Rien ne change pour vous\u00a0: vous autoliquidez la TVA, comme pour tout achat intracommunautaire. Prix hors taxes.",
};
