import { assert, assertEquals, assertRejects } from "../_lib/assert.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";
import { FORM_LIMITS } from "../../src/api/middleware/rate-limit.ts";
import { clientAddress, parseTrustProxy } from "../../src/domain/proxy.ts";
import { createFrontDoor } from "../../src/server/front-door.ts";
import { loadConfig } from "../../src/services/config.ts";

const PEER = "10.0.0.2"; // the proxy in front, as Deno.serve sees it
const page = () =>
  Promise.resolve(new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } }));

/** Newsletter subscriptions through the server's own front door, each with its X-Forwarded-For. */
async function subscribe(trustProxy: number, forwardedFor: (i: number) => string, count: number) {
  const statuses: number[] = [];
  await withServices(async ({ services }) => {
    const handle = createFrontDoor(
      services,
      new Map(),
      page,
    );
    for (let i = 0; i < count; i++) {
      const req = new Request(
        "http://localhost/api/subscription/subscribe",
        jsonRequest("POST", { email: `reader${i}@example.com` }, {
          "X-Forwarded-For": forwardedFor(i),
        }),
      );
      const res = await handle(req, PEER);
      await res.body?.cancel();
      statuses.push(res.status);
    }
  }, { config: { trustProxy } });
  return statuses;
}

const LIMIT = FORM_LIMITS.newsletter.limit;

Deno.test("[security] proxy: a rotated leftmost X-Forwarded-For does not escape the per-client limit", async () => {
  // The client writes anything it likes in front; our proxy appends the address it saw.
  const statuses = await subscribe(1, (i) => `198.51.100.${i}, 203.0.113.7`, LIMIT + 1);
  assert(statuses.slice(0, LIMIT).every((s) => s < 300), `first ${LIMIT}: ${statuses}`);
  assertEquals(statuses[LIMIT], 429, "the 11th from the same real client");
});

Deno.test("[security] proxy: TRUST_PROXY=2 takes the 2nd entry from the right", async () => {
  // Forged entry, the client (written by our outer proxy), the outer proxy (by the inner one).
  const sameClient = await subscribe(
    2,
    (i) => `192.0.2.${i}, 203.0.113.7, 10.1.0.${i}`,
    LIMIT + 1,
  );
  assertEquals(sameClient[LIMIT], 429, "one client behind two proxies");
  const manyClients = await subscribe(
    2,
    (i) => `192.0.2.1, 203.0.113.${i}, 10.1.0.1`,
    LIMIT + 1,
  );
  assert(manyClients.every((s) => s < 300), `different clients: ${manyClients}`);

  assertEquals(clientAddress("a, b, c", PEER, 2), "b");
  assertEquals(clientAddress("a, b, c", PEER, 1), "c");
  assertEquals(clientAddress("c", PEER, 2), "c", "fewer entries than proxies: all ours");
  assertEquals(clientAddress("a, b", PEER, 0), PEER, "no proxy trusted: the peer");
  assertEquals(clientAddress(null, PEER, 1), PEER);
});

Deno.test("[security] proxy: TRUST_PROXY reads false, true, or a number of proxies", async () => {
  assertEquals(loadConfig({}).trustProxy, 0);
  assertEquals(loadConfig({ TRUST_PROXY: "false" }).trustProxy, 0);
  assertEquals(loadConfig({ TRUST_PROXY: "true" }).trustProxy, 1);
  assertEquals(loadConfig({ TRUST_PROXY: "2" }).trustProxy, 2);
  assertEquals(parseTrustProxy("TRUE".toLowerCase()), 1);
  for (const bad of ["yes", "-1", "1.5", "2 proxies"]) {
    await assertRejects(
      () => Promise.resolve().then(() => loadConfig({ TRUST_PROXY: bad })),
      Error,
      "Invalid TRUST_PROXY",
    );
  }
});

Deno.test("[security] proxy: X-Forwarded-Proto is believed only with TRUST_PROXY", async () => {
  for (const trustProxy of [0, 1]) {
    await withServices(async ({ services }) => {
      const handle = createFrontDoor(services, new Map(), page);
      const headers = { "X-Forwarded-Proto": "https" };
      const res = await handle(new Request("http://localhost/about", { headers }), PEER);
      await res.body?.cancel();
      assertEquals(
        res.headers.has("strict-transport-security"),
        trustProxy > 0,
        `HSTS with TRUST_PROXY=${trustProxy}`,
      );
      const login = await handle(
        new Request(
          "http://localhost/api/superadmins/login",
          jsonRequest("POST", { email: "admin@example.com", password: "correct horse battery" }, {
            ...headers,
          }),
        ),
        PEER,
      );
      assertEquals(login.status, 200);
      await login.body?.cancel();
      const cookie = login.headers.get("set-cookie")!;
      assertEquals(
        cookie.startsWith("__Host-admin_session=") && cookie.includes("Secure"),
        trustProxy > 0,
        `a Secure __Host- cookie with TRUST_PROXY=${trustProxy}: ${cookie}`,
      );
    }, { config: { trustProxy } });
  }
});
