import { quoteRequestBodySchema } from "../../src/domain/sales-quote.ts";
import type { PaymentTerms } from "../../src/domain/payment-terms.ts";
import type { Order } from "../../src/domain/order.ts";
import type { Config } from "../../src/services/config.ts";
import type { TestContext } from "./services.ts";

export const IBAN = "FR7630006000011234567890189";
export const BIC = "AGRIFRPP882";
export const CLERK = { id: "clerk", email: "clerk@example.com", role: "admin" as const };

/**
 * An order on account as a buyer makes it: a quote requested from the cart, then accepted with
 * a purchase order; `terms` before shipping is staff's choice, set on the order as they would
 * on its quote. On terms, `shipped` ships it (its invoice is issued, due 30 days later).
 */
export async function orderOnAccount(
  t: TestContext,
  options: {
    terms?: PaymentTerms;
    quantity?: number;
    shipped?: boolean;
    email?: string;
    locale?: "en" | "fr";
  } = {},
): Promise<Order> {
  const board = (await t.services.products.list()).find((p) => p.name.includes("DSP Board"))!;
  // The desk's own functions: a test makes more orders than one client may ask for.
  const q = await t.services.quoteDesk.request(quoteRequestBodySchema.parse({
    items: [{ id: board.id, quantity: options.quantity ?? 1 }],
    shippingCountry: "France",
    customer: {
      firstName: "Marie",
      lastName: "Curie",
      email: options.email ?? "achats@labo.example",
      phone: "01",
    },
    business: { companyName: "Laboratoire Curie" },
    shippingAddress: { address: "1 Rue X", city: "Paris", zipCode: "75005", country: "France" },
    locale: options.locale ?? "fr",
  }));
  const token = await t.services.quoteLinks.token(q.number);
  const { order: made } = await t.services.quoteDesk.accept(q.number, token, "BC-2026-04");
  const orderNumber = made.orderNumber;
  let order = (await t.services.orders.getByNumber(orderNumber))!;
  if (options.terms === "before_shipping") {
    order = await t.services.orders.update(order.id, (o) => ({
      ...o,
      account: { ...o.account!, terms: "before_shipping" },
    }));
  }
  if (options.shipped) {
    await t.services.orderDesk.setStatus(CLERK, order.id, { status: "shipped" });
    order = (await t.services.orders.get(order.id))!;
  }
  return order;
}

/** A test server's settings with bank transfers on (SELLER_IBAN, SELLER_BIC). */
export const transferConfig = (base: Config): Partial<Config> => ({
  transfers: { ...base.transfers, iban: IBAN, bic: BIC },
});
