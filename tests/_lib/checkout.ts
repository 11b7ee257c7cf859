import Stripe from "stripe";
import type { Services } from "../../src/services/container.ts";
import { getOrCreateSecret } from "../../src/services/secrets.ts";
import { assertJsonResponse } from "./assert.ts";
import { jsonRequest } from "./services.ts";

type Api = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

export const CUSTOMER = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "+33612345678",
};

export const ADDRESS = {
  address: "1 rue de la Paix",
  city: "Toulouse",
  state: "Occitanie",
  zipCode: "31000",
  country: "France",
};

/** The spec's create-payment-intent body for `lines`, priced like the shop would show them. */
export function intentBody(
  lines: { id: string; price: number; quantity: number; title?: string }[],
  options: { country?: string; fee?: number; email?: string } = {},
) {
  const country = options.country ?? "France";
  const fee = options.fee ?? 9.9;
  const subtotal = Math.round(lines.reduce((s, l) => s + l.price * l.quantity * 100, 0)) / 100;
  const total = Math.round((subtotal + fee) * 100) / 100;
  return {
    amount: total,
    currency: "eur",
    orderData: {
      customer: { ...CUSTOMER, email: options.email ?? CUSTOMER.email },
      shippingAddress: { ...ADDRESS, country },
      items: lines.map((l) => ({ ...l, title: l.title ?? "item" })),
      subtotal,
      shippingFee: fee,
      total,
      paymentMethod: "stripe",
      shippingCountry: country,
      shippingFeeDetails: { country, fee, currency: "EUR" },
    },
  };
}

export async function productByName(services: Services, name: string) {
  const p = (await services.products.list()).find((p) => p.name === name);
  if (!p) throw new Error(`no product ${name}`);
  return p;
}

export interface IntentAnswer {
  success: boolean;
  clientSecret: string;
  paymentIntentId: string;
}

export async function createIntent(api: Api, body: unknown, status = 200) {
  const res = await api.request("/api/stripe/create-payment-intent", jsonRequest("POST", body));
  return await assertJsonResponse(res, status) as IntentAnswer & {
    error?: string;
    message?: string;
  };
}

/** The sandbox's confirmCardPayment with a test card's token. */
export async function payWithToken(api: Api, clientSecret: string, paymentMethod: string) {
  return await api.request(
    "/api/sandbox/confirm-card",
    jsonRequest("POST", { clientSecret, paymentMethod }),
  );
}

export async function confirmPayment(
  api: Api,
  paymentIntentId: string,
  status = 200,
  email = CUSTOMER.email,
) {
  const res = await api.request(
    "/api/stripe/confirm-payment",
    jsonRequest("POST", { paymentIntentId, orderData: { customer: { email } } }),
  );
  return await assertJsonResponse(res, status) as {
    success: boolean;
    order: Record<string, unknown> & { orderNumber: string; items: unknown[] };
    error?: string;
    message?: string;
  };
}

/**
 * The sandbox's webhook secret of the shop on `kv`: generated once per install and kept in KV
 * (the server's own function, so whichever asks first creates it, once).
 */
export function sandboxWebhookSecret(kv: Deno.Kv): Promise<string> {
  return getOrCreateSecret(kv, "sandbox_webhook");
}

/** A payment_intent.* event signed like Stripe signs it. */
export async function signedEvent(
  event: { id: string; type: string; intent: Record<string, unknown> },
  secret: string,
) {
  const payload = JSON.stringify({
    id: event.id,
    object: "event",
    type: event.type,
    data: { object: { object: "payment_intent", currency: "eur", metadata: {}, ...event.intent } },
  });
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return { payload, header };
}

export async function postWebhook(api: Api, payload: string, signature: string) {
  return await api.request("/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

/**
 * Moves a checkout's expiry `agoMs` into the past, as if 30 minutes (and `agoMs`) went by.
 */
export async function expireReservation(kv: Deno.Kv, reservationId: string, agoMs = 1000) {
  const entry = await kv.get<Record<string, unknown> & { expiresAt: number }>(
    ["reservation", reservationId],
  );
  if (!entry.value) throw new Error("no reservation");
  const past = Date.now() - agoMs;
  const op = kv.atomic().set(["reservation", reservationId], { ...entry.value, expiresAt: past })
    .delete(["reservation_expiry", entry.value.expiresAt, reservationId])
    .set(["reservation_expiry", past, reservationId], true);
  if (!(await op.commit()).ok) throw new Error("expire failed");
}

/** The stock the public catalogue shows now (the cache is dropped first). */
export async function publicStock(api: Api, services: Services, productId: string) {
  services.catalog.invalidate();
  const res = await api.request(`/api/public/products/${productId}`);
  const body = await assertJsonResponse(res, 200) as { stock: number };
  return body.stock;
}
