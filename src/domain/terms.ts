/**
 * The general terms' versions and who each article binds. An order records the version its
 * buyer accepted; each version keeps its dated page and PDF (/general-terms/{version}), so the
 * text a buyer accepted stays readable. A new version is a new entry here, last; the text of
 * the one it replaces moves to its own catalogue module then (see docs/money-and-law.md).
 */
export const TERMS_VERSIONS = ["2026-11-27"] as const;
export type TermsVersion = typeof TERMS_VERSIONS[number];

/** The version in force: what the checkout shows and an order records. */
export const CURRENT_TERMS_VERSION: TermsVersion = TERMS_VERSIONS[TERMS_VERSIONS.length - 1];

export const isTermsVersion = (v: string): v is TermsVersion =>
  (TERMS_VERSIONS as readonly string[]).includes(v);

/**
 * Articles that bind one kind of buyer only: the clauses a consumer cannot be held to
 * (C. consom. L217-3 ff., L221-18 ff., R212-1) are for business buyers; the statutory withdrawal
 * and conformity articles are for consumers. Unlisted articles bind every buyer.
 */
export const TERMS_SCOPES: Readonly<Record<string, "business" | "consumer">> = {
  receipt: "business",
  warranty: "business",
  "limitation-period": "business",
  withdrawal: "consumer",
  "legal-guarantee": "consumer",
};

/** The dated page of a version of the terms, and its PDF, without language prefix. */
export const termsVersionPath = (version: string) => `/general-terms/${version}`;
export const termsPdfPath = (version: string) => `/general-terms/${version}.pdf`;

/** The model withdrawal form (Directive 2011/83/EU Annex I B; C. consom. R221-1 annex). */
export const WITHDRAWAL_FORM_PATH = "/withdrawal-form";
export const WITHDRAWAL_FORM_PDF_PATH = "/withdrawal-form.pdf";

/** The legal notice (LCEN art. 6 III). */
export const LEGAL_NOTICE_PATH = "/legal-notice";
