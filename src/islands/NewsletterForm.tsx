import { useState } from "preact/hooks";
import { NEWSLETTER_MESSAGES as M } from "../domain/newsletter.ts";
import { showToast } from "./state/toasts.ts";

/** The footer's 'Stay up to date' form: POST /api/subscription/subscribe with the page as source. */
export default function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    if (!email.trim()) {
      showToast(M.empty, "error");
      return;
    }
    setBusy(true);
    try {
      const res = await fetch("/api/subscription/subscribe", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, source: location.pathname }),
      });
      const body = await res.json().catch(() => ({}));
      if (res.ok) {
        showToast(M.success, "success");
        setEmail("");
      } else {
        showToast(body?.errors?.[0]?.message ?? body?.message ?? M.failed, "error");
      }
    } catch {
      showToast(M.network, "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="mt-4" onSubmit={submit} noValidate data-testid="newsletter-form">
      <p class="text-sm leading-6">
        Product news, new modules and tutorials, about once a month. Unsubscribe with one click.
      </p>
      <div class="mt-4 flex flex-col gap-2 sm:flex-row">
        <label for="newsletter-email" class="sr-only">Email address</label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          required
          autocomplete="email"
          placeholder="you@example.com"
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
          class="min-w-0 flex-1 rounded-lg border border-slate-600 bg-white/5 px-3 py-2 text-white placeholder:text-slate-400"
        />
        <button
          type="submit"
          disabled={busy}
          class="rounded-lg bg-brand-500 px-4 py-2 font-semibold text-white hover:bg-brand-600 disabled:opacity-70"
        >
          {busy ? M.busy : "Subscribe"}
        </button>
      </div>
      <p class="mt-2 text-xs text-slate-400">
        We keep your address and when and where you subscribed. See our{" "}
        <a href="/privacy" class="underline hover:text-white">privacy notice</a>.
      </p>
    </form>
  );
}
