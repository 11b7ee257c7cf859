import { type Context, Hono } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { loginBodySchema, toPublicAdmin } from "../domain/admin.ts";
import { type LoginEndpoint, SESSION_COOKIE, SESSION_TTL_MS } from "../services/admin-auth.ts";
import type { Services } from "../services/container.ts";
import { cookieOptions } from "./middleware/admin-auth.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";
import { readJson } from "./validate.ts";

/** Sets the session cookie of a sign-in. */
export function setSessionCookie(c: Context<ApiEnv>, token: string) {
  setCookie(c, SESSION_COOKIE, token, {
    ...cookieOptions(c),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/**
 * `POST /api/superadmins/login` and `POST /api/admins/login`: `{ token, user }`, or for an
 * account with two-factor on `{ twoFactorRequired: true, challenge }` (then `POST /api/auth/2fa`).
 */
export function loginRouter(services: Services, endpoint: LoginEndpoint) {
  return new Hono<ApiEnv>().post("/login", async (c) => {
    const { email, password } = await readJson(c, loginBodySchema);
    const client = c.env?.clientAddress ?? "unknown";
    const result = await services.adminAuth.login(email, password, endpoint, client);
    if ("twoFactorRequired" in result) return c.json(result);
    const { token, user } = result;
    setSessionCookie(c, token);
    return c.json(endpoint === "admin" ? { token, user, admin: user } : { token, user });
  });
}

/** `GET /api/auth/verify` and `POST /api/auth/logout`. */
export function authRouter(services: Services) {
  return new Hono<ApiEnv>()
    .get("/verify", (c) => c.json({ user: toPublicAdmin(c.get("session").admin) }))
    .post("/logout", async (c) => {
      await services.adminAuth.logout(c.get("session").sessionId);
      deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
      return c.json({ success: true, message: "Signed out" });
    });
}
