import fc from "fast-check";
import { ROUTE_ACCESS } from "../../src/api/authorization.ts";
import { assert } from "../_lib/assert.ts";
import { fuzzSessionHeaders, recordWrites, type WriteLog } from "../_lib/fuzz.ts";
import { type TestContext, withServices } from "../_lib/services.ts";

/** Hostile requests per route and per identity (anonymous, superadmin). */
const RUNS = 300;

/** One seed for the whole walk, printed: `FUZZ_SEED=<seed>` replays a failure. */
const SEED = Number(Deno.env.get("FUZZ_SEED") ?? Math.floor(Math.random() * 2 ** 31));
console.log(`fuzz seed: ${SEED} (FUZZ_SEED=${SEED} replays it)`);

/** What rejected requests must leave untouched: the catalogue, orders and accounts. */
const GUARDED_PREFIXES = [
  "product",
  "product_by_slug",
  "shipping_fee",
  "shipping_fee_by_country",
  "order",
  "order_by_payment",
  "admin",
  "admin_by_email",
  "subscriber",
];

/** Field names the API reads, so hostile values reach the validators rather than stop at `{}`. */
const FIELDS = [
  "email",
  "password",
  "username",
  "name",
  "items",
  "productId",
  "quantity",
  "country",
  "price",
  "stock",
  "status",
  "role",
  "id",
  "slug",
  "customer",
  "shippingAddress",
  "paymentIntentId",
  "paymentMethod",
  "clientSecret",
  "token",
  "__proto__",
  "constructor",
  "prototype",
];

/** Raw bytes, percent-encoded one by one: malformed and overlong UTF-8 included. */
const percentBytes = fc.uint8Array({ maxLength: 12 }).map((bytes) =>
  [...bytes].map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join("")
);

const segment = fc.oneof(
  fc.constantFrom("%", "%E0%A4%A", "%ED%A0%80", "%00", "..", "%2F", "__proto__", "-1", "0", ""),
  percentBytes,
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.nat({ max: 4000 }).map((n) => "x".repeat(n)),
);

const query = fc.oneof(
  fc.constant(""),
  fc.array(fc.tuple(fc.constantFrom("from", "to", "page", "limit", "q", "x"), segment), {
    maxLength: 4,
  }).map((pairs) => "?" + pairs.map(([k, v]) => `${k}=${v}`).join("&")),
  fc.nat({ max: 5000 }).map((n) => `?q=${"y".repeat(n)}`),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 0.1, -1, "", "0", null, true, []),
  fc.nat({ max: 20000 }).map((n) => "z".repeat(n)),
  fc.string({ unit: "binary", maxLength: 20 }),
);

const jsonText = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 6 }).map((o) =>
    JSON.stringify(o)
  ),
  fc.constantFrom(...FIELDS).chain((k) =>
    hostileValue.map((v) => `{"__proto__":{"${k}":${JSON.stringify(v)}},"${k}":{"__proto__":1}}`)
  ),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.constantFrom("", "{", "[", "nul", '{"a":', "1e999", "-1e999", '"\\ud800"', "{}", "[]"),
  fc.nat({ max: 20000 }).map((n) => "[".repeat(n) + "]".repeat(n)),
  fc.nat({ max: 3000 }).map((n) => '{"a":'.repeat(n) + "1" + "}".repeat(n)),
  fc.jsonValue().chain((v) => {
    const text = JSON.stringify(v) ?? "";
    return fc.nat({ max: text.length }).map((cut) => text.slice(0, cut));
  }),
  fc.constant("a".repeat(70 * 1024)),
);

/** Headers the API reads, with hostile values (the identity's own headers win over these). */
const headerValue = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom(
    "Bearer",
    "Bearer ",
    "Bearer a.b.c",
    "Basic Zm9vOmJhcg==",
    "null",
    "https://evil.example",
  ),
  fc.nat({ max: 6000 }).map((n) => `Bearer ${"t".repeat(n)}`),
);
const hostileHeaders = fc.dictionary(
  fc.constantFrom(
    "Authorization",
    "Cookie",
    "Origin",
    "X-Forwarded-Proto",
    "X-Forwarded-For",
    "stripe-signature",
  ),
  headerValue.map((v) => v.replace(/[\r\n\0]/g, " ")),
  { maxKeys: 3 },
);

type Body = { type?: string; body?: BodyInit };

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({}),
  fc.tuple(
    fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data",
      "multipart/form-data; boundary=x",
      "application/octet-stream",
      "",
    ),
    jsonText,
  ).map(([type, text]) => ({ type, body: text })),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ type: "application/json", body: bytes })),
  fc.dictionary(fc.constantFrom(...FIELDS, "image", "file"), fc.string({ maxLength: 30 }), {
    maxKeys: 4,
  }).chain((fields) =>
    fc.uint8Array({ maxLength: 256 }).map((bytes) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append("image", new File([bytes], "x.png", { type: "image/png" }));
      return { body: form };
    })
  ),
);

interface Route {
  method: string;
  path: string;
}

/** Every handler route the API app registered, as Hono lists them (no middleware). */
function routesOf(api: TestContext["api"]): Route[] {
  const seen = new Map<string, Route>();
  for (const { method, path } of api.routes) {
    if (method === "ALL") continue;
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

/** The route's path with each `:param` (and `*`) replaced by a hostile segment. */
function pathFor(route: Route) {
  const parts = route.path.split("/");
  const holes = parts.filter((p) => p.startsWith(":") || p === "*").length;
  return fc.array(segment, { minLength: holes, maxLength: holes }).map((values) => {
    let i = 0;
    return parts.map((p) => (p.startsWith(":") || p === "*" ? values[i++] : p)).join("/");
  });
}

/** Whether `key` belongs to the data a rejected request must leave untouched. */
const guarded = (key: Deno.KvKey) => GUARDED_PREFIXES.includes(String(key[0]));

async function fuzzRoute(
  t: TestContext,
  writes: WriteLog,
  route: Route,
  headers: Record<string, string>,
) {
  const request = fc.record({ path: pathFor(route), query, body, extra: hostileHeaders });
  writes.take();
  await fc.assert(
    fc.asyncProperty(request, async ({ path, query, body, extra }) => {
      const init: RequestInit = { method: route.method, headers: { ...extra, ...headers } };
      if (route.method !== "GET" && route.method !== "HEAD" && body.body !== undefined) {
        init.body = body.body;
        if (body.type !== undefined) {
          (init.headers as Record<string, string>)["Content-Type"] = body.type;
        }
      }
      const res = await t.api.request(path + query, init);
      const text = await res.text();
      const where = `${route.method} ${path.slice(0, 120)}${query.slice(0, 60)} -> ${res.status}`;
      assert(res.status < 500, `${where}: ${text.slice(0, 200)}`);
      if (res.status >= 400) {
        let parsed: { error?: unknown; message?: unknown } = {};
        try {
          parsed = JSON.parse(text);
        } catch {
          assert(false, `${where}: not JSON: ${text.slice(0, 200)}`);
        }
        assert(
          typeof parsed.error === "string" && typeof parsed.message === "string",
          `${where}: error body without {error, message}: ${text.slice(0, 200)}`,
        );
        const changed = writes.take().filter(guarded);
        assert(
          changed.length === 0,
          `${where}: a rejected request wrote ${JSON.stringify(changed)}`,
        );
      } else writes.take();
    }),
    { numRuns: RUNS, seed: SEED },
  );
}

Deno.test("[api] fuzz: every API route answers hostile requests with a 4xx JSON error and changes nothing", async () => {
  let writes!: WriteLog;
  await withServices(async (t) => {
    const routes = routesOf(t.api);
    assert(routes.length >= 10, `only ${routes.length} routes found`);
    for (const route of routes) await fuzzRoute(t, writes, route, {});
  }, { wrapKv: (kv) => (writes = recordWrites(kv)).kv });
});

Deno.test("[api] fuzz: signed in as a superadmin, every staff route survives hostile requests", async () => {
  let writes!: WriteLog;
  await withServices(async (t) => {
    let headers: Record<string, string> | undefined;
    for (const route of routesOf(t.api)) {
      if (ROUTE_ACCESS[`${route.method} ${route.path}`] === "public") continue;
      // A live session per route: the fuzz may well sign the previous one out.
      headers = await fuzzSessionHeaders(t, headers);
      await fuzzRoute(t, writes, route, headers);
    }
  }, { wrapKv: (kv) => (writes = recordWrites(kv)).kv });
});
