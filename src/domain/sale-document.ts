import { resolveCountryCode } from "./country-code.ts";
import { documentAmounts, type InvoiceDocument, type Seller } from "./invoice.ts";
import type { Business } from "./order.ts";
import type { TaxDecision } from "./tax.ts";

/**
 * A sale not invoiced yet (a quote, an order awaiting its payment) as the invoice would state
 * it: the same snapshot, so its lines, nets and VAT groups are worked out by the one code the
 * invoice uses (documentAmounts, then en16931's model). It is no invoice: it has no number of
 * the invoice series, it is never stored, and only the quote and pro-forma PDFs draw it.
 */

/** The fields of a quote or an order a document states. */
export interface DocumentSale {
  customer: { firstName: string; lastName: string; email: string; phone: string };
  business?: Business;
  shippingAddress: {
    address: string;
    city: string;
    state: string;
    zipCode: string;
    country: string;
  };
  billingAddress?: InvoiceDocument["billingAddress"];
  shippingCountry: string;
  items: readonly { title: string; quantity: number; priceCents: number }[];
  shippingFeeCents: number;
  totalCents: number;
  tax: TaxDecision;
  paymentMethod: string;
  currency: string;
}

/** The buyer, delivery and billing a document of this sale states (an invoice's too). */
export function documentParties(
  sale: Pick<
    DocumentSale,
    "customer" | "business" | "shippingAddress" | "billingAddress" | "shippingCountry"
  >,
) {
  const business = sale.business;
  const delivery = { ...sale.shippingAddress, country: sale.shippingCountry };
  return {
    buyer: {
      name: `${sale.customer.firstName} ${sale.customer.lastName}`.trim(),
      email: sale.customer.email,
      phone: sale.customer.phone,
      company: business?.companyName ?? null,
      vatNumber: business?.vatNumber ?? null,
      siren: business?.siren ?? business?.publicBody?.siret.slice(0, 9) ?? null,
      purchaseOrder: business?.publicBody?.engagementNumber ?? business?.purchaseOrder ?? null,
      ...(business?.publicBody
        ? {
          siret: business.publicBody.siret,
          serviceCode: business.publicBody.serviceCode ?? null,
        }
        : {}),
    },
    address: delivery,
    billingAddress: sale.billingAddress ?? delivery,
  };
}

/**
 * The snapshot of `sale` on `day`, named `number` (the quote's or order's own) for `orderNumber`
 * (the quote's number while there is no order), with the account it is paid to, if any.
 */
export function draftDocument(
  sale: DocumentSale,
  ids: { number: string; orderNumber: string; day: string; at: string },
  seller: Seller,
  account?: InvoiceDocument["account"],
): InvoiceDocument {
  return {
    schemaVersion: 2,
    kind: "invoice",
    number: ids.number,
    issuedAt: ids.at,
    issueDate: ids.day,
    orderId: ids.orderNumber,
    orderNumber: ids.orderNumber,
    refersTo: null,
    seller,
    vatOnDebits: false,
    ...documentParties(sale),
    countryCode: resolveCountryCode(sale.shippingCountry),
    ...documentAmounts("invoice", sale, sale.totalCents, sale.tax),
    tax: sale.tax,
    mention: sale.tax.mention,
    paymentMethod: sale.paymentMethod,
    currency: sale.currency,
    ...(account ? { account } : {}),
  };
}
