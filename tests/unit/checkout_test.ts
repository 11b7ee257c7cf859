import {
  assertClientAmounts,
  assertCountryCode,
  createIntentBodySchema,
  priceCheckout,
  type PricingProduct,
} from "../../src/domain/checkout.ts";
import { resolveCountryCode } from "../../src/domain/country-code.ts";
import { listCountries } from "../../src/domain/countries.ts";
import { DomainError } from "../../src/domain/errors.ts";
import { luhnValid, sandboxOutcome, sandboxToken } from "../../src/domain/sandbox-cards.ts";
import { startServer } from "../../src/server/serve.ts";
import { stripeKeyProblem } from "../../src/services/payments/key-policy.ts";
import { testConfig } from "../_lib/services.ts";
import { assert, assertEquals, assertRejects, assertStringIncludes } from "../_lib/assert.ts";

const product = (id: string, priceCents: number, extra: Partial<PricingProduct> = {}) => ({
  id,
  name: `Product ${id}`,
  priceCents,
  currency: "EUR",
  image: `/${id}.svg`,
  isActive: true,
  stock: 10,
  ...extra,
});
const catalog = new Map([
  ["a", product("a", 60000)],
  ["b", product("b", 2450)],
  ["off", product("off", 100, { isActive: false })],
]);
const france = { country: "France", feeCents: 990, currency: "EUR", isActive: true };

function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error("expected a domain error");
}

Deno.test("[unit] pricing: lines, subtotal, shipping and total in cents from the shop's records", () => {
  const priced = priceCheckout(
    [{ id: "a", quantity: 1 }, { id: "b", quantity: 3 }, { id: "a", quantity: 1 }],
    catalog,
    "France",
    france,
  );
  assertEquals(priced.lines.map((l) => [l.id, l.quantity, l.priceCents]), [
    ["a", 2, 60000],
    ["b", 3, 2450],
  ]);
  assertEquals(priced.subtotalCents, 127350);
  assertEquals(priced.shippingFeeCents, 990);
  assertEquals(priced.totalCents, 128340);
  assertEquals(priced.shippingFeeDetails, { country: "France", feeCents: 990, currency: "EUR" });
});

Deno.test("[unit] pricing: unknown or inactive products and missing or inactive fees are refused", () => {
  assertEquals(
    thrown(() => priceCheckout([{ id: "x", quantity: 1 }], catalog, "France", france)).code,
    "unknown_product",
  );
  assertEquals(
    thrown(() => priceCheckout([{ id: "off", quantity: 1 }], catalog, "France", france)).code,
    "unknown_product",
  );
  assertEquals(
    thrown(() => priceCheckout([{ id: "a", quantity: 1 }], catalog, "Mars", null)).message,
    "We do not ship to Mars",
  );
  const inactive = { ...france, isActive: false };
  assertEquals(
    thrown(() => priceCheckout([{ id: "a", quantity: 1 }], catalog, "France", inactive)).status,
    422,
  );
});

Deno.test("[unit] pricing: a client amount that disagrees is refused, one that agrees passes", () => {
  const body = (amount: number, price = 600) =>
    createIntentBodySchema.parse({
      amount,
      currency: "EUR",
      orderData: {
        customer: { firstName: "A", lastName: "B", email: "a@b.co", phone: "+33 6" },
        shippingAddress: { address: "x", city: "y", state: "z", zipCode: "1", country: "France" },
        items: [{ id: "a", quantity: 1, price }],
        shippingCountry: "France",
      },
    });
  const priced = priceCheckout([{ id: "a", quantity: 1 }], catalog, "France", france);
  assertClientAmounts(priced, body(609.9));
  const err = thrown(() => assertClientAmounts(priced, body(0.01)));
  assertEquals(err.code, "amount_mismatch");
  assertStringIncludes(err.message, "the amount is €609.90, not €0.01");
  assertStringIncludes(
    thrown(() => assertClientAmounts(priced, body(609.9, 500))).message,
    "now €600.00",
  );
});

Deno.test("[unit] country code: two capitals as-is, names matched, 'Invalid country' otherwise", () => {
  assertEquals(resolveCountryCode("FR"), "FR");
  assertEquals(resolveCountryCode("france"), "FR");
  assertEquals(resolveCountryCode("United Kingdom"), "GB");
  assertEquals(resolveCountryCode("Atlantis"), null);
  for (const notACountry of ["ZZ", "EL", "XI"]) assertEquals(resolveCountryCode(notACountry), null);
  for (const c of listCountries([])) assertEquals(resolveCountryCode(c.name), c.code, c.name);
  assertEquals(assertCountryCode("France", "FR"), "FR");
  const err = thrown(() => assertCountryCode("Atlantis", null));
  assertEquals(err.status, 400);
  assertEquals(err.message, "Invalid country: Atlantis. Please use a valid country name.");
});

Deno.test("[unit] sandbox cards: Stripe's test numbers map to tokens, never the number", () => {
  assert(luhnValid("4242 4242 4242 4242"));
  assert(!luhnValid("4242 4242 4242 4241"));
  assertEquals(sandboxToken("4242424242424242"), "pm_card_visa");
  assertEquals(sandboxToken("4000 0000 0000 0002"), "pm_card_chargeDeclined");
  assertEquals(sandboxToken("4000000000009995"), "pm_card_chargeDeclinedInsufficientFunds");
  assertEquals(sandboxToken("1234"), null);
  assertEquals(sandboxOutcome("pm_card_visa"), null);
  assertEquals(sandboxOutcome("pm_card_chargeDeclinedExpiredCard")?.code, "expired_card");
});

Deno.test("[unit] Stripe key policy: live keys only in production, production only with live keys", () => {
  const with_ = (shopEnv: "production" | "development", secretKey?: string) =>
    stripeKeyProblem({
      shopEnv,
      stripe: { secretKey, publishableKey: secretKey?.replace("sk_", "pk_") },
    });
  assertEquals(with_("development"), null, "sandbox in development");
  assertEquals(with_("development", "sk_test_123"), null);
  assertStringIncludes(with_("development", "sk_live_123")!, "unless SHOP_ENV=production");
  assertEquals(with_("production", "sk_live_123"), null);
  assertStringIncludes(with_("production", "sk_test_123")!, "refuses a Stripe test key");
  assertStringIncludes(with_("production")!, "needs STRIPE_SECRET_KEY");
  const noPublishable = stripeKeyProblem({
    shopEnv: "development",
    stripe: { secretKey: "sk_test_1" },
  });
  assertStringIncludes(noPublishable!, "STRIPE_PUBLISHABLE_KEY");
  const fakeApi = stripeKeyProblem({
    shopEnv: "production",
    stripe: { secretKey: "sk_live_1", publishableKey: "pk_live_1", apiBase: "http://127.0.0.1:1" },
  });
  assertStringIncludes(fakeApi!, "STRIPE_API_BASE is for tests only");
});

Deno.test("[unit] the server refuses to start with a live key outside production", async () => {
  const config = testConfig({
    stripe: { secretKey: "sk_live_1", publishableKey: "pk_live_1" },
    shopEnv: "development",
  });
  const err = await assertRejects(
    () => startServer(() => Promise.resolve(new Response()), new URL("file:///nowhere/"), config),
  );
  assertStringIncludes(err.message, "Refusing to start: A live Stripe key is refused");
});
