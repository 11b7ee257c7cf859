import { DEMO_FIELDS, DEMO_MESSAGES as M, type DemoField } from "../domain/demo-form.ts";
import metadata from "libphonenumber-js/min/metadata";
import { validateDemoRequest } from "../domain/demo-request.ts";
import type { FieldError } from "../domain/errors.ts";
import { showToast } from "./state/toasts.ts";

export type DemoFieldErrors = Partial<Record<DemoField, string>>;

/** The parts of the form's state a submission changes. */
export interface DemoFormState {
  setErrors: (errors: DemoFieldErrors) => void;
  setBusy: (busy: boolean) => void;
  /** Empties every field (after a successful request). */
  reset: () => void;
}

/** One message per field, shown inline; the first failing field is scrolled to and focused. */
function showErrors(form: DemoFormState, list: FieldError[]) {
  const byField: DemoFieldErrors = {};
  for (const e of list) byField[e.field as DemoField] ??= e.message;
  form.setErrors(byField);
  const first = DEMO_FIELDS.find((f) => byField[f]);
  const el = first && document.getElementById(`demo-${first}`);
  if (el) {
    el.scrollIntoView({ behavior: "smooth", block: "center" });
    el.focus({ preventScroll: true });
  }
}

/**
 * What the demo form's Submit does: checks the request with the rules the API applies, then
 * posts it and tells the visitor the outcome. The rules (zod, libphonenumber-js with its "min"
 * metadata: the API checks the number against the full one) are large, so
 * DemoForm loads this module when the visitor starts filling the form, not with the page.
 */
export async function submitDemoRequest(
  payload: Record<string, string>,
  excludedCountries: readonly string[],
  form: DemoFormState,
) {
  const check = validateDemoRequest(payload, metadata, excludedCountries);
  if (!check.ok) return showErrors(form, check.errors);
  form.setBusy(true);
  try {
    const res = await fetch("/api/demo", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    });
    const body = await res.json().catch(() => ({}));
    if (res.ok) {
      form.reset();
      showToast(M.success, "success");
    } else if (Array.isArray(body?.errors)) {
      showErrors(form, body.errors);
      for (const err of body.errors as FieldError[]) {
        showToast(`${err.field}: ${err.message}`, "error");
      }
    } else {
      showToast(body?.message || M.failed, "error");
    }
  } catch (err) {
    const message = err instanceof Error && !(err instanceof TypeError) ? err.message : "";
    showToast(message || M.network, "error");
  } finally {
    form.setBusy(false);
  }
}
