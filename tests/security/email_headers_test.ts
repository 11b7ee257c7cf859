/**
 * Issue 18, item 12: a manual order's email `victim@x.co\r\nBcc: spy@...` sent the status mail to
 * the spy, and a comma list reached several people. Every email field goes through one rule (one
 * address, no CR/LF, no list); the mail layer itself refuses any recipient or header that could
 * smuggle another one, shown on a real SMTP server.
 */
import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { loginAs, SUPERADMIN } from "../_lib/admin.ts";
import { intentBody, productByName } from "../_lib/checkout.ts";
import { VALID_DEMO_REQUEST } from "../_lib/fixtures.ts";
import { sketchOrder } from "../_lib/orders.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";
import { smtpSink, waitFor } from "../_lib/smtp.ts";

/** What a validator might let through that a mail header reads as more than one recipient. */
const HOSTILE = [
  "victim@x.co\r\nBcc: spy@evil.test",
  "victim@x.co\nBcc: spy@evil.test",
  "victim@x.co\rBcc: spy@evil.test",
  "victim@x.co\u2028Bcc: spy@evil.test",
  "victim@x.co%0d%0aBcc:spy@evil.test",
  "a@x.co,b@y.co",
  "a@x.co, b@y.co",
  "a@x.co;b@y.co",
  "a@x.co b@y.co",
  "Victim <victim@x.co>",
  "victim@x.co <spy@evil.test>",
  "a@b@x.co",
  '"a,b"@x.co',
  "spies:a@x.co,b@y.co;",
  "victim@x.co\u0000",
  "victim@[127.0.0.1]",
  "victim@x",
  `${"a".repeat(65)}@x.co`,
  `a@${"b".repeat(250)}.co`,
];

/** Every KV key but the rate-limit counters (a refused request may count, never store). */
async function stored(t: TestContext): Promise<string[]> {
  const keys: string[] = [];
  for await (const e of t.kv.list({ prefix: [] })) {
    if (e.key[0] !== "rate_limit") keys.push(JSON.stringify(e.key));
  }
  return keys;
}

interface ErrorBody {
  error: string;
  message: string;
  errors?: { field: string; message: string }[];
}

Deno.test("[security] every email field refuses headers, lists and brackets; nothing is stored", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const clerk = await loginAs(t, "admin");
    const board = await productByName(t.services, "Vectra DSP Board");
    const soldOut = (await t.services.catalog.list()).find((p) => p.stock === 0)!;
    const fields: [string, (email: string) => Response | Promise<Response>, string][] = [
      [
        "checkout",
        (email) =>
          t.api.request(
            "/api/stripe/create-payment-intent",
            jsonRequest("POST", intentBody([{ id: board.id, price: 600, quantity: 1 }], { email })),
          ),
        "orderData.customer.email",
      ],
      [
        "manual order",
        (email) =>
          t.api.request(
            "/api/orders/admin",
            jsonRequest("POST", {
              customer: { firstName: "Vic", lastName: "Tim", email, phone: "" },
              shippingAddress: { address: "1 Rue X", city: "Tunis", state: "", zipCode: "1000" },
              items: [{ id: board.id, quantity: 1 }],
              shippingCountry: "Tunisia",
            }, clerk.headers),
          ),
        "customer.email",
      ],
      [
        "new account",
        (email) =>
          t.api.request(
            "/api/admins",
            jsonRequest("POST", {
              username: "New",
              email,
              password: "a sufficiently long one",
              image: "",
            }, boss.headers),
          ),
        "email",
      ],
      [
        "own profile",
        (email) =>
          t.api.request(`/api/admins/${clerk.id}`, jsonRequest("PUT", { email }, clerk.headers)),
        "email",
      ],
      [
        "newsletter",
        (email) => t.api.request("/api/subscription/subscribe", jsonRequest("POST", { email })),
        "email",
      ],
      [
        "stock alert",
        (email) =>
          t.api.request(
            "/api/stock-notifications/subscribe",
            jsonRequest("POST", { email, productId: soldOut._id }),
          ),
        "email",
      ],
      [
        "demo request",
        (email) =>
          t.api.request("/api/demo", jsonRequest("POST", { ...VALID_DEMO_REQUEST, email })),
        "email",
      ],
    ];
    const before = await stored(t);
    for (const [name, send, field] of fields) {
      for (const email of HOSTILE) {
        const res = await send(email);
        const body = await assertJsonResponse(res, 400) as ErrorBody;
        assert(
          body.errors?.some((e) => e.field === field),
          `${name} ${JSON.stringify(email)}: ${JSON.stringify(body)}`,
        );
      }
    }
    assertEquals(await stored(t), before, "no order, account, subscriber, request or mail");
  }));

Deno.test("[security] one plain address is still taken; the system's admin@localhost keeps its profile", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    for (
      const email of ["ada.lovelace+shop@example.co.uk", "o'brien@example.ie", "ada@localhost"]
    ) {
      const res = await t.api.request(
        "/api/subscription/subscribe",
        jsonRequest("POST", { email }),
      );
      await assertJsonResponse(res, 201);
    }
    // The address the shop gives its first superadmin when none is configured.
    const res = await t.api.request(
      `/api/superadmins/${boss.id}`,
      jsonRequest(
        "PUT",
        { email: "admin@localhost", currentPassword: SUPERADMIN.password },
        boss.headers,
      ),
    );
    const body = await assertJsonResponse(res, 200) as {
      email?: string;
      admin?: { email: string };
    };
    assertEquals(body.admin?.email ?? body.email, "admin@localhost");
    assert(SUPERADMIN.email !== "admin@localhost");
  }));

Deno.test("[security] mail layer: a stored hostile address reaches no one over SMTP; a plain one only its owner", async () => {
  const smtp = await smtpSink();
  try {
    await withServices(async (t) => {
      const clerk = await loginAs(t, "admin");
      const lines = [{ id: "p1", priceCents: 1000, quantity: 1 }];
      const at = "2026-01-10T10:00:00.000Z";
      // Orders stored before the rule (or by any path around it).
      const hostile = [];
      for (const email of ["victim@x.co\r\nBcc: spy@evil.test", "victim@x.co,spy@evil.test"]) {
        hostile.push(
          await t.services.orders.create(
            sketchOrder({ at, email, country: "France", lines, feeCents: 0 }),
          ),
        );
      }
      const plain = await t.services.orders.create(
        sketchOrder({ at, email: "ada@example.com", country: "France", lines, feeCents: 0 }),
      );
      for (const o of [...hostile, plain]) {
        const res = await t.api.request(
          `/api/orders/${o.id}/status`,
          jsonRequest("PUT", { status: "shipped" }, clerk.headers),
        );
        await assertJsonResponse(res, 200);
      }
      await t.services.mailer.flush();
      await waitFor(async () => (await t.services.outbox.pending()).length === 0, "outbox settled");

      assertEquals(
        smtp.received.map((m) => m.to),
        [["ada@example.com"]],
        "one mail, one recipient",
      );
      const headerBlock = smtp.received[0].raw.split("\r\n\r\n")[0];
      assert(!/^bcc:/im.test(headerBlock) && !headerBlock.includes("spy@"), headerBlock);
      const outcome = (await t.services.outbox.list()).map((m) => [m.to, m.status]).sort();
      assertEquals(outcome, [
        ["ada@example.com", "sent"],
        ["victim@x.co\r\nBcc: spy@evil.test", "failed"],
        ["victim@x.co,spy@evil.test", "failed"],
      ]);
    }, { config: { smtpUrl: smtp.url } });
  } finally {
    await smtp.close();
  }
});
