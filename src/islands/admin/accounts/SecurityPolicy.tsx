import { useState } from "preact/hooks";
import { adminApi } from "../ui/api.ts";
import { errorSentence } from "../ui/errors.ts";
import { adminToast } from "../ui/toast.ts";

/** The superadmin's 'Require two-factor for all staff' setting, saved as it is switched. */
export default function SecurityPolicy({ initial }: { initial: boolean }) {
  const [required, setRequired] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function change(next: boolean) {
    setBusy(true);
    try {
      const saved = await adminApi<{ requireTwoFactor: boolean }>("/api/settings/security", {
        method: "PUT",
        json: { requireTwoFactor: next },
      });
      setRequired(saved.requireTwoFactor);
      adminToast(
        saved.requireTwoFactor
          ? "Two-factor authentication is now required for all staff"
          : "Two-factor authentication is now optional",
        "success",
      );
    } catch (err) {
      adminToast(errorSentence(err, "Failed to save the setting"), "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="mb-4 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <label class="flex items-start gap-3">
        <input
          type="checkbox"
          checked={required}
          disabled={busy}
          onChange={(e) => change(e.currentTarget.checked)}
          class="mt-1 h-4 w-4"
          data-testid="require-2fa"
        />
        <span>
          <span class="block font-medium">Require two-factor for all staff</span>
          <span class="block text-sm text-slate-600">
            Accounts without it are sent to its set-up right after their password.
          </span>
        </span>
      </label>
    </div>
  );
}
