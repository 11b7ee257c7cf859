import { LOGIN_LIMITS } from "../../src/services/admin-auth.ts";
import { assert, assertEquals } from "../_lib/assert.ts";
import { loginAs, STAFF_PASSWORD, SUPERADMIN } from "../_lib/admin.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";
import { codeAt, enrol } from "../_lib/two-factor.ts";
import { atInstant } from "../_lib/clock.ts";
import { createFrontDoor } from "../../src/server/front-door.ts";

/** One sign-in attempt as the UI makes it, from `client`; the answer's status. */
async function attempt(
  t: TestContext,
  email: string,
  password: string,
  client: string,
  endpoint = "superadmins",
) {
  const res = await t.api.request(
    `/api/${endpoint}/login`,
    jsonRequest("POST", { email, password }),
    { clientAddress: client },
  );
  await res.body?.cancel();
  return res;
}

const statuses = (responses: Response[]) => {
  const count: Record<number, number> = {};
  for (const r of responses) count[r.status] = (count[r.status] ?? 0) + 1;
  return count;
};

Deno.test("[security] login: 200 parallel wrong guesses from one address verify at most the limit; the right one is then refused", () =>
  withServices(async (t) => {
    const guesses = await Promise.all(
      Array.from(
        { length: 200 },
        (_, i) => attempt(t, SUPERADMIN.email, `guess ${i}`, "203.0.113.5"),
      ),
    );
    const count = statuses(guesses);
    // A 401 is a password that was checked; everything past the limit is refused unchecked.
    assertEquals(count[401], LOGIN_LIMITS.pair.limit, JSON.stringify(count));
    assertEquals(count[429], 200 - LOGIN_LIMITS.pair.limit, JSON.stringify(count));
    const right = await attempt(t, SUPERADMIN.email, SUPERADMIN.password, "203.0.113.5");
    assertEquals(right.status, 429, "the right password is refused while the address is limited");
    assert(Number(right.headers.get("Retry-After")) > 0, "Retry-After");
  }));

Deno.test("[security] login: a stranger's failures never lock the owner out from another address", () =>
  withServices(async (t) => {
    const staff = await loginAs(t, "admin");
    const staffEmail = (await t.services.admins.get(staff.id))!.email;
    for (
      const [email, password] of [[SUPERADMIN.email, SUPERADMIN.password], [
        staffEmail,
        STAFF_PASSWORD,
      ]]
    ) {
      const stranger = await Promise.all(
        Array.from(
          { length: LOGIN_LIMITS.pair.limit + 5 },
          () => attempt(t, email, "not the password", "198.51.100.66"),
        ),
      );
      assertEquals(statuses(stranger)[429], 5, "the stranger is limited");
      // The owner, from the office, signs in as the UI does (superadmin endpoint first).
      let res = await attempt(t, email, password, "192.0.2.10");
      if (res.status === 401) res = await attempt(t, email, password, "192.0.2.10", "admins");
      assertEquals(res.status, 200, `${email} still signs in from another address`);
    }
  }));

Deno.test("[security] login: guessing spread over many addresses is bounded per account", () =>
  withServices(async (t) => {
    const n = LOGIN_LIMITS.account.limit + 50;
    const guesses = await Promise.all(
      Array.from(
        { length: n },
        (_, i) => attempt(t, SUPERADMIN.email, `guess ${i}`, `10.${i >> 8}.${i & 255}.1`),
      ),
    );
    const count = statuses(guesses);
    assert(
      count[401] <= LOGIN_LIMITS.account.limit,
      `at most the account limit: ${JSON.stringify(count)}`,
    );
    assertEquals(count[401] + count[429], n, JSON.stringify(count));
  }));

Deno.test("[security] login: right passwords give their attempt back (the superadmin endpoint's 401 first included)", () =>
  withServices(async (t) => {
    const staff = await loginAs(t, "admin");
    const email = (await t.services.admins.get(staff.id))!.email;
    for (let i = 0; i < LOGIN_LIMITS.pair.limit + 5; i++) {
      assertEquals((await attempt(t, email, STAFF_PASSWORD, "192.0.2.20")).status, 401);
      assertEquals((await attempt(t, email, STAFF_PASSWORD, "192.0.2.20", "admins")).status, 200);
    }
    // None of them counted: the address still has its whole allowance of wrong guesses.
    for (let i = 0; i < LOGIN_LIMITS.pair.limit; i++) {
      assertEquals((await attempt(t, email, "not the password", "192.0.2.20")).status, 401);
    }
    assertEquals((await attempt(t, email, STAFF_PASSWORD, "192.0.2.20")).status, 429);
  }));

const PROXY = "10.0.0.2"; // our proxy, as Deno.serve sees it

/**
 * A sign-in through the server's own front door behind one trusted proxy: the client is the
 * address our proxy appended to X-Forwarded-For (whatever the client wrote before it).
 */
async function viaProxy(
  handle: ReturnType<typeof createFrontDoor>,
  path: string,
  body: unknown,
  client: string,
) {
  const res = await handle(
    new Request(
      `http://localhost${path}`,
      jsonRequest("POST", body, { "X-Forwarded-For": `192.0.2.99, ${client}` }),
    ),
    PROXY,
  );
  const json = res.headers.get("content-type")?.includes("json") ? await res.json() : null;
  if (!json) await res.body?.cancel();
  return { status: res.status, json };
}

/** The UI's sign-in: the superadmin endpoint first, the staff one on its 401. */
async function signIn(
  handle: ReturnType<typeof createFrontDoor>,
  creds: { email: string; password: string },
  client: string,
) {
  const first = await viaProxy(handle, "/api/superadmins/login", creds, client);
  return first.status === 401 ? await viaProxy(handle, "/api/admins/login", creds, client) : first;
}

Deno.test("[security] login: wrong passwords from ten addresses fill the account's bound, and its owner still signs in (from a client it signed in from, or with the password and the second factor)", () =>
  withServices(async (t) => {
    const handle = createFrontDoor(t.services, new Map(), () => Promise.resolve(new Response()));
    const office = "192.0.2.10";
    // The superadmin signed in from the office before; a staff member has two-factor on.
    assertEquals((await signIn(handle, SUPERADMIN, office)).status, 200);
    const staff = await loginAs(t, "admin");
    const staffEmail = (await t.services.admins.get(staff.id))!.email;
    const { secret } = await enrol(t, staff, STAFF_PASSWORD);

    // One instant for the attack and the owner's sign-in: the account's slow-down never lapses
    // (the next 30 s step: enrolment spent this one's code).
    await atInstant(Date.now() + 30_000, async () => {
      for (const email of [SUPERADMIN.email, staffEmail]) {
        // Ten addresses, each as many wrong passwords as it may try.
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, a) =>
            Promise.all(
              Array.from({ length: LOGIN_LIMITS.pair.limit }, (_, i) =>
                viaProxy(
                  handle,
                  "/api/superadmins/login",
                  { email, password: `guess ${a}-${i}` },
                  `198.51.100.${a + 1}`,
                )),
            )),
        );
        const count = statuses(answers.flat() as unknown as Response[]);
        assertEquals(count[401], LOGIN_LIMITS.account.freeAttempts, JSON.stringify(count));
        const next = await viaProxy(
          handle,
          "/api/superadmins/login",
          { email, password: "one more guess" },
          "203.0.113.77",
        );
        assertEquals(next.status, 429, `${email}: a fresh address's guess is refused`);
      }

      // The owner, from the office, signs in with the right password.
      assertEquals((await signIn(handle, SUPERADMIN, office)).status, 200, "the superadmin");
      // From a hotel: the right password alone does not pass the account's bound...
      assertEquals((await signIn(handle, SUPERADMIN, "203.0.113.200")).status, 429);
      // ...the password and the second factor do.
      const hotel = "203.0.113.201";
      const step = await signIn(handle, { email: staffEmail, password: STAFF_PASSWORD }, hotel);
      assertEquals([step.status, step.json.twoFactorRequired], [200, true]);
      const done = await viaProxy(
        handle,
        "/api/auth/2fa",
        { challenge: step.json.challenge, code: codeAt(secret) },
        hotel,
      );
      assertEquals(done.status, 200, "the staff member signs in with the second factor");
      assert(done.json.token, "a session");
    });
  }, { config: { trustProxy: 1 } }));

Deno.test("[security] login: an IPv6 /64 is one client: rotating its addresses does not multiply the guesses", () =>
  withServices(async (t) => {
    const guesses = [];
    for (let i = 0; i < 3 * LOGIN_LIMITS.pair.limit; i++) {
      guesses.push(
        await attempt(t, SUPERADMIN.email, `guess ${i}`, `2001:db8:aa:bb:${i.toString(16)}::1`),
      );
    }
    const count = statuses(guesses);
    assertEquals(count[401], LOGIN_LIMITS.pair.limit, JSON.stringify(count));
    assertEquals(count[429], 2 * LOGIN_LIMITS.pair.limit, JSON.stringify(count));
    const right = await attempt(t, SUPERADMIN.email, SUPERADMIN.password, "2001:db8:aa:bb::ffff");
    assertEquals(right.status, 429, "the /64 is limited as one client");
    const elsewhere = await attempt(t, SUPERADMIN.email, SUPERADMIN.password, "2001:db8:aa:cc::1");
    assertEquals(elsewhere.status, 200, "another /64 signs in");
  }));
