import { NEWSLETTER_MESSAGES as M } from "../domain/newsletter.ts";
import { showToast } from "../browser/state/toasts.ts";

/** The newsletter form's behaviour (NewsletterForm.astro renders it); the answer is a toast. */
const form = document.getElementById("newsletter-form") as HTMLFormElement;
const input = form.elements.namedItem("email") as HTMLInputElement;
const button = form.querySelector("button")!;

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  if (button.disabled) return;
  const email = input.value;
  if (!email.trim()) {
    showToast(M.empty, "error");
    return;
  }
  button.disabled = true;
  button.textContent = M.busy;
  try {
    const res = await fetch("/api/subscription/subscribe", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, source: location.pathname }),
    });
    const body = await res.json().catch(() => ({}));
    if (res.ok) {
      showToast(M.success, "success");
      input.value = "";
    } else {
      showToast(body?.errors?.[0]?.message ?? body?.message ?? M.failed, "error");
    }
  } catch {
    showToast(M.network, "error");
  } finally {
    button.disabled = false;
    button.textContent = "Subscribe";
  }
});
form.dataset.ready = "";
