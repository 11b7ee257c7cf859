/** The seller the e-invoice tests issue documents as (its SIREN, SIRET and VAT number agree). */
export const TEST_SELLER = {
  legalName: "Vectra Systèmes SAS",
  address: "12 rue des Lois;31000 Toulouse;France",
  siren: "123456789",
  siret: "12345678900012",
  vatNumber: "FR40123456789",
  rcs: "Toulouse B 123 456 789",
  shareCapital: "10 000 €",
  contact: "factures@vectra.example",
};
