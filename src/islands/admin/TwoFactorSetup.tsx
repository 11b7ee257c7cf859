import type { PublicAdmin } from "../../domain/admin.ts";
import { landingFor } from "../../domain/admin-routes.ts";
import TwoFactorSettings from "./TwoFactorSettings.tsx";
import { signOut } from "./ui/sign-out.ts";

/**
 * The page an account is sent to when the shop requires two-factor for all staff and it has
 * it off: the set-up, then on to its landing page once the recovery codes are saved; or sign
 * out (a phone left at home: come back later).
 */
export default function TwoFactorSetup({ user }: { user: PublicAdmin }) {
  return (
    <div class="space-y-6">
      <TwoFactorSettings
        user={user}
        onChange={(next) => {
          if (next.twoFactorEnabled) location.assign(landingFor(next.role));
        }}
      />
      <p class="border-t border-slate-200 pt-4 text-sm text-slate-700">
        Not now?{" "}
        <button
          type="button"
          class="font-medium text-brand-700 underline hover:text-brand-800"
          onClick={signOut}
        >
          Sign out
        </button>
      </p>
    </div>
  );
}
