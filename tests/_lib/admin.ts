import type { AdminRole } from "../../src/domain/admin.ts";
import type { TestContext } from "./services.ts";
import { jsonRequest } from "./services.ts";

/** The seeded superadmin of tests/_lib/services.ts testConfig(). */
export const SUPERADMIN = { email: "admin@example.com", password: "correct horse battery" };
export const STAFF_PASSWORD = "a long staff password";

export interface SignedIn {
  token: string;
  id: string;
  headers: Record<string, string>;
}

/** Signs in through the API (the superadmin endpoint, then the admin one, as the UI does). */
export async function login(t: TestContext, email: string, password: string): Promise<SignedIn> {
  for (const path of ["/api/superadmins/login", "/api/admins/login"]) {
    const res = await t.api.request(path, jsonRequest("POST", { email, password }));
    if (res.status === 401) {
      await res.body?.cancel();
      continue;
    }
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    const { token, user } = await res.json();
    return { token, id: user.id, headers: { Authorization: `Bearer ${token}` } };
  }
  throw new Error(`login ${email}: refused`);
}

/** An account of `role` created straight in the store, signed in. */
export async function loginAs(t: TestContext, role: AdminRole | "seeded"): Promise<SignedIn> {
  if (role === "seeded") return await login(t, SUPERADMIN.email, SUPERADMIN.password);
  const email = `${role}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await t.services.adminAccounts.create(
    { id: "test", email: "test@example.com", role: "system" },
    { username: `${role} user`, email, password: STAFF_PASSWORD, image: "" },
    role,
  );
  return await login(t, email, STAFF_PASSWORD);
}
