import { LOGIN_LIMITS } from "../../src/services/admin-auth.ts";
import { assert, assertEquals } from "../_lib/assert.ts";
import { loginAs, STAFF_PASSWORD, SUPERADMIN } from "../_lib/admin.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";

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
