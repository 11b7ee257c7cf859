import { confirmPaymentBodySchema, createIntentBodySchema } from "../../src/domain/checkout.ts";
import { quickConfirmBody, quickIntentBody } from "../../src/domain/checkout-quick-check.ts";
import { assert, assertEquals } from "../_lib/assert.ts";
import { intentBody } from "../_lib/checkout.ts";

/**
 * The payment calls' hand checks against their zod schemas: on the shop's body and on every
 * variant below (each field missing, null, empty, padded, of another type, too long, with a
 * hidden character, extra keys), a check answers null or exactly the schema's value (same
 * keys, same order), and never accepts what the schema refuses.
 */

type Json = Record<string, unknown>;

/** The body the shop sends for one board shipped to France. */
const shopBody = (): Json =>
  intentBody([{ id: "board", title: "Vectra DSP Board", price: 600, quantity: 1 }]);

/** Values a field is set to in turn (undefined: the field removed). */
const VALUES: unknown[] = [
  undefined,
  null,
  "",
  "   ",
  "  padded  ",
  "a\u0007b",
  "x\u202eY",
  "EUR",
  "stripe",
  "fr",
  "de",
  "United States",
  "US",
  "marie@example.com",
  " marie@example.com ",
  "not an email",
  "x".repeat(101),
  "x".repeat(256),
  "x".repeat(301),
  0,
  -1,
  1.5,
  10_000,
  10_001,
  609.9,
  true,
  [],
  [{ id: "b", quantity: 2 }],
  {},
  { country: "France", fee: 9.9, currency: "EUR", extra: 1 },
];

/** Every path to a value in `v` (objects and arrays walked). */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof v !== "object" || v === null) return [at];
  const keys = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
  return [at, ...keys.flatMap((k) => paths((v as Json)[k], [...at, k]))];
}

function withValue(body: Json, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(body);
  let target = copy as Json;
  for (const k of path.slice(0, -1)) target = target[k] as Json;
  const last = path[path.length - 1];
  if (value === undefined && !Array.isArray(target)) delete target[last];
  else target[last] = value;
  return copy;
}

/** Each variant: the shop's body with one path set to one value, plus a few by hand. */
function variants(base: Json): unknown[] {
  const out: unknown[] = [base];
  for (const path of paths(base)) {
    for (const value of VALUES) out.push(withValue(base, path, value));
  }
  for (const extra of ["business", "billingAddress", "unknownField"]) {
    out.push(withValue(base, ["orderData", extra], { companyName: "ACME" }));
  }
  out.push(withValue(base, ["orderData", "locale"], "fr"));
  out.push(withValue(base, ["orderData", "shippingAddress", "extra"], "kept out"));
  return out;
}

function compare<T>(
  name: string,
  quick: (body: unknown) => T | null,
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown } },
  bodies: unknown[],
) {
  let quickAnswers = 0;
  let accepted = 0;
  for (const body of bodies) {
    const fast = quick(structuredClone(body));
    const parsed = schema.safeParse(structuredClone(body));
    if (parsed.success) accepted++;
    if (fast === null) continue;
    quickAnswers++;
    assert(parsed.success, `${name} accepted what the schema refuses: ${JSON.stringify(body)}`);
    assertEquals(JSON.stringify(fast), JSON.stringify(parsed.data), JSON.stringify(body));
    assertEquals(fast, parsed.data);
  }
  return { quickAnswers, accepted };
}

Deno.test("the intent's hand check answers the schema's value or leaves the body to it", () => {
  const bodies = [
    ...variants(shopBody()),
    // A country whose addresses have a region, without one: the schema's refinement.
    ...variants(withValue(shopBody(), ["orderData", "shippingAddress", "state"], "") as Json),
  ];
  const { quickAnswers, accepted } = compare(
    "quickIntentBody",
    quickIntentBody,
    createIntentBodySchema,
    bodies,
  );
  // Most accepted bodies are answered by hand (else the check would save nothing).
  assert(quickAnswers > accepted * 0.8, `${quickAnswers} of ${accepted}`);
  assert(quickIntentBody(shopBody()) !== null);
});

Deno.test("the confirmation's hand check answers the schema's value or leaves the body to it", () => {
  const base = {
    paymentIntentId: "pi_123",
    orderData: shopBody().orderData as Json,
  };
  const bodies = variants(base as Json);
  const { quickAnswers, accepted } = compare(
    "quickConfirmBody",
    quickConfirmBody,
    confirmPaymentBodySchema,
    bodies,
  );
  assert(quickAnswers > accepted * 0.8, `${quickAnswers} of ${accepted}`);
});
