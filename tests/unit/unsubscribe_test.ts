import { openKv } from "../../src/store/kv.ts";
import { assert, assertEquals, assertRejects } from "../_lib/assert.ts";
import { withServices } from "../_lib/services.ts";
import { ValidationError } from "../../src/domain/errors.ts";
import { createUnsubscribeTokens } from "../../src/services/unsubscribe.ts";

Deno.test("[unit] unsubscribe tokens verify for their email only", async () => {
  const kv = await openKv(":memory:");
  try {
    const tokens = createUnsubscribeTokens(kv, "secret-one");
    const token = await tokens.sign("Ada@Example.com");
    assertEquals(await tokens.verify(token), "ada@example.com");
    const [emailPart, mac] = token.split(".");
    const other = btoa("eve@example.com").replace(/=+$/, "");
    assertEquals(await tokens.verify(`${other}.${mac}`), null, "a MAC for another email fails");
    assertEquals(
      await tokens.verify(`${emailPart}.${mac.slice(0, -2)}AA`),
      null,
      "a changed MAC fails",
    );
    assertEquals(await tokens.verify("garbage"), null);
    assertEquals(await tokens.verify(""), null);
    const otherKey = createUnsubscribeTokens(kv, "secret-two");
    assertEquals(await otherKey.verify(token), null, "another secret does not verify");
  } finally {
    kv.close();
  }
});

Deno.test("[unit] newsletter: unsubscribe link, List-Unsubscribe headers and one-click", () =>
  withServices(async ({ services }) => {
    await services.newsletter.subscribe("ada@example.com", "/home");
    const headers = await services.newsletter.listUnsubscribeHeaders("ada@example.com");
    assertEquals(headers["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
    const url = new URL(headers["List-Unsubscribe"].slice(1, -1));
    assertEquals(url.pathname, "/unsubscribe");
    const token = url.searchParams.get("token");
    assertEquals(await services.newsletter.unsubscribe(token), "ada@example.com");
    const s = await services.subscribers.getByEmail("ada@example.com");
    assertEquals(s?.subscribed, false);
    assert(s?.unsubscribedAt);
    // Twice is fine, and a forged token is refused.
    await services.newsletter.unsubscribe(token);
    await assertRejects(() => services.newsletter.unsubscribe("x.y"), ValidationError);
    await assertRejects(() => services.newsletter.unsubscribe(null), ValidationError);
  }));
