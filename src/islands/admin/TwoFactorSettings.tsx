import { useEffect, useRef, useState } from "preact/hooks";
import type { PublicAdmin } from "../../domain/admin.ts";
import { ADMIN_USER_STORAGE_KEY } from "../../domain/admin-image.ts";
import { adminApi, ApiError } from "./ui/api.ts";
import { errorSentence } from "./ui/errors.ts";
import { FIELD } from "./ui/styles.ts";

interface Enrolment {
  secret: string;
  otpauthUrl: string;
  qr: string[];
}

const BUTTON =
  "rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const QUIET_ZONE = 4;
/** The screen's labels, for error sentences. */
const LABELS = { code: "Authentication code", password: "Password" };

/** The QR code of the otpauth URI, drawn from the server's modules (no image, no script). */
function QrCode({ rows }: { rows: string[] }) {
  const size = rows.length + 2 * QUIET_ZONE;
  let path = "";
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === "1") path += `M${x} ${y}h1v1h-1z`;
  });
  return (
    <svg
      role="img"
      aria-label="QR code to scan with your authenticator app"
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${size} ${size}`}
      width={192}
      height={192}
      shape-rendering="crispEdges"
      class="rounded border border-slate-200"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The user as the page stores it, updated after a change of two-factor. */
function remember(user: PublicAdmin) {
  localStorage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify(user));
}

/**
 * 'Two-factor authentication' in Profile Settings (and the forced set-up page): set-up with a
 * QR code and the secret as text, started by the current password (sent again with the code
 * that switches it on), ten recovery codes shown once; switching off takes the password and a
 * current code.
 */
export default function TwoFactorSettings(
  { user, onChange }: { user: PublicAdmin; onChange?: (user: PublicAdmin) => void },
) {
  const [enabled, setEnabled] = useState(user.twoFactorEnabled);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [starting, setStarting] = useState(false);
  const passwordField = useRef<HTMLInputElement>(null);
  // The password step opens with its field focused (keyboard first).
  useEffect(() => {
    if (starting || turningOff) passwordField.current?.focus();
  }, [starting, turningOff]);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  /** The server's word on a field (a wrong code, a wrong password), shown under it. */
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof typeof LABELS, string>>>(
    {},
  );

  async function run(action: () => Promise<void>, fallback: string) {
    setBusy(true);
    setError("");
    setFieldErrors({});
    try {
      await action();
    } catch (err) {
      const fields = err instanceof ApiError ? err.errors.filter((e) => e.field in LABELS) : [];
      if (fields.length) {
        setFieldErrors(Object.fromEntries(fields.map((e) => [e.field, e.message])));
        document.getElementById(`twofa-${fields[0].field}`)?.focus();
      } else setError(errorSentence(err, fallback, LABELS));
    } finally {
      setBusy(false);
    }
  }

  const begin = (e: Event) => {
    e.preventDefault();
    return run(async () => {
      setEnrolment(
        await adminApi<Enrolment>("/api/auth/2fa/setup", { method: "POST", json: { password } }),
      );
      setCode("");
    }, "Failed to start the set-up");
  };

  const confirm = (e: Event) => {
    e.preventDefault();
    return run(async () => {
      const on = await adminApi<{ recoveryCodes: string[]; user: PublicAdmin }>(
        "/api/auth/2fa/enable",
        { method: "POST", json: { code, password } },
      );
      remember(on.user);
      setRecoveryCodes(on.recoveryCodes);
      setEnrolment(null);
      setStarting(false);
      setEnabled(true);
      setCode("");
      setPassword("");
    }, "Failed to turn on two-factor authentication");
  };

  const turnOff = (e: Event) => {
    e.preventDefault();
    return run(async () => {
      const off = await adminApi<{ user: PublicAdmin }>("/api/auth/2fa/disable", {
        method: "POST",
        json: { password, code },
      });
      remember(off.user);
      setEnabled(false);
      setTurningOff(false);
      setPassword("");
      setCode("");
      onChange?.(off.user);
    }, "Failed to turn off two-factor authentication");
  };

  const errorBox = error && (
    <p
      role="alert"
      class="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {error}
    </p>
  );
  const invalid = (field: keyof typeof LABELS) =>
    fieldErrors[field] ? { "aria-invalid": true, "aria-describedby": `twofa-${field}-error` } : {};
  const fieldError = (field: keyof typeof LABELS) =>
    fieldErrors[field] && (
      <p id={`twofa-${field}-error`} role="alert" class="mt-1 text-sm text-red-700">
        {fieldErrors[field]}
      </p>
    );
  const passwordInput = (
    <div>
      <label for="twofa-password" class="block text-sm font-medium">Password</label>
      <input
        id="twofa-password"
        type="password"
        required
        ref={passwordField}
        autocomplete="current-password"
        maxLength={200}
        value={password}
        onInput={(e) => setPassword(e.currentTarget.value)}
        class={FIELD}
        {...invalid("password")}
      />
      {fieldError("password")}
    </div>
  );
  const codeInput = (
    <div>
      <label for="twofa-code" class="block text-sm font-medium">Authentication code</label>
      <input
        id="twofa-code"
        required
        autocomplete="one-time-code"
        inputMode="numeric"
        maxLength={24}
        value={code}
        onInput={(e) => setCode(e.currentTarget.value)}
        class={`${FIELD} font-mono tracking-widest`}
        {...invalid("code")}
      />
      {fieldError("code")}
    </div>
  );

  return (
    <section aria-labelledby="twofa-title" class="space-y-3" data-testid="two-factor">
      <div class="flex flex-wrap items-center justify-between gap-2">
        <h2 id="twofa-title" class="text-base font-semibold">Two-factor authentication</h2>
        <span
          class={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            enabled ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"
          }`}
        >
          {enabled ? "On" : "Off"}
        </span>
      </div>

      {recoveryCodes && (
        <div class="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p class="text-sm font-medium">
            Save these recovery codes somewhere safe. Each one signs you in once if you lose your
            phone. They are shown only now.
          </p>
          <ul class="grid grid-cols-2 gap-1 font-mono text-sm" data-testid="recovery-codes">
            {recoveryCodes.map((c) => <li key={c}>{c}</li>)}
          </ul>
          <button
            type="button"
            class={BUTTON}
            onClick={() => {
              setRecoveryCodes(null);
              onChange?.({ ...user, twoFactorEnabled: true });
            }}
          >
            I have saved these codes
          </button>
        </div>
      )}

      {!enabled && !enrolment && !starting && (
        <div class="space-y-2">
          <p class="text-sm text-slate-700">
            Sign in with a code from an authenticator app as well as your password.
          </p>
          <button type="button" class={BUTTON} onClick={() => setStarting(true)}>
            Set up two-factor authentication
          </button>
        </div>
      )}

      {!enabled && !enrolment && starting && (
        <form class="space-y-3" onSubmit={begin}>
          <p class="text-sm text-slate-700">Confirm it is you: enter your password.</p>
          {passwordInput}
          {errorBox}
          <div class="flex gap-2">
            <button type="submit" class={BUTTON} disabled={busy}>
              {busy ? "Starting..." : "Continue"}
            </button>
            <button
              type="button"
              class="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              onClick={() => {
                setStarting(false);
                setPassword("");
                setError("");
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}

      {enrolment && (
        <form class="space-y-3" onSubmit={confirm}>
          <p class="text-sm text-slate-700">
            Scan this code with your authenticator app, or type the key below into it, then enter
            the 6-digit code it shows.
          </p>
          <QrCode rows={enrolment.qr} />
          <p class="text-sm">
            Key:{" "}
            <code class="break-all font-mono" data-testid="two-factor-secret">
              {enrolment.secret.match(/.{1,4}/g)!.join(" ")}
            </code>
          </p>
          {codeInput}
          {errorBox}
          <div class="flex gap-2">
            <button type="submit" class={BUTTON} disabled={busy}>
              {busy ? "Verifying..." : "Turn on"}
            </button>
            <button
              type="button"
              class="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              onClick={() => {
                setEnrolment(null);
                setStarting(false);
                setPassword("");
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}

      {enabled && !recoveryCodes && !turningOff && (
        <button
          type="button"
          class="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
          onClick={() => setTurningOff(true)}
        >
          Turn off two-factor authentication
        </button>
      )}

      {turningOff && (
        <form class="space-y-3" onSubmit={turnOff}>
          {passwordInput}
          {codeInput}
          {errorBox}
          <div class="flex gap-2">
            <button type="submit" class={BUTTON} disabled={busy}>
              {busy ? "Turning off..." : "Turn off"}
            </button>
            <button
              type="button"
              class="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              onClick={() => setTurningOff(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
