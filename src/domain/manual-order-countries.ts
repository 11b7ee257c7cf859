import { countryNameOf, invalidCountryMessage, resolveCountryCode } from "./country-code.ts";
import { DomainError, type FieldError } from "./errors.ts";
import type { ManualOrderBody } from "./order-admin.ts";

/**
 * A manual order's countries, resolved as strictly as the checkout's: the shipping country, the
 * shipping address's and the billing address's must each be a country ("Frnace", "Narnia", "ZZ",
 * a VAT prefix such as "EL" or "XI" are not), and the shipping address must be in the shipping
 * country. An unknown country would otherwise make a VAT-free export of a French delivery. The
 * order records the country's name ("France" for "FR"), so its invoice names the buyer's country.
 */
export function checkedCountries(body: ManualOrderBody): {
  body: ManualOrderBody;
  destination: string;
} {
  const errors: FieldError[] = [];
  const resolve = (value: string, field: string) => {
    const code = resolveCountryCode(value);
    if (!code) errors.push({ field, message: invalidCountryMessage(value.trim()) });
    return code;
  };
  const destination = resolve(body.shippingCountry, "shippingCountry");
  const addressCountry = body.shippingAddress.country
    ? resolve(body.shippingAddress.country, "shippingAddress.country")
    : destination;
  if (body.billingAddress) resolve(body.billingAddress.country, "billingAddress.country");
  if (destination && addressCountry && addressCountry !== destination) {
    errors.push({
      field: "shippingAddress.country",
      message: "The shipping address must be in the order's shipping country",
    });
  }
  if (!destination || errors.length) {
    throw new DomainError(422, "invalid_country", errors[0].message, errors);
  }
  const name = countryNameOf(destination);
  return {
    body: {
      ...body,
      shippingCountry: name,
      shippingAddress: { ...body.shippingAddress, country: name },
    },
    destination,
  };
}
