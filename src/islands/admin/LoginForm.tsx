import { useEffect, useRef, useState } from "preact/hooks";
import type { PublicAdmin } from "../../domain/admin.ts";
import { ADMIN_USER_STORAGE_KEY } from "../../domain/admin-image.ts";
import { landingFor, safeNext } from "../../domain/admin-routes.ts";
import FormField, { FIELD, SubmitButton } from "../../ui/FormField.tsx";
import FormNotice from "../../ui/FormNotice.tsx";
import { useFields } from "./ui/use-fields.ts";

const FALLBACK = "Login failed. Please try again.";

async function post(path: string, payload: Record<string, string>) {
  const res = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(payload),
  });
  const body = await res.json().catch(() => ({})) as {
    user?: PublicAdmin;
    admin?: PublicAdmin;
    twoFactorRequired?: boolean;
    challenge?: string;
    error?: string;
    message?: string;
  };
  return { status: res.status, body };
}

/** A sign-in's answer: on to the page asked for (or the role's), or its error shown. */
function enter(
  answer: Awaited<ReturnType<typeof post>>,
  next: string | null,
  setError: (text: string) => void,
) {
  const user = answer.body.user ?? answer.body.admin;
  if (answer.status !== 200 || !user) {
    setError(answer.body.message || answer.body.error || FALLBACK);
    return;
  }
  localStorage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify(user));
  location.assign(safeNext(next) ?? landingFor(user.role));
}

/**
 * The login form: the superadmin endpoint first, the admin one only after its 401 (spec
 * section 4), then on to the page asked for or the role's landing page. An account with
 * two-factor on is asked for its code in a second step.
 */
export default function LoginForm({ next }: { next: string | null }) {
  const { values, setValues, field } = useFields("login", { email: "", password: "" });
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [challenge, setChallenge] = useState<string | null>(null);

  // Only signed-out visitors see this form (the server sends the others on): a user still
  // stored from an ended session goes.
  useEffect(() => localStorage.removeItem(ADMIN_USER_STORAGE_KEY), []);

  async function submit(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      let answer = await post("/api/superadmins/login", values);
      if (answer.status === 401) answer = await post("/api/admins/login", values);
      if (answer.status === 200 && answer.body.twoFactorRequired && answer.body.challenge) {
        setChallenge(answer.body.challenge);
        return;
      }
      enter(answer, next, setError);
    } catch {
      setError(FALLBACK);
    } finally {
      setBusy(false);
    }
  }

  if (challenge) {
    return (
      <CodeStep
        challenge={challenge}
        next={next}
        onRestart={() => {
          setChallenge(null);
          setValues({ ...values, password: "" });
        }}
      />
    );
  }

  return (
    <form class="mt-6 space-y-4" onSubmit={submit} data-testid="login-form">
      <FormField label="Email" type="email" required autocomplete="username" {...field("email")} />
      <FormField id="login-password" label="Password">
        {(wiring) => (
          <div class="relative">
            <input
              {...field("password")}
              {...wiring}
              type={show ? "text" : "password"}
              required
              autocomplete="current-password"
              class={`${FIELD} pr-20`}
            />
            <button
              type="button"
              class="absolute inset-y-0 right-0 mt-1 px-3 text-sm font-medium text-brand-700"
              aria-pressed={show}
              aria-controls="login-password"
              onClick={() => setShow(!show)}
            >
              {show ? "Hide" : "Show"}
              <span class="sr-only">password</span>
            </button>
          </div>
        )}
      </FormField>
      {error && <FormNotice>{error}</FormNotice>}
      <SubmitButton busy={busy} busyLabel="Signing in..." class="w-full">Sign in</SubmitButton>
    </form>
  );
}

/** The two kinds of second-step code, each with its field's label and input rules. */
const CODE_FIELDS = {
  app: {
    label: "Authentication code",
    rules: { inputMode: "numeric", pattern: "[0-9 ]{6,7}", maxLength: 7 },
  },
  recovery: { label: "Recovery code", rules: { inputMode: "text", maxLength: 24 } },
} as const;

/** The second step: the code of the authenticator app, or a recovery code. */
function CodeStep(
  { challenge, next, onRestart }: {
    challenge: string;
    next: string | null;
    onRestart: () => void;
  },
) {
  const { values, setValues, field } = useFields("login", { code: "" });
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [recovery]);
  const kind = recovery ? CODE_FIELDS.recovery : CODE_FIELDS.app;

  async function verify(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      enter(await post("/api/auth/2fa", { challenge, ...values }), next, setError);
    } catch {
      setError(FALLBACK);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="mt-6 space-y-4" onSubmit={verify} data-testid="login-code-form">
      <p class="text-sm text-slate-700">
        {recovery
          ? "Enter one of your recovery codes. Each code works once."
          : "Enter the 6-digit code from your authenticator app."}
      </p>
      <FormField
        // One element per kind of code: Preact would clear a rule dropped on a switch to an
        // empty attribute (`pattern=""` refuses every value), so none is carried over.
        key={kind.label}
        inputRef={input}
        label={kind.label}
        required
        autocomplete="one-time-code"
        {...kind.rules}
        spellcheck={false}
        inputClass="font-mono tracking-widest"
        {...field("code")}
      />
      {error && <FormNotice>{error}</FormNotice>}
      <SubmitButton busy={busy} busyLabel="Verifying..." class="w-full">Verify</SubmitButton>
      <div class="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          class="font-medium text-brand-700 hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            setValues({ code: "" });
            setError("");
          }}
        >
          {recovery ? "Use the authenticator app" : "Use a recovery code"}
        </button>
        <button type="button" class="text-slate-600 hover:underline" onClick={onRestart}>
          Start over
        </button>
      </div>
    </form>
  );
}
