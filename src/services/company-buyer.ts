import type { PublicBody } from "../domain/public-buyer.ts";
import { type BusinessInput, checkBusiness } from "../domain/checkout.ts";
import type { Business } from "../domain/order.ts";
import { needsVies, type TaxBuyer } from "../domain/tax.ts";
import type { Trader, Vies } from "./vies.ts";

/** Chorus Pro's directory check of a public body (services/chorus-pro.ts), when configured. */
export interface PublicBodyCheck {
  checkPublicBody(body: PublicBody, prefix: string): Promise<void>;
}

/** The company's address (its billing address, else where the goods go). */
export interface CompanyAddress {
  address: string;
  zipCode: string;
  city: string;
}

/**
 * Who buys, for the tax decision: a consumer, or a company whose details are checked for the
 * delivery country (422 on a bad VAT number or SIREN) and whose VAT number is asked to VIES
 * when it can make the sale exempt. The checkout and staff's manual orders both ask it here,
 * so a company is taxed alike however it orders. `business` is what the order keeps. With the
 * company's address (an order, not a quote), VIES is asked with its name and address: the
 * order's own consultation, and VIES's name compared with the typed one.
 */
export async function companyBuyer(
  vies: Vies,
  input: BusinessInput | undefined,
  destination: string,
  address?: CompanyAddress,
  publicBodies?: PublicBodyCheck,
): Promise<{ buyer: TaxBuyer; business?: Business }> {
  if (!input) return { buyer: { kind: "consumer" } };
  const checked = checkBusiness(input, destination);
  // A public body: what its Chorus Pro structure asks (service code, engagement number).
  if (checked.publicBody && publicBodies) {
    await publicBodies.checkPublicBody(checked.publicBody, "orderData.business.publicBody");
  }
  const vatNumber = checked.vatNumber?.value ?? null;
  // An order's check sends the company as typed, for VIES's matching; a quote has no name.
  const trader: Trader | undefined = address
    ? {
      name: checked.companyName,
      street: address.address,
      postcode: address.zipCode,
      city: address.city,
    }
    : undefined;
  const buyer: TaxBuyer = {
    kind: "business",
    vatNumber,
    check: vatNumber && needsVies(destination, vatNumber)
      ? await vies.check(checked.vatNumber!, trader)
      : null,
  };
  const business: Business = {
    companyName: checked.companyName,
    ...(vatNumber || checked.otherTaxId ? { vatNumber: vatNumber ?? checked.otherTaxId } : {}),
    ...(checked.siren ? { siren: checked.siren } : {}),
    ...(checked.purchaseOrder ? { purchaseOrder: checked.purchaseOrder } : {}),
    ...(checked.publicBody ? { publicBody: checked.publicBody } : {}),
  };
  return { buyer, business };
}
