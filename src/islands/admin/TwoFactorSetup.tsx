import type { PublicAdmin } from "../../domain/admin.ts";
import { landingFor } from "../../domain/admin-routes.ts";
import TwoFactorSettings from "./TwoFactorSettings.tsx";

/**
 * The page an account is sent to when the shop requires two-factor for all staff and it has
 * it off: the set-up, then on to its landing page once the recovery codes are saved.
 */
export default function TwoFactorSetup({ user }: { user: PublicAdmin }) {
  return (
    <TwoFactorSettings
      user={user}
      onChange={(next) => {
        if (next.twoFactorEnabled) location.assign(landingFor(next.role));
      }}
    />
  );
}
