import { openKv } from "../../src/store/kv.ts";
import { assert, assertEquals } from "../_lib/assert.ts";
import {
  confirmPayment,
  createIntent,
  CUSTOMER,
  intentBody,
  payWithToken,
} from "../_lib/checkout.ts";
import { serverApi, startBuiltServer } from "../_lib/server.ts";
import { smtpSink, waitFor } from "../_lib/smtp.ts";
import { createProductStore } from "../../src/store/products.ts";

const ADMIN = { email: "admin@example.com", password: "correct horse battery" };

Deno.test({
  name:
    "[server] health answers; one JSON log line per request with its X-Request-Id; no secret or full email in the logs of a checkout and an admin session",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const smtp = await smtpSink();
    const server = await startBuiltServer({ SMTP_URL: smtp.url, TRUST_PROXY: "true" });
    const api = serverApi(server);
    const secrets: string[] = [ADMIN.password, CUSTOMER.email, ADMIN.email, "4242424242424242"];
    try {
      // Health: fields, no cache, never rate limited.
      for (let i = 0; i < 30; i++) {
        const res = await fetch(`${server.url}/api/health`);
        assertEquals(res.status, 200);
        assertEquals(res.headers.get("cache-control"), "no-store");
        const body = await res.json();
        assertEquals(body.status, "ok");
        assertEquals(body.kv, "ok");
        assert(typeof body.version === "string" && body.version.length > 0);
        assert(Number.isInteger(body.uptimeS) && body.uptimeS >= 0);
        assertEquals(Object.keys(body).sort(), ["kv", "status", "uptimeS", "version"]);
      }

      // A full checkout.
      const kv = await openKv(server.kvPath);
      const board = (await createProductStore(kv).list()).find((p) =>
        p.name === "Vectra DSP Board"
      )!;
      kv.close();
      const intent = await createIntent(
        api,
        intentBody([{ id: board.id, price: 600, quantity: 1 }]),
      );
      secrets.push(intent.clientSecret);
      const paid = await payWithToken(api, intent.clientSecret, "pm_card_visa");
      assertEquals(paid.status, 200);
      await paid.body?.cancel();
      await confirmPayment(api, intent.paymentIntentId);
      await waitFor(() => smtp.received.length >= 2, "the order mails");

      // An admin session: sign in, a wrong password, verify by bearer and cookie, sign out.
      const login = await fetch(`${server.url}/api/superadmins/login?next=%2Fadmin`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.7" },
        body: JSON.stringify(ADMIN),
      });
      assertEquals(login.status, 200);
      const { token } = await login.json();
      const cookie = login.headers.get("set-cookie")!.split(";")[0];
      secrets.push(token, cookie.split("=")[1]);
      const wrong = await fetch(`${server.url}/api/superadmins/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: ADMIN.email, password: "not the password at all" }),
      });
      assertEquals(wrong.status, 401);
      await wrong.body?.cancel();
      secrets.push("not the password at all");
      const verify = await fetch(`${server.url}/api/auth/verify`, { headers: { cookie } });
      assertEquals(verify.status, 200);
      await verify.body?.cancel();
      const out = await fetch(`${server.url}/api/auth/logout`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
      });
      assertEquals(out.status, 200);
      await out.body?.cancel();
      const shop = await fetch(`${server.url}/shop?utm_source=mail`);
      await shop.body?.cancel();
      const requestId = shop.headers.get("x-request-id");
      assert(requestId, "X-Request-Id sent");

      // The log: JSON lines only, one per request, nothing secret in any of them. Lines are
      // written in batches, a few milliseconds after their request.
      await waitFor(() => server.output().includes(requestId), "the request's log line");
      const lines = server.output().split("\n").filter((l) => l.trim());
      const entries = lines.map((l) => JSON.parse(l));
      for (const e of entries) {
        assert(e.time && e.level && e.msg, `a structured line: ${JSON.stringify(e)}`);
      }
      const shopLine = entries.find((e) => e.msg === "request" && e.requestId === requestId);
      assert(shopLine, "the request's line carries its id");
      assertEquals(shopLine.method, "GET");
      assertEquals(shopLine.path, "/shop", "the path without its query");
      assertEquals(shopLine.status, 200);
      assert(typeof shopLine.durationMs === "number");
      const loginLine = entries.find((e) =>
        e.msg === "request" && e.path === "/api/superadmins/login" && e.status === 200
      );
      assertEquals(loginLine.client, "203.0.113.7", "the client address behind a trusted proxy");
      assert(entries.some((e) => e.job === "mail" && e.sent > 0), "the mail job logs its runs");
      const all = server.output();
      for (const secret of secrets) {
        assert(!all.includes(secret), `the logs must not contain ${secret.slice(0, 4)}...`);
      }
    } finally {
      await server.stop();
      await smtp.close();
    }
  },
});
