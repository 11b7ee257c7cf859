import type { Config } from "../../src/services/config.ts";
import type { InvoiceDocument } from "../../src/domain/invoice.ts";
import type { Order } from "../../src/domain/order.ts";
import type { Quote } from "../../src/browser/state/quote.ts";
import { assertJsonResponse } from "./assert.ts";
import { confirmPayment, CUSTOMER, payWithToken } from "./checkout.ts";
import { type FakeVies, fakeVies } from "./fake-vies.ts";
import { jsonRequest, testConfig, type TestContext, withServices } from "./services.ts";

/** The seller's VAT number in these tests: VIES's requester. */
export const SELLER_VAT = "FR40303265045";

/** Services whose VIES is a local fake (`vies`), the seller's VAT number set. */
export async function withVies(
  fn: (t: TestContext, vies: FakeVies) => Promise<void>,
  options: { oss?: boolean; viesTimeoutMs?: number; config?: Partial<Config> } = {},
) {
  const vies = fakeVies();
  const base = testConfig();
  try {
    await withServices((t) => fn(t, vies), {
      config: {
        seller: { vatNumber: SELLER_VAT },
        vat: {
          ...base.vat,
          viesUrl: vies.url,
          oss: options.oss ?? false,
          viesTimeoutMs: options.viesTimeoutMs ?? base.vat.viesTimeoutMs,
        },
        ...options.config,
      },
    });
  } finally {
    await vies.close();
  }
}

type Api = TestContext["api"];

export async function quote(
  api: Api,
  body: { items: { id: string; quantity: number }[]; shippingCountry: string; vatNumber?: string },
  status = 200,
) {
  const res = await api.request(
    "/api/checkout/quote",
    jsonRequest("POST", {
      items: body.items,
      shippingCountry: body.shippingCountry,
      ...(body.vatNumber ? { business: { vatNumber: body.vatNumber } } : {}),
    }),
  );
  return await assertJsonResponse(res, status) as Quote & {
    errors?: { field: string; message: string }[];
  };
}

export interface Purchase {
  country: string;
  items: { id: string; price: number; quantity: number }[];
  business?: Record<string, string>;
  billingAddress?: Record<string, string>;
  email?: string;
  locale?: "en" | "fr";
}

/** The create-payment-intent body with the amounts the quote showed. */
export function taxedIntentBody(p: Purchase, q: Quote) {
  return {
    amount: q.total,
    currency: "eur",
    orderData: {
      customer: { ...CUSTOMER, email: p.email ?? CUSTOMER.email },
      shippingAddress: {
        address: "1 Main Street",
        city: "City",
        state: "Region",
        zipCode: "1000",
        country: p.country,
      },
      ...(p.business ? { business: p.business } : {}),
      ...(p.billingAddress ? { billingAddress: p.billingAddress } : {}),
      items: p.items.map((l) => ({ ...l, title: "item" })),
      subtotal: q.subtotal,
      shippingFee: q.shippingFee,
      total: q.total,
      paymentMethod: "stripe",
      shippingCountry: p.country,
      ...(p.locale ? { locale: p.locale } : {}),
    },
  };
}

/** A buyer through the shop: quote, intent, card, confirm; the order and its documents. */
export async function buy(t: TestContext, p: Purchase) {
  const q = await quote(t.api, {
    items: p.items,
    shippingCountry: p.country,
    vatNumber: p.business?.vatNumber,
  });
  const res = await t.api.request(
    "/api/stripe/create-payment-intent",
    jsonRequest("POST", taxedIntentBody(p, q)),
  );
  const intent = await assertJsonResponse(res, 200) as {
    clientSecret: string;
    paymentIntentId: string;
  };
  await (await payWithToken(t.api, intent.clientSecret, "pm_card_visa")).body?.cancel();
  const confirmed = await confirmPayment(t.api, intent.paymentIntentId, 200, p.email);
  const order = (await t.services.orders.get(confirmed.order._id as string)) as Order;
  const docs: InvoiceDocument[] = await t.services.invoices.ofOrder(order.id);
  return { quote: q, order, invoice: docs[0], publicOrder: confirmed.order };
}
