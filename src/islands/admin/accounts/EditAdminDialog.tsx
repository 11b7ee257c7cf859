import { useState } from "preact/hooks";
import type { PublicAdmin } from "../../../domain/admin.ts";
import { imageSrc } from "../../../domain/admin-image.ts";
import ModalFrame from "../../ModalFrame.tsx";
import { adminApi, ApiError, changedFields } from "../ui/api.ts";
import DropdownSelect from "../ui/DropdownSelect.tsx";
import { errorSentence } from "../ui/errors.ts";
import { adminToast } from "../ui/toast.ts";
import { useCloseGuard } from "../ui/use-close-guard.tsx";
import { deleteReplacedImage, uploadImage } from "./image-upload.ts";
import { FIELD } from "../ui/styles.ts";
import FormActions from "../ui/FormActions.tsx";

const ROLES = [{ value: "admin", label: "Admin" }, { value: "superadmin", label: "Superadmin" }];

/**
 * 'Edit Admin': username, email, image and, on another account, the role (a change signs that
 * account out); a new email of one's own account asks for the current password. The update sends only the fields that changed, so an address the account
 * already has never blocks a save; a replaced upload is deleted afterwards.
 */
export default function EditAdminDialog(
  { admin, own, onClose, onSaved }: {
    admin: PublicAdmin;
    /** The signed-in account's own: no role menu (no one changes their own role). */
    own: boolean;
    onClose: () => void;
    onSaved: (a: PublicAdmin) => void;
  },
) {
  const [username, setUsername] = useState(admin.username);
  const [email, setEmail] = useState(admin.email);
  const [role, setRole] = useState<string>(admin.role);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [currentPassword, setCurrentPassword] = useState("");
  const { requestClose, guard } = useCloseGuard({ username, email, role, file }, saving, onClose);
  // One's own sign-in email changes only with one's current password (the server asks).
  const needsPassword = own && email.trim().toLowerCase() !== admin.email.toLowerCase();

  async function save(e: Event) {
    e.preventDefault();
    setSaving(true);
    try {
      const image = file ? await uploadImage(file) : admin.image;
      const endpoint = admin.role === "superadmin" ? "superadmins" : "admins";
      const changes = changedFields(admin, { username, email, image, role });
      const updated = Object.keys(changes).length === 0
        ? admin
        : await adminApi<PublicAdmin>(`/api/${endpoint}/${admin.id}`, {
          method: "PUT",
          json: needsPassword ? { ...changes, currentPassword } : changes,
        });
      if (file) await deleteReplacedImage(admin.image, image);
      adminToast("Admin updated", "success");
      onSaved(updated);
    } catch (err) {
      adminToast(
        errorSentence(
          err,
          err instanceof ApiError ? "Failed to update admin" : "Error updating admin",
          {
            username: "Username",
            email: "Email",
            image: "Profile Image",
            currentPassword: "Current password",
          },
        ),
        "error",
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <ModalFrame
      labelledBy="edit-admin-title"
      onClose={requestClose}
      panelClass="w-full max-w-md rounded-xl bg-white p-6 shadow-xl"
      testId="edit-admin-dialog"
    >
      <h2 id="edit-admin-title" class="text-lg font-semibold">Edit Admin</h2>
      <form class="mt-4 space-y-4" onSubmit={save}>
        <div>
          <label for="edit-admin-username" class="block text-sm font-medium">Username</label>
          <input
            id="edit-admin-username"
            data-autofocus
            required
            value={username}
            onInput={(e) => setUsername(e.currentTarget.value)}
            class={FIELD}
          />
        </div>
        <div>
          <label for="edit-admin-email" class="block text-sm font-medium">Email</label>
          <input
            id="edit-admin-email"
            type="email"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
            class={FIELD}
          />
        </div>
        {needsPassword && (
          <div>
            <label for="edit-admin-current-password" class="block text-sm font-medium">
              Current password
            </label>
            <input
              id="edit-admin-current-password"
              type="password"
              required
              autocomplete="current-password"
              maxLength={200}
              value={currentPassword}
              onInput={(e) => setCurrentPassword(e.currentTarget.value)}
              class={FIELD}
            />
          </div>
        )}
        {!own && (
          <DropdownSelect
            id="edit-admin-role"
            label="Role"
            value={role}
            options={ROLES}
            onChange={setRole}
          />
        )}
        <div>
          <label for="edit-admin-image" class="block text-sm font-medium">Profile Image</label>
          <input
            id="edit-admin-image"
            type="file"
            accept="image/*"
            class="mt-1 block w-full text-sm"
            onChange={(e) => {
              const chosen = e.currentTarget.files?.[0] ?? null;
              setFile(chosen);
              if (preview) URL.revokeObjectURL(preview);
              setPreview(chosen ? URL.createObjectURL(chosen) : null);
            }}
          />
          <div class="mt-2 flex items-center gap-3">
            <img
              src={preview ?? imageSrc(admin.image)}
              alt=""
              width={48}
              height={48}
              class="h-12 w-12 rounded-full bg-slate-200 object-cover"
            />
            <span class="text-sm text-slate-600">
              {preview ? "New image selected" : "Current image"}
            </span>
          </div>
        </div>
        <FormActions
          busy={saving}
          label="Save Changes"
          busyLabel="Saving..."
          onCancel={requestClose}
        />
      </form>
      {guard}
    </ModalFrame>
  );
}
