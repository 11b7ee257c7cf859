import { mod97 } from "./rf-reference.ts";

/** The seller's bank account, printed where a buyer pays by transfer (SELLER_IBAN, SELLER_BIC). */
export interface BankAccount {
  iban: string;
  bic: string;
}

/** An IBAN as typed, spaces dropped and upper-cased. */
export const compactIban = (text: string) => text.replace(/\s+/g, "").toUpperCase();

/** Whether `text` is an IBAN: country, check digits, and a body passing ISO 7064 MOD 97-10. */
export function isIban(text: string): boolean {
  const iban = compactIban(text);
  if (!/^[A-Z]{2}\d{2}[0-9A-Z]{10,30}$/.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** A BIC (ISO 9362): bank, country, location, optional branch. */
export const isBic = (text: string) => /^[A-Z]{4}[A-Z]{2}[0-9A-Z]{2}([0-9A-Z]{3})?$/.test(text);

/** "FR7630006000011234567890189" -> "FR76 3000 6000 0112 3456 7890 189". */
export const formatIban = (iban: string) => compactIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
