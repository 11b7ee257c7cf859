import { type AuditActor, describeWrite } from "../domain/audit.ts";
import { invalidCountryMessage } from "../domain/country-code.ts";
import { NotFoundError, ValidationError } from "../domain/errors.ts";
import {
  countryKey,
  type ShippingFee,
  type ShippingFeeInput,
  toPublicShippingFee,
} from "../domain/shipping-fee.ts";
import type { ShippingFeeStore } from "../store/shipping-fees.ts";

const SHOWN = ["country", "feeCents", "currency", "isActive"];

/**
 * Shipping Fees Management: one fee per country, every write audited in its commit. Fees are
 * for the countries of `countries` (the shop's country list), stored as the list spells them.
 */
export function createShippingDesk(fees: ShippingFeeStore, countries: readonly string[]) {
  const audit = (actor: AuditActor, action: string) =>
    describeWrite<ShippingFee>(actor, "shipping_fee", action, SHOWN, (f) => `fee for ${f.country}`);
  // Typed apostrophes are straight; the list's (from Intl) are curly: "Côte d’Ivoire".
  const loose = (name: string) => countryKey(name).replace(/[\u2018\u2019`]/g, "'");
  const known = new Map(countries.map((name) => [loose(name), name]));

  /** The list's name of a country (any case, accents or apostrophe), else a 400 on the field. */
  function listed(country: string): string {
    const name = known.get(loose(country));
    if (name) return name;
    const message = invalidCountryMessage(country.trim());
    throw new ValidationError(message, [{ field: "country", message }]);
  }

  return {
    /** The countries a fee may be for, by name (what the screen's country field suggests). */
    countries,

    async create(actor: AuditActor, input: ShippingFeeInput) {
      const fee = { ...input, country: listed(input.country) };
      return toPublicShippingFee(await fees.create(fee, audit(actor, "create")));
    },
    /** A country sent unchanged is no change: a fee stored before the list is still editable. */
    async update(actor: AuditActor, id: string, input: Partial<ShippingFeeInput>) {
      const patch = { ...input };
      if (input.country !== undefined) {
        const current = await fees.get(id);
        if (!current) throw new NotFoundError("Shipping fee not found");
        if (countryKey(input.country) === countryKey(current.country)) delete patch.country;
        else patch.country = listed(input.country);
      }
      return toPublicShippingFee(await fees.update(id, patch, audit(actor, "update")));
    },
    async remove(actor: AuditActor, id: string) {
      await fees.remove(id, audit(actor, "delete"));
    },
  };
}
export type ShippingDesk = ReturnType<typeof createShippingDesk>;
