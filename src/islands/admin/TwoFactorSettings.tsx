import { Fragment } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { PublicAdmin } from "../../domain/admin.ts";
import { ADMIN_USER_STORAGE_KEY } from "../../domain/admin-image.ts";
import QrCode from "./QrCode.tsx";
import RecoveryCodes from "./RecoveryCodes.tsx";
import { adminApi, ApiError } from "./ui/api.ts";
import { errorSentence } from "./ui/errors.ts";
import FormField, { PRIMARY_BUTTON, SubmitButton } from "../../ui/FormField.tsx";
import FormNotice from "../../ui/FormNotice.tsx";
import { useFields } from "./ui/use-fields.ts";

interface Enrolment {
  secret: string;
  otpauthUrl: string;
  qr: string[];
}

/** `GET /api/auth/2fa`: the account's own two-factor. */
interface Status {
  enabled: boolean;
  recoveryCodesLeft: number;
  required: boolean;
}

/**
 * Where the section is: at rest, asking the password that starts a set-up, showing the QR code,
 * showing new recovery codes, turning off, or making new recovery codes.
 */
type Step = "rest" | "password" | "scan" | "codes" | "off" | "renew";

const QUIET = "rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50";
const CANCEL = "rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100";
/** The screen's labels, for error sentences. */
const LABELS = { code: "Authentication code", password: "Password" };
type Field = keyof typeof LABELS;

/** The user as the page stores it, updated after a change of two-factor. */
function remember(user: PublicAdmin) {
  localStorage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify(user));
}

/**
 * 'Two-factor authentication' in Profile Settings (and the forced set-up page): set-up with a
 * QR code, an `otpauth://` link (an app on this phone) and the key as text, started by the
 * current password (sent again with the code that switches it on); recovery codes shown once,
 * to copy or download, how many are left, and new ones on demand (password and a code);
 * switching off takes the password and a code, and warns first when the shop requires it.
 */
export default function TwoFactorSettings(
  { user, onChange }: { user: PublicAdmin; onChange?: (user: PublicAdmin) => void },
) {
  const [enabled, setEnabled] = useState(user.twoFactorEnabled);
  const [status, setStatus] = useState<Status | null>(null);
  const [step, setStep] = useState<Step>("rest");
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>([]);
  const { values, setValues, field } = useFields("twofa", { code: "", password: "" });
  const { code, password } = values;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  /** The server's word on a field (a wrong code, a wrong password), shown under it. */
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const passwordField = useRef<HTMLInputElement>(null);

  // The password steps open with their field focused (keyboard first).
  useEffect(() => {
    if (step === "password" || step === "off" || step === "renew") passwordField.current?.focus();
  }, [step]);
  // How many recovery codes are left and the shop's policy, read again after each change.
  useEffect(() => {
    if (step !== "rest") return;
    adminApi<Status>("/api/auth/2fa").then(setStatus, () => setStatus(null));
  }, [step, enabled]);

  function go(next: Step) {
    setStep(next);
    setValues((current) => ({
      code: "",
      password: next === "rest" || next === "codes" ? "" : current.password,
    }));
    setError("");
    setFieldErrors({});
  }

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

  const submit = (action: () => Promise<void>, fallback: string) => (e: Event) => {
    e.preventDefault();
    return run(action, fallback);
  };

  const begin = submit(async () => {
    setEnrolment(
      await adminApi<Enrolment>("/api/auth/2fa/setup", { method: "POST", json: { password } }),
    );
    go("scan");
  }, "Failed to start the set-up");

  const confirm = submit(async () => {
    const on = await adminApi<{ recoveryCodes: string[]; user: PublicAdmin }>(
      "/api/auth/2fa/enable",
      { method: "POST", json: { code, password } },
    );
    remember(on.user);
    setRecoveryCodes(on.recoveryCodes);
    setEnrolment(null);
    setEnabled(true);
    go("codes");
  }, "Failed to turn on two-factor authentication");

  const turnOff = submit(async () => {
    const off = await adminApi<{ user: PublicAdmin }>("/api/auth/2fa/disable", {
      method: "POST",
      json: { password, code },
    });
    remember(off.user);
    setEnabled(false);
    go("rest");
    onChange?.(off.user);
  }, "Failed to turn off two-factor authentication");

  const renew = submit(async () => {
    const made = await adminApi<{ recoveryCodes: string[] }>("/api/auth/2fa/recovery-codes", {
      method: "POST",
      json: { password, code },
    });
    setRecoveryCodes(made.recoveryCodes);
    go("codes");
  }, "Failed to make new recovery codes");

  const errorBox = error && <FormNotice>{error}</FormNotice>;
  const passwordInput = (
    <FormField
      label={LABELS.password}
      error={fieldErrors.password}
      type="password"
      required
      inputRef={passwordField}
      autocomplete="current-password"
      maxLength={200}
      {...field("password")}
    />
  );
  const codeInput = (
    <FormField
      label={LABELS.code}
      error={fieldErrors.code}
      required
      autocomplete="one-time-code"
      inputMode="numeric"
      maxLength={24}
      inputClass="font-mono tracking-widest"
      {...field("code")}
    />
  );
  const actions = (label: string, busyLabel: string, cancel: () => void) => (
    <div class="flex flex-wrap gap-2">
      <SubmitButton busy={busy} busyLabel={busyLabel}>{label}</SubmitButton>
      <button type="button" class={CANCEL} onClick={cancel}>Cancel</button>
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

      {step === "codes" && (
        <RecoveryCodes
          codes={recoveryCodes}
          onDone={() => {
            setRecoveryCodes([]);
            go("rest");
            onChange?.({ ...user, twoFactorEnabled: true });
          }}
        />
      )}

      {!enabled && step === "rest" && (
        <div class="space-y-2">
          {user.twoFactorLost && (
            <p class="text-sm font-medium text-yellow-900" data-testid="two-factor-lost">
              Your two-factor authentication was turned off: its secret was not in the backup the
              shop was restored from. Set it up again.
            </p>
          )}
          <p class="text-sm text-slate-700">
            Sign in with a code from an authenticator app as well as your password.
          </p>
          <button type="button" class={PRIMARY_BUTTON} onClick={() => go("password")}>
            Set up two-factor authentication
          </button>
        </div>
      )}

      {step === "password" && (
        <form class="space-y-3" onSubmit={begin}>
          <p class="text-sm text-slate-700">Confirm it is you: enter your password.</p>
          {passwordInput}
          {errorBox}
          {actions("Continue", "Starting...", () => go("rest"))}
        </form>
      )}

      {step === "scan" && enrolment && (
        <form class="space-y-3" onSubmit={confirm}>
          <p class="text-sm text-slate-700">
            Scan this code with your authenticator app, or type the key below into it, then enter
            the 6-digit code it shows.
          </p>
          <QrCode rows={enrolment.qr} label="QR code to scan with your authenticator app" />
          <p>
            <a
              href={enrolment.otpauthUrl}
              class="text-sm font-medium text-brand-700 underline"
              data-testid="two-factor-link"
            >
              Open in an authenticator app on this device
            </a>
          </p>
          <p class="text-sm">
            Key:{" "}
            <code class="font-mono" data-testid="two-factor-secret">
              {enrolment.secret.match(/.{1,4}/g)!.map((group, i) => (
                // The key wraps between its groups only (the spaces), never inside one.
                <Fragment key={i}>
                  {i > 0 && " "}
                  <span class="whitespace-nowrap">{group}</span>
                </Fragment>
              ))}
            </code>
          </p>
          {codeInput}
          {errorBox}
          {actions("Turn on", "Verifying...", () => {
            setEnrolment(null);
            go("rest");
          })}
        </form>
      )}

      {enabled && step === "rest" && (
        <div class="space-y-2">
          {status?.enabled && (
            <p class="text-sm text-slate-700" data-testid="recovery-codes-left">
              Recovery codes left: {status.recoveryCodesLeft}.
              {status.recoveryCodesLeft <= 2 && " Make new ones before they run out."}
            </p>
          )}
          <div class="flex flex-wrap gap-2">
            <button type="button" class={QUIET} onClick={() => go("renew")}>
              New recovery codes
            </button>
            <button type="button" class={QUIET} onClick={() => go("off")}>
              Turn off two-factor authentication
            </button>
          </div>
        </div>
      )}

      {step === "renew" && (
        <form class="space-y-3" onSubmit={renew}>
          <p class="text-sm text-slate-700">
            New recovery codes replace the ones you have: those stop working.
          </p>
          {passwordInput}
          {codeInput}
          {errorBox}
          {actions("Make new codes", "Making...", () => go("rest"))}
        </form>
      )}

      {step === "off" && (
        <form class="space-y-3" onSubmit={turnOff}>
          {status?.required && (
            <p
              role="alert"
              class="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              The shop requires two-factor authentication for all staff: once it is off, you can do
              nothing else until you set it up again.
            </p>
          )}
          {passwordInput}
          {codeInput}
          {errorBox}
          {actions("Turn off", "Turning off...", () => go("rest"))}
        </form>
      )}
    </section>
  );
}
