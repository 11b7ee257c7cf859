import { showToast } from "../browser/state/toasts.ts";
import { pageLang, pageMessages } from "../i18n/client.ts";

/**
 * The newsletter form's behaviour (NewsletterForm.astro renders it); the answer is a toast. The
 * subscriber keeps the page's language (`lang`): the newsletter is sent in it.
 */
const lang = pageLang();
const M = pageMessages("newsletter", lang);
// Once the footer's form is parsed: an island importing the chunk this script shares can run it
// before the rest of the body has arrived.
function init() {
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
        body: JSON.stringify({ email, source: location.pathname, lang }),
      });
      const body = await res.json().catch(() => ({}));
      if (res.ok) {
        showToast(M.success, "success");
        input.value = "";
      } else if (lang === "en") {
        showToast(body?.errors?.[0]?.message ?? body?.message ?? M.failed, "error");
      } else {
        // The API speaks the spec's English; a French page says what it knows in French.
        showToast(body?.errors?.[0]?.field === "email" ? M.invalid : M.failed, "error");
      }
    } catch {
      showToast(M.network, "error");
    } finally {
      button.disabled = false;
      button.textContent = M.submit;
    }
  });
  form.dataset.ready = "";
}
if (document.readyState === "loading") addEventListener("DOMContentLoaded", init);
else init();
