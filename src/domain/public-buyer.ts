import { z } from "zod";
import type { FieldError } from "./errors.ts";

/**
 * A public body invoiced through Chorus Pro (a CNRS lab, a university): the SIRET of its
 * structure, and what its directory entry asks of every invoice, its service code ("code
 * service exécutant") and its engagement number ("numéro d'engagement juridique", the purchase
 * order without which CNRS pays nothing).
 */

/** La Poste's SIREN: its establishments' SIRETs follow their own check (digit sum by 5). */
const LA_POSTE_SIREN = "356000000";

/** The Luhn check the INSEE puts on a SIRET's 14 digits. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** A SIRET: 14 digits passing the Luhn check, or La Poste's rule for La Poste's own. */
export function isSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (value.startsWith(LA_POSTE_SIREN) && value !== `${LA_POSTE_SIREN}00048`) {
    return [...value].reduce((n, d) => n + Number(d), 0) % 5 === 0;
  }
  return luhn(value);
}

const SIRET_MESSAGE = "SIRET must be the 14 digits of the structure's SIRET (check digit included)";

/** Spaces people type between the groups of a SIRET are not part of it. */
export const siretSchema = z.string({ error: SIRET_MESSAGE })
  .transform((v) => v.replace(/[\s\u00a0\u202f.]/g, ""))
  .refine(isSiret, SIRET_MESSAGE);

/**
 * The service code and the engagement number, as Chorus Pro's directory limits them; a field a
 * form sends empty is one not given (the directory says whether it may be).
 */
const given = (max: number) => z.string().trim().max(max).transform((v) => v || undefined);
export const serviceCodeSchema = given(100);
export const engagementNumberSchema = given(50);

export const publicBodySchema = z.object({
  siret: siretSchema,
  serviceCode: serviceCodeSchema.optional(),
  engagementNumber: engagementNumberSchema.optional(),
});
export type PublicBody = z.infer<typeof publicBodySchema>;

/** What a structure's directory entry asks of its invoices. */
export interface StructureRules {
  /** The structure's name as the directory holds it. */
  name: string;
  serviceCodeRequired: boolean;
  engagementNumberRequired: boolean;
  /** Its active service codes (the form's choice). */
  services: { code: string; name: string }[];
}

/**
 * What the structure's directory entry asks and the buyer left out (or gave wrong), as field
 * errors under `prefix` (the form's path to the public body); empty when the order may go.
 */
export function missingForStructure(
  body: PublicBody,
  rules: StructureRules,
  prefix = "business.publicBody",
): FieldError[] {
  const errors: FieldError[] = [];
  if (rules.serviceCodeRequired && !body.serviceCode) {
    errors.push({
      field: `${prefix}.serviceCode`,
      message: `${rules.name} requires a service code on its invoices`,
    });
  } else if (
    body.serviceCode && rules.services.length > 0 &&
    !rules.services.some((s) => s.code === body.serviceCode)
  ) {
    errors.push({
      field: `${prefix}.serviceCode`,
      message: `${body.serviceCode} is not a service code of ${rules.name}`,
    });
  }
  if (rules.engagementNumberRequired && !body.engagementNumber) {
    errors.push({
      field: `${prefix}.engagementNumber`,
      message: `${rules.name} requires an engagement number (EJ) on its invoices`,
    });
  }
  return errors;
}
