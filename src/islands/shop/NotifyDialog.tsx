import { useState } from "preact/hooks";
import type { ShopProduct } from "../../domain/shop-product.ts";
import { NOTIFY_MESSAGES, notifyEmailProblem } from "../../domain/stock-notification-request.ts";
import { showToast } from "../../browser/state/toasts.ts";
import ModalFrame from "../ModalFrame.tsx";
import CloseButton from "./CloseButton.tsx";

/** Asks for an email to tell when an out-of-stock product is back (spec sections 4, 5, 8). */
export default function NotifyDialog(
  { product, onClose }: { product: ShopProduct; onClose: () => void },
) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    const problem = notifyEmailProblem(email);
    if (problem) return setError(problem);
    setError("");
    setBusy(true);
    try {
      const res = await fetch("/api/stock-notifications/subscribe", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: email.trim(), productId: product.id }),
      });
      if (res.ok) {
        showToast(NOTIFY_MESSAGES.success, "success");
        setEmail("");
        onClose();
        return;
      }
      const body = await res.json().catch(() => null) as { message?: string } | null;
      showToast(body?.message || NOTIFY_MESSAGES.failed, "error");
    } catch {
      showToast(NOTIFY_MESSAGES.network, "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalFrame
      labelledBy="notify-title"
      onClose={onClose}
      panelClass="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
      testId="notify-dialog"
    >
      <div class="flex items-start justify-between gap-4">
        <h2 id="notify-title" class="text-xl font-semibold">Notify When Available</h2>
        <CloseButton label="Close" onClick={onClose} />
      </div>
      <p class="mt-2 text-sm text-slate-600">
        {product.title} is out of stock. Leave your email and we will tell you when it is back.
      </p>
      <form class="mt-5 space-y-4" noValidate onSubmit={submit}>
        <div>
          <label for="notify-email" class="block text-sm font-medium">Email address</label>
          <input
            id="notify-email"
            type="email"
            autocomplete="email"
            data-autofocus
            value={email}
            onInput={(e) => {
              setEmail(e.currentTarget.value);
              setError("");
            }}
            aria-invalid={error ? "true" : undefined}
            aria-describedby={error ? "notify-email-error" : undefined}
            class="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          />
          {error && (
            <p id="notify-email-error" role="alert" class="mt-1 text-sm text-red-700">{error}</p>
          )}
        </div>
        <div class="flex justify-end gap-3">
          <button
            type="button"
            class="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            onClick={onClose}
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy}
            class="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {busy ? "Subscribing..." : "Notify Me"}
          </button>
        </div>
      </form>
    </ModalFrame>
  );
}
