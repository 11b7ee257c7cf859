import { passwordProblem } from "../domain/password-policy.ts";
import type { Config } from "./config.ts";

/** The least length of a configured signing secret (32 random bytes as hex is 64). */
export const MIN_JWT_SECRET_LENGTH = 32;

/**
 * Why the server must not start with these secrets, or null: production signs sessions with
 * `JWT_SECRET` from the environment (never a secret kept in KV, where a copy of the file or a
 * backup would carry it), and a configured first superadmin password follows the policy.
 */
export function securityConfigProblem(
  config: Pick<Config, "shopEnv" | "jwtSecret" | "adminEmail" | "adminPassword">,
): string | null {
  if (config.shopEnv === "production") {
    if (!config.jwtSecret) {
      return "SHOP_ENV=production needs JWT_SECRET (e.g. `openssl rand -hex 32`): sessions are signed with it.";
    }
    if (config.jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
      return `JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters (e.g. \`openssl rand -hex 32\`).`;
    }
  }
  if (config.adminPassword !== undefined) {
    const problem = passwordProblem(config.adminPassword, { email: config.adminEmail });
    if (problem) return `ADMIN_PASSWORD is refused: ${problem}.`;
  }
  return null;
}
