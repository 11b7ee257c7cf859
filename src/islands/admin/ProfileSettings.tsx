import { useState } from "preact/hooks";
import type { PublicAdmin } from "../../domain/admin.ts";
import { ADMIN_USER_STORAGE_KEY, imageSrc } from "../../domain/admin-image.ts";
import FormDialog from "./ui/FormDialog.tsx";
import { uploadImage } from "./accounts/image-upload.ts";
import { adminApi, ApiError, changedFields } from "./ui/api.ts";
import { errorSentence } from "./ui/errors.ts";
import { flashToast } from "./ui/toast.ts";
import { useCloseGuard } from "./ui/use-close-guard.tsx";
import FormField from "../../ui/FormField.tsx";
import ImageField, { usePickedImage } from "./ui/ImageField.tsx";
import { useFields } from "./ui/use-fields.ts";
import { ACCOUNT_LABELS } from "./accounts/labels.ts";
import FormActions from "./ui/FormActions.tsx";
import TwoFactorSettings from "./TwoFactorSettings.tsx";

/**
 * Profile Settings (spec: modal and section 4): a new picture is uploaded first, then the
 * profile is saved through the endpoint of the user's role; on success the page reloads, on
 * failure an alert says why and the modal stays open. A new password or email (optional) is
 * sent with the current password, which the server checks.
 */
export default function ProfileSettings(
  { user, onClose }: { user: PublicAdmin; onClose: () => void },
) {
  const { values, field } = useFields("profile", { username: user.username, email: user.email });
  const passwords = useFields("profile", { newPassword: "", currentPassword: "" });
  const { newPassword, currentPassword } = passwords.values;
  const [image, setImage] = useState(user.image);
  const { file, preview, pick: pickImage } = usePickedImage();
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const { requestClose, guard } = useCloseGuard({ ...values, file }, saving, onClose);
  // A new password or sign-in email is confirmed with the current password (the server asks).
  const needsPassword = newPassword !== "" ||
    values.email.trim().toLowerCase() !== user.email.toLowerCase();

  function pick(chosen: File | null) {
    pickImage(chosen);
    // Picking a file clears the stored value: the upload gives the new one.
    if (chosen) setImage("");
  }

  async function save(e: Event) {
    e.preventDefault();
    setSaving(true);
    try {
      let path = image;
      if (file) {
        setUploading(true);
        try {
          path = await uploadImage(file);
        } finally {
          setUploading(false);
        }
      }
      const endpoint = user.role === "superadmin" ? "superadmins" : "admins";
      // Only what changed: an address the account already has never blocks a save.
      const updated = await adminApi<PublicAdmin>(`/api/${endpoint}/${user.id}`, {
        method: "PUT",
        json: {
          ...changedFields(user, { ...values, image: path }),
          ...(newPassword ? { password: newPassword } : {}),
          ...(needsPassword ? { currentPassword } : {}),
        },
      });
      localStorage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify(updated));
      flashToast("Profile updated");
      onClose();
      location.reload();
    } catch (err) {
      // An ended session is already on its way to the login page: no alert to block it.
      if (err instanceof ApiError && err.sessionEnded) return;
      alert(
        `Failed to update profile: ${
          errorSentence(err, "Failed to update profile", {
            ...ACCOUNT_LABELS,
            password: "New password",
          })
        }`,
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog title="Profile Settings" testId="profile-settings" onClose={requestClose}>
      <form class="mt-4 space-y-4" onSubmit={save}>
        <div class="flex items-center gap-4">
          <img
            src={preview ?? imageSrc(image)}
            alt="Avatar preview"
            width={64}
            height={64}
            class="h-16 w-16 rounded-full bg-slate-200 object-cover"
          />
          <ImageField id="profile-image" label="Profile image" onPick={pick} />
        </div>
        <FormField label="Username" data-autofocus {...field("username")} />
        <FormField label="Email" type="email" {...field("email")} />
        <fieldset class="space-y-3 rounded-lg border border-slate-200 p-3">
          <legend class="px-1 text-sm font-medium">Change password</legend>
          <p id="profile-password-hint" class="text-xs text-slate-600">
            Leave blank to keep your password. A new one signs you out everywhere: sign in again
            with it.
          </p>
          <FormField
            label="New password"
            describedBy="profile-password-hint"
            type="password"
            autocomplete="new-password"
            minLength={12}
            maxLength={200}
            {...passwords.field("newPassword")}
          />
        </fieldset>
        <FormField
          label="Current password"
          hint="Needed to change your email or password. A new email signs you out on other devices."
          type="password"
          autocomplete="current-password"
          required={needsPassword}
          maxLength={200}
          {...passwords.field("currentPassword")}
        />
        {uploading && <p role="status" class="text-sm text-slate-600">Uploading image...</p>}
        <FormActions
          busy={saving}
          label="Update Profile"
          busyLabel="Updating..."
          onCancel={requestClose}
        />
      </form>
      <div class="mt-6 border-t border-slate-200 pt-4">
        <TwoFactorSettings user={user} />
      </div>
      {guard}
    </FormDialog>
  );
}
