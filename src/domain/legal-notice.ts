import { type Seller, SELLER_ENV, sellerPlaceholder } from "./invoice.ts";

/**
 * What the legal notice (mentions légales, LCEN art. 6 III) and the consumer-mediation clause
 * (C. consom. L612-1, L616-1) state beyond the seller on invoices: each field and the setting it
 * comes from. All are required in production.
 */
export const LEGAL_NOTICE_ENV = {
  legalForm: "SELLER_LEGAL_FORM",
  email: "SELLER_EMAIL",
  phone: "SELLER_PHONE",
  publicationDirector: "SELLER_PUBLICATION_DIRECTOR",
  hostName: "SELLER_HOST_NAME",
  hostAddress: "SELLER_HOST_ADDRESS",
  hostPhone: "SELLER_HOST_PHONE",
  mediatorName: "SELLER_MEDIATOR_NAME",
  mediatorAddress: "SELLER_MEDIATOR_ADDRESS",
  mediatorUrl: "SELLER_MEDIATOR_URL",
} as const;

export type LegalNoticeField = keyof typeof LEGAL_NOTICE_ENV;
export type LegalNoticeSettings = Record<LegalNoticeField, string>;

/** The company's trading name in the site's texts (the terms, the footer): the product's + "Systems". */
export const companyName = (siteName: string) => `${siteName} Systems`;

/** The seller as the legal notice, the terms and the withdrawal form name it. */
export type LegalIdentity = Seller & LegalNoticeSettings;

/** The settings as read; an unset one prints as a placeholder (never in production). */
export function legalIdentity(
  seller: Partial<Seller>,
  notice: Partial<LegalNoticeSettings>,
): LegalIdentity {
  const pick = <K extends string>(env: Record<K, string>, set: Partial<Record<K, string>>) =>
    Object.fromEntries(
      (Object.entries(env) as [K, string][]).map(([k, name]) => [
        k,
        set[k] ?? sellerPlaceholder(name),
      ]),
    ) as Record<K, string>;
  return { ...pick(SELLER_ENV, seller), ...pick(LEGAL_NOTICE_ENV, notice) };
}

/** The names of the legal-notice settings not set. */
export function missingLegalNotice(notice: Partial<LegalNoticeSettings>): string[] {
  return (Object.entries(LEGAL_NOTICE_ENV) as [LegalNoticeField, string][])
    .filter(([field]) => !notice[field])
    .map(([, name]) => name);
}

/** A mediator's website as a link: only http(s) addresses. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
