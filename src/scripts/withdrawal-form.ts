/**
 * The withdrawal form of the buyer's order page (components/orders/WithdrawalSection.tsx): sends
 * the items chosen to the API and shows the page again, which then says the withdrawal was
 * received. Its words come from the form's data attributes, in the page's language.
 */
const form = document.getElementById("withdrawal-form") as HTMLFormElement | null;
if (form) {
  const error = document.getElementById("withdrawal-error")!;
  const button = form.querySelector("button")!;
  const { order, token, busy, none, failed } = form.dataset;
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (button.disabled) return;
    const items = [...form.querySelectorAll<HTMLInputElement>("input[name=item]:checked")]
      .map((input) => ({ id: input.value }));
    if (!items.length) {
      error.textContent = none ?? "";
      return;
    }
    error.textContent = "";
    const label = button.textContent;
    button.disabled = true;
    button.textContent = busy ?? "";
    try {
      const res = await fetch(
        `/api/public/orders/${encodeURIComponent(order ?? "")}/withdrawal`,
        {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ t: token, items }),
        },
      );
      if (res.ok) {
        location.reload();
        return;
      }
      const body = await res.json().catch(() => ({}));
      error.textContent = typeof body.message === "string" && res.status === 409
        ? body.message
        : failed ?? "";
    } catch {
      error.textContent = failed ?? "";
    }
    button.disabled = false;
    button.textContent = label;
  });
}
