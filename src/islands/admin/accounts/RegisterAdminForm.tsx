import { useState } from "preact/hooks";
import DropdownSelect from "../ui/DropdownSelect.tsx";
import { adminApi, ApiError } from "../ui/api.ts";
import { errorSentence } from "../ui/errors.ts";
import { uploadImage } from "./image-upload.ts";
import FormField from "../../../ui/FormField.tsx";
import FormNotice from "../../../ui/FormNotice.tsx";
import ImageField, { usePickedImage } from "./ImageField.tsx";

const ROLES = [
  { value: "admin", label: "Regular Admin" },
  { value: "superadmin", label: "Super Admin" },
];

/** Register New Admin: the role select is shown only to super admins (spec). */
export default function RegisterAdminForm({ currentRole }: { currentRole: string }) {
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [role, setRole] = useState("admin");
  const { file, preview, pick } = usePickedImage();
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState("");
  const [error, setError] = useState("");
  const superadmin = currentRole === "superadmin";

  function reset(form: HTMLFormElement) {
    setUsername("");
    setEmail("");
    setPassword("");
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
        json: { username, email, password, image },
      });
      setSuccess("Admin registered successfully!");
      reset(form);
    } catch (err) {
      setError(
        errorSentence(
          err,
          err instanceof ApiError ? "Failed to register admin" : "Registration failed",
          { username: "Username", email: "Email", password: "Password", image: "Profile Image" },
        ),
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
      <FormField
        id="register-username"
        label="Username"
        required
        value={username}
        onInput={(e) => setUsername(e.currentTarget.value)}
      />
      <FormField
        id="register-email"
        label="Email"
        type="email"
        required
        autocomplete="off"
        value={email}
        onInput={(e) => setEmail(e.currentTarget.value)}
      />
      <FormField
        id="register-password"
        label="Password"
        hint="At least 12 characters, not the email address."
        type="password"
        required
        autocomplete="new-password"
        value={password}
        onInput={(e) => setPassword(e.currentTarget.value)}
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
      <button
        type="submit"
        disabled={busy}
        class="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? "Processing..." : "Register Admin"}
      </button>
    </form>
  );
}
