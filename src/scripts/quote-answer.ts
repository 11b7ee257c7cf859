/**
 * The answers of the buyer's quote page (components/quotes/QuoteContent.tsx): accept with the
 * purchase order number (and its PDF), or decline with a reason, sent to the API. Accepted, the
 * buyer goes to their new order's page; declined, or answered meanwhile (expired, cancelled),
 * the page is shown again and says so. Its words come from data attributes, in the page's
 * language.
 */
const MAX_PDF_BYTES = 5 * 1024 * 1024;
const box = document.getElementById("quote-answers");

if (box) {
  const { number, token, busy, failed } = box.dataset;
  const url = (action: string) =>
    `/api/public/quotes/${encodeURIComponent(number ?? "")}/${action}?t=${
      encodeURIComponent(token ?? "")
    }`;

  /** Wires a form: `check` says what is missing (a field to mark) or builds the request. */
  const wire = (
    form: HTMLFormElement,
    check: () => { field: HTMLElement } | { body: BodyInit; headers?: HeadersInit },
    done: (body: Record<string, unknown>) => void,
  ) => {
    const error = form.querySelector<HTMLElement>("[data-error-box]")!;
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
    const fields = [...form.querySelectorAll<HTMLInputElement>("[data-error]")];
    const mark = (field: HTMLElement | null, text: string) => {
      for (const f of fields) f.removeAttribute("aria-invalid");
      if (field) {
        field.setAttribute("aria-invalid", "true");
        field.focus();
      }
      error.textContent = text;
    };
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      if (button.disabled) return;
      const request = check();
      if ("field" in request) return mark(request.field, request.field.dataset.error ?? "");
      mark(null, "");
      const label = button.textContent;
      button.disabled = true;
      button.textContent = busy ?? "";
      try {
        const res = await fetch(url(form.id === "quote-accept" ? "accept" : "decline"), {
          method: "POST",
          ...request,
        });
        const body = await res.json().catch(() => ({})) as Record<string, unknown>;
        if (res.ok) return done(body);
        // Answered meanwhile, expired or cancelled: the page says so in its language.
        if (res.status === 409 && String(body.error).startsWith("quote_")) {
          return location.reload();
        }
        const named = (body.errors as { field?: string }[] | undefined)?.map((x) => x.field);
        const field = fields.find((f) => named?.includes(f.name)) ?? null;
        mark(
          field,
          field?.dataset.error ??
            (body.error === "not_enough_stock" ? String(body.message) : failed ?? ""),
        );
      } catch {
        mark(null, failed ?? "");
      }
      button.disabled = false;
      button.textContent = label;
    });
  };

  const accept = document.getElementById("quote-accept") as HTMLFormElement;
  wire(accept, () => {
    const po = accept.elements.namedItem("purchaseOrder") as HTMLInputElement;
    const file = accept.elements.namedItem("file") as HTMLInputElement;
    if (!po.value.trim()) return { field: po };
    const pdf = file.files?.[0];
    if (pdf && (pdf.size > MAX_PDF_BYTES || !/\.pdf$/i.test(pdf.name))) return { field: file };
    const body = new FormData();
    body.set("purchaseOrder", po.value.trim());
    if (pdf) body.set("file", pdf);
    return { body };
  }, (body) => location.assign(String(body.orderUrl)));

  const decline = document.getElementById("quote-decline") as HTMLFormElement;
  wire(decline, () => {
    const reason = decline.elements.namedItem("reason") as HTMLTextAreaElement;
    if (!reason.value.trim()) return { field: reason };
    return {
      body: JSON.stringify({ reason: reason.value.trim() }),
      headers: { "Content-Type": "application/json" },
    };
  }, () => location.reload());
  box.dataset.ready = "";
}
