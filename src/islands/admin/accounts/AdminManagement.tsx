import { useState } from "preact/hooks";
import type { PublicAdmin } from "../../../domain/admin.ts";
import Avatar from "../Avatar.tsx";
import ConfirmDialog from "../ui/ConfirmDialog.tsx";
import { adminApi } from "../ui/api.ts";
import StatusBadge from "../../../ui/admin/StatusBadge.tsx";
import { failureSentence as failure } from "../ui/errors.ts";
import { adminToast } from "../ui/toast.ts";
import AccessDenied from "./AccessDenied.tsx";
import EditAdminDialog from "./EditAdminDialog.tsx";

const CARD_ACTION =
  "rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100";
const CARD_DANGER =
  "rounded-lg bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700";

const endpointOf = (a: Pick<PublicAdmin, "role">) =>
  a.role === "superadmin" ? "superadmins" : "admins";

/** Both lists, merged; a failure of either is ignored (spec section 7). */
async function fetchAll(): Promise<PublicAdmin[]> {
  const lists = await Promise.allSettled([
    adminApi<PublicAdmin[]>("/api/admins"),
    adminApi<PublicAdmin[]>("/api/superadmins"),
  ]);
  if (lists.every((l) => l.status === "rejected")) throw new Error("Error fetching admins");
  return lists.flatMap((l) => l.status === "fulfilled" ? l.value : []);
}

interface Props {
  initial: PublicAdmin[];
  currentRole: string;
  /** The signed-in account: its own card offers no deactivation, deletion nor 2FA reset. */
  currentId: string;
  /** 'Require two-factor for all staff', as the page was made (read again for a reset). */
  requireTwoFactor?: boolean;
}

/**
 * Admin Management: every account as a card, with edit, activation and deletion. Deactivating
 * and deleting ask first; neither is offered on one's own account (the API refuses both too).
 */
export default function AdminManagement(
  { initial, currentRole, currentId, requireTwoFactor = false }: Props,
) {
  const [admins, setAdmins] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [editing, setEditing] = useState<PublicAdmin | null>(null);
  const [deleting, setDeleting] = useState<PublicAdmin | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deactivating, setDeactivating] = useState<PublicAdmin | null>(null);
  const [resetting, setResetting] = useState<PublicAdmin | null>(null);
  const [resetBusy, setResetBusy] = useState(false);
  const [required, setRequired] = useState(requireTwoFactor);

  if (currentRole !== "superadmin") return <AccessDenied role={currentRole} />;

  const replace = (next: PublicAdmin) =>
    setAdmins((list) => list.map((a) => a.id === next.id ? next : a));
  const mark = (id: string, on: boolean) => setBusy((b) => ({ ...b, [id]: on }));

  async function refresh() {
    setLoading(true);
    setError("");
    try {
      setAdmins(await fetchAll());
    } catch {
      setError("Error fetching admins");
    } finally {
      setLoading(false);
    }
  }

  async function toggle(a: PublicAdmin) {
    setDeactivating(null);
    mark(a.id, true);
    try {
      const res = await adminApi<{ status: "active" | "inactive" }>(
        `/api/${endpointOf(a)}/${a.id}/toggle-status`,
        { method: "PATCH" },
      );
      replace({ ...a, status: res.status });
      adminToast(`${a.username} is now ${res.status}`, "success");
    } catch (err) {
      adminToast(
        failure(err, `Failed to toggle status for ${a.role}`, "Error toggling status"),
        "error",
      );
    } finally {
      mark(a.id, false);
    }
  }

  async function remove() {
    const a = deleting;
    if (!a) return;
    setDeleteBusy(true);
    mark(a.id, true);
    try {
      await adminApi(`/api/${endpointOf(a)}/${a.id}`, { method: "DELETE" });
      setAdmins((list) => list.filter((x) => x.id !== a.id));
      adminToast(`${a.username} deleted`, "success");
      setDeleting(null);
    } catch (err) {
      adminToast(failure(err, `Failed to delete ${a.role}`, "Error deleting admin"), "error");
    } finally {
      setDeleteBusy(false);
      mark(a.id, false);
    }
  }

  /** Asks before a reset, with what the policy (perhaps switched since) makes of it. */
  function askReset(a: PublicAdmin) {
    setResetting(a);
    adminApi<{ requireTwoFactor: boolean }>("/api/settings/security").then(
      (s) => setRequired(s.requireTwoFactor),
      () => {},
    );
  }

  /** A lost phone: two-factor off for the account, its sessions ended (audited). */
  async function resetTwoFactor() {
    const a = resetting;
    if (!a) return;
    setResetBusy(true);
    try {
      const res = await adminApi<{ user: PublicAdmin }>(`/api/auth/2fa/reset/${a.id}`, {
        method: "POST",
      });
      replace(res.user);
      adminToast(`Two-factor authentication reset for ${a.username}`, "success");
      setResetting(null);
    } catch (err) {
      adminToast(
        failure(err, "Failed to reset two-factor authentication", "Error resetting"),
        "error",
      );
    } finally {
      setResetBusy(false);
    }
  }

  /** A card's buttons: one's own account offers no deactivation, deletion nor 2FA reset. */
  function actionsOf(a: PublicAdmin): { label: string; run: () => void; danger?: boolean }[] {
    const edit = { label: "Edit", run: () => setEditing(a) };
    if (a.id === currentId) return [edit];
    const active = a.status === "active";
    return [
      edit,
      {
        label: active ? "Deactivate" : "Activate",
        run: () => active ? setDeactivating(a) : toggle(a),
      },
      { label: "Delete", run: () => setDeleting(a), danger: true },
      ...(a.twoFactorEnabled ? [{ label: "Reset 2FA", run: () => askReset(a) }] : []),
    ];
  }

  if (loading) return <p role="status" class="text-slate-600">Loading admins...</p>;

  return (
    <div>
      {error && <p role="alert" class="mb-4 text-red-700">{error}</p>}
      {admins.length === 0
        ? (
          <div class="rounded-xl bg-white p-8 text-center ring-1 ring-slate-200">
            <p class="font-medium">No admins found</p>
            <div class="mt-4 flex justify-center gap-3">
              <a
                href="/admin/register-admin"
                class="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Create Admin
              </a>
              <button
                type="button"
                onClick={refresh}
                class="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100"
              >
                Refresh Page
              </button>
            </div>
          </div>
        )
        : (
          <ul class="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="admin-cards">
            {admins.map((a) => (
              <li
                key={a.id}
                class={`rounded-xl bg-white p-4 ring-1 ring-slate-200 ${
                  busy[a.id] ? "opacity-60" : ""
                }`}
                aria-busy={busy[a.id] ? "true" : undefined}
                data-testid="admin-card"
              >
                <div class="flex items-center gap-3">
                  <Avatar image={a.image} size={48} />
                  <div class="min-w-0">
                    <p class="truncate font-semibold">{a.username}</p>
                    <p class="truncate text-sm text-slate-600">{a.email}</p>
                  </div>
                </div>
                <div class="mt-3 flex flex-wrap gap-2">
                  <StatusBadge value={a.role} colour={a.role === "superadmin" ? "blue" : "grey"} />
                  <StatusBadge value={a.status} colour={a.status === "active" ? "green" : "red"} />
                  {a.twoFactorLost ? <StatusBadge value="2FA lost" colour="yellow" /> : (
                    <StatusBadge
                      value={a.twoFactorEnabled ? "2FA on" : "2FA off"}
                      colour={a.twoFactorEnabled ? "teal" : "grey"}
                    />
                  )}
                </div>
                {a.twoFactorLost && (
                  <p class="mt-2 text-sm text-yellow-900" data-testid="two-factor-lost">
                    Its two-factor secret was not in the restored backup: two-factor is off from the
                    next sign-in and must be set up again.
                  </p>
                )}
                <div class="mt-4 flex flex-wrap gap-2">
                  {actionsOf(a).map(({ label, run, danger }, i) => (
                    <button
                      key={i}
                      type="button"
                      disabled={busy[a.id]}
                      onClick={run}
                      class={danger ? CARD_DANGER : CARD_ACTION}
                    >
                      {label}
                    </button>
                  ))}
                  {a.id === currentId && (
                    <p class="self-center text-sm text-slate-600" data-testid="own-account">
                      Your account
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      {editing && (
        <EditAdminDialog
          admin={editing}
          own={editing.id === currentId}
          onClose={() => setEditing(null)}
          onSaved={(next) => {
            replace(next);
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Admin"
        message="Are you sure you want to delete this admin? This action cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteBusy}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={deactivating !== null}
        title="Deactivate Admin"
        message={`Deactivate ${
          deactivating?.username ?? ""
        }? They are signed out at once and cannot sign in until activated again.`}
        confirmLabel="Deactivate"
        busyLabel="Deactivating..."
        busy={false}
        onConfirm={() => deactivating && toggle(deactivating)}
        onCancel={() => setDeactivating(null)}
      />
      <ConfirmDialog
        open={resetting !== null}
        title="Reset two-factor authentication"
        message={`Turn off two-factor authentication for ${
          resetting?.username ?? ""
        } and sign them out everywhere? ${
          required
            ? "The shop requires it for all staff: right after their password, they must set it up again before anything else."
            : "They sign in with their password alone until they set it up again."
        }`}
        confirmLabel="Reset"
        busyLabel="Resetting..."
        busy={resetBusy}
        onConfirm={resetTwoFactor}
        onCancel={() => setResetting(null)}
      />
    </div>
  );
}
