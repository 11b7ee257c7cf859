import { useState } from "preact/hooks";
import type { PublicAdmin } from "../../../domain/admin.ts";
import { imageSrc } from "../../../domain/admin-image.ts";
import FormDialog from "../ui/FormDialog.tsx";
import { adminApi, changedFields } from "../ui/api.ts";
import DropdownSelect from "../ui/DropdownSelect.tsx";
import { failureSentence } from "../ui/errors.ts";
import { adminToast } from "../ui/toast.ts";
import { useCloseGuard } from "../ui/use-close-guard.tsx";
import { deleteReplacedImage, uploadImage } from "./image-upload.ts";
import FormField from "../../../ui/FormField.tsx";
import ImageField, { usePickedImage } from "../ui/ImageField.tsx";
import { useFields } from "../ui/use-fields.ts";
import { ACCOUNT_LABELS } from "./labels.ts";
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
  const { values, field } = useFields("edit-admin", {
    username: admin.username,
    email: admin.email,
  });
  const [role, setRole] = useState<string>(admin.role);
  const { file, preview, pick } = usePickedImage();
  const [saving, setSaving] = useState(false);
  const password = useFields("edit-admin", { currentPassword: "" });
  const { requestClose, guard } = useCloseGuard({ ...values, role, file }, saving, onClose);
  // One's own sign-in email changes only with one's current password (the server asks).
  const needsPassword = own && values.email.trim().toLowerCase() !== admin.email.toLowerCase();

  async function save(e: Event) {
    e.preventDefault();
    setSaving(true);
    try {
      const image = file ? await uploadImage(file) : admin.image;
      const endpoint = admin.role === "superadmin" ? "superadmins" : "admins";
      const changes = changedFields(admin, { ...values, image, role });
      const updated = Object.keys(changes).length === 0
        ? admin
        : await adminApi<PublicAdmin>(`/api/${endpoint}/${admin.id}`, {
          method: "PUT",
          json: needsPassword ? { ...changes, ...password.values } : changes,
        });
      if (file) await deleteReplacedImage(admin.image, image);
      adminToast("Admin updated", "success");
      onSaved(updated);
    } catch (err) {
      adminToast(
        failureSentence(err, "Failed to update admin", "Error updating admin", ACCOUNT_LABELS),
        "error",
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog title="Edit Admin" testId="edit-admin-dialog" onClose={requestClose}>
      <form class="mt-4 space-y-4" onSubmit={save}>
        <FormField label="Username" data-autofocus required {...field("username")} />
        <FormField label="Email" type="email" required {...field("email")} />
        {needsPassword && (
          <FormField
            label="Current password"
            type="password"
            required
            autocomplete="current-password"
            maxLength={200}
            {...password.field("currentPassword")}
          />
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
        <ImageField id="edit-admin-image" label="Profile Image" onPick={pick}>
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
        </ImageField>
        <FormActions
          busy={saving}
          label="Save Changes"
          busyLabel="Saving..."
          onCancel={requestClose}
        />
      </form>
      {guard}
    </FormDialog>
  );
}
