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

/** The seller of the e-reporting tests and benchmark: its SIREN passes the Luhn check Flux 10 asks. */
export const REPORTING_SELLER = {
  legalName: "Vectra SAS",
  address: "1 rue de la Paix, 31000 Toulouse",
  siren: "123456782",
  siret: "12345678200011",
  vatNumber: "FR40123456782",
  rcs: "RCS Toulouse 123 456 782",
  shareCapital: "10 000 €",
  contact: "shop@example.com",
};
