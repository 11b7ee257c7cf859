/**
 * Whether the company name a buyer typed is the one VIES registers for its VAT number. VIES
 * answers registered names in capitals, with or without the legal form ("ACME SA", "Acme",
 * "ACME SOCIETE ANONYME"), sometimes with the trade name after it: the names are compared
 * without case, accents, punctuation and legal forms, and match when every word of the
 * shorter is in the longer. A consumer typing a real company's number rarely types its name;
 * a company rarely types another's.
 */

/** Legal forms of EU companies, as words (after accents and punctuation are dropped). */
const LEGAL_FORMS = new Set([
  "ab",
  "ag",
  "aps",
  "as",
  "asbl",
  "bv",
  "bvba",
  "cv",
  "eurl",
  "ev",
  "gbr",
  "gmbh",
  "co",
  "kg",
  "kft",
  "ltd",
  "limited",
  "nv",
  "oy",
  "oyj",
  "plc",
  "sa",
  "sarl",
  "sas",
  "sasu",
  "sc",
  "sca",
  "scs",
  "snc",
  "spa",
  "sprl",
  "srl",
  "sro",
  "sl",
  "se",
  "ug",
  "anonyme",
  "societe",
  "sociedad",
  "anonima",
  "limitada",
  "z",
  "o",
  "oo",
  "sp",
]);

/** The words that name a company: lower case, no accents, punctuation or legal forms. */
export function nameWords(name: string): string[] {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ").trim().split(" ")
    .filter((w) => w && !LEGAL_FORMS.has(w));
}

/** Whether a typed name and VIES's registered name are the same company's. */
export function sameTraderName(typed: string, registered: string): boolean {
  const a = nameWords(typed);
  const b = nameWords(registered);
  if (!a.length || !b.length) return false;
  const [short, long] = a.length <= b.length ? [a, new Set(b)] : [b, new Set(a)];
  return short.every((w) => long.has(w));
}
