import { useEffect, useRef, useState } from "preact/hooks";
import type { PublicAdmin } from "../../domain/admin.ts";
import { ADMIN_USER_STORAGE_KEY } from "../../domain/admin-image.ts";
import { landingFor, safeNext } from "../../domain/admin-routes.ts";
import { FIELD } from "./ui/styles.ts";

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

const ERROR_BOX = "rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800";
const SUBMIT =
  "w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";

/**
 * The login form: the superadmin endpoint first, the admin one only after its 401 (spec
 * section 4), then on to the page asked for or the role's landing page. An account with
 * two-factor on is asked for its code in a second step.
 */
export default function LoginForm({ next }: { next: string | null }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
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
      let answer = await post("/api/superadmins/login", { email, password });
      if (answer.status === 401) answer = await post("/api/admins/login", { email, password });
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
          setPassword("");
        }}
      />
    );
  }

  return (
    <form class="mt-6 space-y-4" onSubmit={submit} data-testid="login-form">
      <div>
        <label for="login-email" class="block text-sm font-medium">Email</label>
        <input
          id="login-email"
          type="email"
          required
          autocomplete="username"
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
          class={FIELD}
        />
      </div>
      <div>
        <label for="login-password" class="block text-sm font-medium">Password</label>
        <div class="relative">
          <input
            id="login-password"
            type={show ? "text" : "password"}
            required
            autocomplete="current-password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
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
      </div>
      {error && <div role="alert" class={ERROR_BOX}>{error}</div>}
      <button type="submit" disabled={busy} class={SUBMIT}>
        {busy ? "Signing in..." : "Sign in"}
      </button>
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
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [recovery]);
  const field = recovery ? CODE_FIELDS.recovery : CODE_FIELDS.app;

  async function verify(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      enter(await post("/api/auth/2fa", { challenge, code }), next, setError);
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
      <div>
        <label for="login-code" class="block text-sm font-medium">{field.label}</label>
        <input
          // One element per kind of code: Preact would clear a rule dropped on a switch to an
          // empty attribute (`pattern=""` refuses every value), so none is carried over.
          key={field.label}
          ref={input}
          id="login-code"
          required
          autocomplete="one-time-code"
          {...field.rules}
          spellcheck={false}
          value={code}
          onInput={(e) => setCode(e.currentTarget.value)}
          class={`${FIELD} font-mono tracking-widest`}
        />
      </div>
      {error && <div role="alert" class={ERROR_BOX}>{error}</div>}
      <button type="submit" disabled={busy} class={SUBMIT}>
        {busy ? "Verifying..." : "Verify"}
      </button>
      <div class="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          class="font-medium text-brand-700 hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            setCode("");
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
