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
    // The account's bound, and its lane for clean clients: each address here is a fresh one.
    assert(
      count[401] <= LOGIN_LIMITS.account.limit + LOGIN_LIMITS.fresh.limit,
      `at most the account's bounds: ${JSON.stringify(count)}`,
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

Deno.test("[security] login: wrong passwords from ten addresses fill the account's bound, and its owner still signs in (from a client it signed in from, from a new network with the password alone, or with the second factor)", () =>
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
        // The account's free attempts, and at most each address's first, while it was clean.
        const free = LOGIN_LIMITS.account.freeAttempts;
        assert(count[401] >= free && count[401] <= free + 10, JSON.stringify(count));
        assertEquals(count[401] + count[429], 10 * LOGIN_LIMITS.pair.limit, JSON.stringify(count));
        for (const client of ["198.51.100.1", "198.51.100.10"]) {
          const more = await viaProxy(
            handle,
            "/api/superadmins/login",
            { email, password: "one more guess" },
            client,
          );
          assertEquals(more.status, 429, `${email}: an attacking address is refused`);
        }
      }
      // Without a second factor, a fresh address's guess is checked once (a clean client), and
      // its next is refused.
      for (const status of [401, 429]) {
        const next = await viaProxy(
          handle,
          "/api/superadmins/login",
          { email: SUPERADMIN.email, password: "one more guess" },
          "203.0.113.77",
        );
        assertEquals(next.status, status, "a fresh address");
      }

      // The owner, from the office, signs in with the right password.
      assertEquals((await signIn(handle, SUPERADMIN, office)).status, 200, "the superadmin");
      // The right password from an attacking address does not pass the account's bound...
      assertEquals((await signIn(handle, SUPERADMIN, "198.51.100.3")).status, 429);
      // ...from a new network it does, without a second factor (a hotel, then an IPv6 /64).
      assertEquals((await signIn(handle, SUPERADMIN, "203.0.113.200")).status, 200, "a hotel");
      assertEquals((await signIn(handle, SUPERADMIN, "2001:db8:1:2::5")).status, 200, "IPv6");
      // With two-factor on, the password and the second factor pass.
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

Deno.test("[security] login: the clean clients' lane is an account bound of its own: fresh addresses past it are refused, right password or not", () =>
  withServices(async (t) => {
    await atInstant(Date.now(), async () => {
      const { freeAttempts } = LOGIN_LIMITS.account;
      const guess = (i: number, password = `guess ${i}`) =>
        attempt(t, SUPERADMIN.email, password, `10.1.${i >> 8}.${i & 255}`);
      for (let i = 0; i < freeAttempts; i++) assertEquals((await guess(i)).status, 401);
      for (let i = 0; i < LOGIN_LIMITS.fresh.limit; i++) {
        assertEquals((await guess(freeAttempts + i)).status, 401, "checked in the lane");
      }
      const n = freeAttempts + LOGIN_LIMITS.fresh.limit;
      assertEquals((await guess(n)).status, 429, "a guess past the lane");
      assertEquals((await guess(n + 1, SUPERADMIN.password)).status, 429, "the lane is full");
    });
  }));

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
