import { useState } from "preact/hooks";
import DropdownSelect from "../ui/DropdownSelect.tsx";
import { adminApi, ApiError } from "../ui/api.ts";
import { errorSentence } from "../ui/errors.ts";
import { uploadImage } from "./image-upload.ts";
import { FIELD } from "../ui/styles.ts";

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
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState("");
  const [error, setError] = useState("");
  const superadmin = currentRole === "superadmin";

  function reset(form: HTMLFormElement) {
    setUsername("");
    setEmail("");
    setPassword("");
    setRole("admin");
    setFile(null);
    if (preview) URL.revokeObjectURL(preview);
    setPreview(null);
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
      {success && (
        <p
          role="status"
          class="rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800"
        >
          {success}
        </p>
      )}
      {error && (
        <p role="alert" class="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <div>
        <label for="register-username" class="block text-sm font-medium">Username</label>
        <input
          id="register-username"
          required
          value={username}
          onInput={(e) => setUsername(e.currentTarget.value)}
          class={FIELD}
        />
      </div>
      <div>
        <label for="register-email" class="block text-sm font-medium">Email</label>
        <input
          id="register-email"
          type="email"
          required
          autocomplete="off"
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
          class={FIELD}
        />
      </div>
      <div>
        <label for="register-password" class="block text-sm font-medium">Password</label>
        <input
          id="register-password"
          type="password"
          required
          autocomplete="new-password"
          aria-describedby="register-password-hint"
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
          class={FIELD}
        />
        <p id="register-password-hint" class="mt-1 text-xs text-slate-600">
          At least 12 characters, not the email address.
        </p>
      </div>
      <div>
        <label for="register-image" class="block text-sm font-medium">
          Profile Image (optional)
        </label>
        <input
          id="register-image"
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
        {preview && (
          <img
            src={preview}
            alt="Profile image preview"
            width={64}
            height={64}
            class="mt-2 h-16 w-16 rounded-full object-cover"
          />
        )}
      </div>
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
