import { parseStoredCart } from "../domain/cart.ts";

/**
 * The "Request a quote" page (components/quotes/QuoteRequestForm.tsx): lists the cart saved in
 * this browser (the shop's "cart" in localStorage), and sends the request with it to the API.
 * A field the API refuses is marked and said in the page's language; sent, the page says the
 * quote's number and where it went. Its words come from the form's data attributes.
 */
const form = document.getElementById("quote-request") as HTMLFormElement | null;
if (form) {
  const cart = parseStoredCart(localStorage.getItem("cart"));
  const list = document.getElementById("qr-cart")!;
  for (const item of cart.items) {
    const li = document.createElement("li");
    li.textContent = `${item.quantity} × ${item.title}`;
    list.append(li);
  }
  const { lang, busy, sent, invalid, failed } = form.dataset;
  const error = document.getElementById("qr-error")!;
  const done = document.getElementById("qr-sent")!;
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const country = form.elements.namedItem("shippingAddress.country") as HTMLSelectElement;
  if ([...country.options].some((o) => o.value === cart.selectedCountry)) {
    country.value = cart.selectedCountry;
  }
  // "Bill to another address" and "Public body (Chorus Pro)": their blocks shown and enabled
  // when ticked (a disabled fieldset is not sent).
  for (
    const [box, block] of [["qr-billing-differs", "qr-billing"], [
      "qr-public-body",
      "qr-public-body-fields",
    ]]
  ) {
    const fields = document.getElementById(block) as HTMLFieldSetElement;
    document.getElementById(box)!.addEventListener("change", (e) => {
      fields.hidden = fields.disabled = !(e.target as HTMLInputElement).checked;
    });
  }
  if (cart.items.length) {
    document.getElementById("qr-empty")!.hidden = true;
    form.hidden = false;
  }

  /**
   * The form's values as the API's body: "customer.email" -> { customer: { email } },
   * "business.publicBody.siret" -> { business: { publicBody: { siret } } }.
   */
  const body = () => {
    const out: Record<string, unknown> = {
      items: cart.items.map((i) => ({ id: i.id, quantity: i.quantity })),
      shippingCountry: country.value,
      locale: lang,
    };
    for (const [name, value] of new FormData(form)) {
      const path = name.split(".");
      const key = path.pop()!;
      const text = String(value).trim();
      // A top-level field (the message) left empty is not sent.
      if (!path.length && !text) continue;
      let at = out;
      for (const part of path) at = (at[part] ??= {}) as Record<string, unknown>;
      at[key] = text;
    }
    return out;
  };

  /**
   * Marks the fields `names` invalid, says `text` and their labels above the button, and under
   * each field the server's own words for it (`said`: what a public body's structure requires).
   */
  const mark = (names: string[], text: string, said: Record<string, string> = {}) => {
    for (const el of form.querySelectorAll("[aria-invalid]")) {
      el.removeAttribute("aria-invalid");
      if (el.getAttribute("aria-describedby")?.endsWith("-error")) {
        el.removeAttribute("aria-describedby");
      }
    }
    for (const el of form.querySelectorAll(".qr-field-error")) el.remove();
    const fields = names.map((n) => form.elements.namedItem(n) as HTMLElement | null)
      .filter((el): el is HTMLElement => !!el);
    for (const el of fields) {
      el.setAttribute("aria-invalid", "true");
      const words = said[(el as HTMLInputElement).name];
      if (!words) continue;
      const under = document.createElement("p");
      under.id = `${el.id}-error`;
      under.className = "qr-field-error mt-1 text-sm text-red-700";
      under.textContent = words;
      el.after(under);
      el.setAttribute("aria-describedby", under.id);
    }
    fields[0]?.focus();
    const labels = fields.map((el) => document.querySelector(`label[for="${el.id}"]`)?.textContent)
      .filter(Boolean).map((l) => l!.replace("*", "").trim());
    error.textContent = labels.length ? `${text} ${labels.join(", ")}` : text;
  };

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (button.disabled) return;
    const missing = [...form.querySelectorAll<HTMLInputElement>("[required]:enabled")]
      .filter((el) => !el.value.trim()).map((el) => el.name);
    if (missing.length) return mark(missing, invalid ?? "");
    mark([], "");
    const label = button.textContent;
    button.disabled = true;
    button.textContent = busy ?? "";
    try {
      const res = await fetch("/api/quote-requests", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body()),
      });
      const answer = await res.json().catch(() => ({})) as Record<string, unknown>;
      if (res.ok) {
        form.hidden = true;
        const email = (form.elements.namedItem("customer.email") as HTMLInputElement).value;
        done.textContent = (sent ?? "").replace("{n}", String(answer.number))
          .replace("{email}", email);
        return;
      }
      const refused = (answer.errors as { field?: string; message?: string }[] | undefined ?? [])
        .filter((x) => x.field && form.elements.namedItem(x.field));
      const named = refused.map((x) => x.field!);
      mark(
        named,
        named.length ? invalid ?? "" : failed ?? "",
        Object.fromEntries(refused.map((x) => [x.field, x.message ?? ""])),
      );
    } catch {
      mark([], failed ?? "");
    }
    button.disabled = false;
    button.textContent = label;
  });
  form.dataset.ready = "";
}
