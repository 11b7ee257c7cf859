import { useState } from "preact/hooks";
import DropdownSelect from "../ui/DropdownSelect.tsx";
import { adminApi } from "../ui/api.ts";
import { failureSentence } from "../ui/errors.ts";
import { uploadImage } from "./image-upload.ts";
import FormField, { SubmitButton } from "../../../ui/FormField.tsx";
import FormNotice from "../../../ui/FormNotice.tsx";
import ImageField, { usePickedImage } from "../ui/ImageField.tsx";
import { useFields } from "../ui/use-fields.ts";
import { ACCOUNT_LABELS } from "./labels.ts";

const BLANK = { username: "", email: "", password: "" };
const PASSWORD_RULE = "At least 12 characters, not the email address.";

const ROLES = [
  { value: "admin", label: "Regular Admin" },
  { value: "superadmin", label: "Super Admin" },
];

/** Register New Admin: the role select is shown only to super admins (spec). */
export default function RegisterAdminForm({ currentRole }: { currentRole: string }) {
  const { values, setValues, field } = useFields("register", BLANK);
  const [role, setRole] = useState("admin");
  const { file, preview, pick } = usePickedImage();
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState("");
  const [error, setError] = useState("");
  const superadmin = currentRole === "superadmin";

  function reset(form: HTMLFormElement) {
    setValues(BLANK);
    setRole("admin");
    pick(null);
    form.reset();
  }

  async function submit(e: Event) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    setBusy(true);
    setSuccess("");
    setError("");
    try {
      const image = file ? await uploadImage(file) : "";
      const endpoint = superadmin && role === "superadmin" ? "superadmins" : "admins";
      await adminApi(`/api/${endpoint}`, {
        method: "POST",
        json: { ...values, image },
      });
      setSuccess("Admin registered successfully!");
      reset(form);
    } catch (err) {
      setError(
        failureSentence(err, "Failed to register admin", "Registration failed", {
          ...ACCOUNT_LABELS,
          password: "Password",
        }),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      class="max-w-lg space-y-4 rounded-xl bg-white p-6 ring-1 ring-slate-200"
      onSubmit={submit}
      data-testid="register-admin-form"
    >
      {success && <FormNotice kind="success">{success}</FormNotice>}
      {error && <FormNotice>{error}</FormNotice>}
      <FormField label="Username" required {...field("username")} />
      <FormField label="Email" type="email" required autocomplete="off" {...field("email")} />
      <FormField
        label="Password"
        hint={PASSWORD_RULE}
        type="password"
        required
        autocomplete="new-password"
        {...field("password")}
      />
      <ImageField id="register-image" label="Profile Image (optional)" onPick={pick}>
        {preview && (
          <img
            src={preview}
            alt="Profile image preview"
            width={64}
            height={64}
            class="mt-2 h-16 w-16 rounded-full object-cover"
          />
        )}
      </ImageField>
      {superadmin && (
        <DropdownSelect
          id="register-role"
          label="Role"
          value={role}
          options={ROLES}
          onChange={setRole}
        />
      )}
      <SubmitButton busy={busy} busyLabel="Processing...">Register Admin</SubmitButton>
    </form>
  );
}
