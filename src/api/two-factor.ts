import { Hono } from "hono";
import {
  securitySettingsSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorLoginSchema,
  twoFactorSetupSchema,
} from "../domain/two-factor.ts";
import type { Admin } from "../domain/admin.ts";
import { actorOf, CurrentPasswordError } from "../services/admin-accounts.ts";
import type { Services } from "../services/container.ts";
import { NotFoundError } from "../domain/errors.ts";
import { setSessionCookie } from "./auth.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";
import { readJson } from "./validate.ts";

/**
 * `/api/auth/2fa`: the second step of a sign-in, and one's own two-factor set-up; a
 * superadmin's reset of someone else's.
 */
export function twoFactorRouter(services: Services) {
  const { adminAuth, twoFactor } = services;
  const client = (c: { env?: ApiEnv["Bindings"] }) => c.env?.clientAddress ?? "unknown";
  /** The account's current password, counted like a login (403 when wrong). */
  const passwordProof =
    (c: { env?: ApiEnv["Bindings"] }, admin: Admin, password: string) => async () => {
      if (!await adminAuth.confirmPassword(admin, password, client(c))) {
        throw new CurrentPasswordError("password");
      }
    };
  return new Hono<ApiEnv>()
    .post("/", async (c) => {
      const { challenge, code } = await readJson(c, twoFactorLoginSchema);
      const { token, user } = await adminAuth.loginWithCode(challenge, code, client(c));
      setSessionCookie(c, token);
      return c.json({ token, user });
    })
    .get("/", async (c) => c.json(await twoFactor.status(c.get("session").admin)))
    .post("/recovery-codes", async (c) => {
      const { password, code } = await readJson(c, twoFactorDisableSchema);
      const { admin } = c.get("session");
      const recoveryCodes = await twoFactor.regenerateRecoveryCodes(admin, async () => {
        await passwordProof(c, admin, password)();
        await adminAuth.checkCode(admin, code, client(c));
      }, actorOf(admin));
      return c.json({
        success: true,
        message: TWO_FACTOR_MESSAGES.newRecoveryCodes,
        recoveryCodes,
      });
    })
    .post("/setup", async (c) => {
      const { password } = await readJson(c, twoFactorSetupSchema);
      const admin = c.get("session").admin;
      return c.json(await twoFactor.begin(admin, passwordProof(c, admin, password)));
    })
    .post("/enable", async (c) => {
      const { code, password } = await readJson(c, twoFactorEnableSchema);
      const { admin, sessionId } = c.get("session");
      const { recoveryCodes, user } = await twoFactor.enable(
        admin,
        code,
        passwordProof(c, admin, password),
        actorOf(admin),
        sessionId,
      );
      return c.json({ success: true, message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes, user });
    })
    .post("/disable", async (c) => {
      const { password, code } = await readJson(c, twoFactorDisableSchema);
      const { admin, sessionId } = c.get("session");
      const user = await twoFactor.disable(
        admin,
        async () => {
          await passwordProof(c, admin, password)();
          await adminAuth.checkCode(admin, code, client(c));
        },
        actorOf(admin),
        sessionId,
      );
      return c.json({ success: true, message: TWO_FACTOR_MESSAGES.disabled, user });
    })
    .post("/reset/:id", async (c) => {
      const target = await services.admins.get(c.req.param("id"));
      if (!target) throw new NotFoundError("Admin not found");
      const user = await twoFactor.reset(target, actorOf(c.get("session").admin));
      return c.json({ success: true, message: TWO_FACTOR_MESSAGES.reset, user });
    });
}

/** `/api/settings/security`: the superadmin's 'Require two-factor for all staff'. */
export function securitySettingsRouter(services: Services) {
  return new Hono<ApiEnv>()
    .get("/security", async (c) => c.json(await services.twoFactor.settings()))
    .put("/security", async (c) => {
      const settings = await readJson(c, securitySettingsSchema);
      return c.json(await services.twoFactor.saveSettings(settings, c.get("session").admin));
    });
}
