/**
 * ISO 11649 structured creditor references ("RF" references): "RF", two check digits, then a
 * reference of 1 to 21 letters and digits. The buyer copies it into the transfer's remittance
 * information; the bank passes it on unchanged (`CdtrRefInf` in camt.053), so a payment finds its
 * invoice. The check digits catch a mistyped reference (ISO 7064 MOD 97-10, as IBANs).
 */

/** The longest reference body: 25 characters in all. */
export const RF_BODY_MAX = 21;

/** Letters as numbers (A=10 ... Z=35), digits as themselves, reduced modulo 97 piece by piece. */
export function mod97(text: string): number {
  let rest = 0;
  for (const ch of text) {
    const n = parseInt(ch, 36);
    rest = n < 10 ? (rest * 10 + n) % 97 : (rest * 100 + n) % 97;
  }
  return rest;
}

/** A body as ISO 11649 allows it: upper-case letters and digits, spaces and dashes dropped. */
export function referenceBody(text: string): string {
  return text.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/**
 * The RF reference of `body` ("F2026000001" -> "RF45F2026000001"); throws on a body that has
 * no letter or digit or more than 21 of them (a caller's mistake, never the buyer's).
 */
export function rfReference(body: string): string {
  const b = referenceBody(body);
  if (b.length < 1 || b.length > RF_BODY_MAX) {
    throw new Error(`An RF reference's body has 1 to ${RF_BODY_MAX} letters or digits: ${body}`);
  }
  const check = 98 - mod97(`${b}RF00`);
  return `RF${String(check).padStart(2, "0")}${b}`;
}

/** Whether `text` (spaces allowed, any case) is an RF reference with the right check digits. */
export function isRfReference(text: string): boolean {
  const r = text.toUpperCase().replace(/\s+/g, "");
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(r)) return false;
  return mod97(r.slice(4) + r.slice(0, 4)) === 1;
}

/** Printed in groups of four, as banks show it: "RF18 5390 0754 7034". */
export function formatRfReference(reference: string): string {
  return reference.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}

/** The first RF reference with valid check digits in a free text (a transfer's remittance). */
export function findRfReference(text: string): string | null {
  const squeezed = text.toUpperCase();
  for (const m of squeezed.matchAll(/RF\d{2}(?:\s?[0-9A-Z]){1,21}/g)) {
    const candidate = m[0].replace(/\s+/g, "");
    // A longer match may have swallowed the next word: try it shortened to the valid one.
    for (let end = candidate.length; end > 4; end--) {
      if (isRfReference(candidate.slice(0, end))) return candidate.slice(0, end);
    }
  }
  return null;
}
