import type { MetadataJson } from "libphonenumber-js/core";
import { DEMO_FIELDS, type DemoField } from "../domain/demo-form.ts";
import type { ClientMessages } from "../i18n/catalog.ts";
import { fill } from "../i18n/fill.ts";
import { validateDemoRequest } from "../domain/demo-request.ts";
import { callingCodeOf } from "../domain/phone-metadata.ts";
import type { FieldError } from "../domain/errors.ts";
import { showToast } from "../browser/state/toasts.ts";

export type DemoFieldErrors = Partial<Record<DemoField, string>>;

/** The parts of the form's state a submission changes. */
export interface DemoFormState {
  setErrors: (errors: DemoFieldErrors) => void;
  setBusy: (busy: boolean) => void;
  /** Empties every field (after a successful request). */
  reset: () => void;
}

type Words = ClientMessages["demoForm"];

/** A rule's message (English, shared with the API) as the page's language says it. */
const say = (M: Words, message: string) => M.errors[message] ?? message;

/** One message per field, shown inline; the first failing field is scrolled to and focused. */
function showErrors(form: DemoFormState, list: FieldError[], M: Words) {
  const byField: DemoFieldErrors = {};
  for (const e of list) byField[e.field as DemoField] ??= say(M, e.message);
  form.setErrors(byField);
  const first = DEMO_FIELDS.find((f) => byField[f]);
  const el = first && document.getElementById(`demo-${first}`);
  if (el) {
    el.scrollIntoView({ behavior: "smooth", block: "center" });
    el.focus({ preventScroll: true });
  }
}

const metadataByCode = new Map<string, Promise<MetadataJson | null>>();

/**
 * The phone metadata for one calling code (a file the build writes under `base`), fetched once.
 * Null when it cannot be had (offline, a new deployment): the number is then left to the API,
 * and the next call tries again.
 */
export function loadPhoneMetadata(base: string, code: string): Promise<MetadataJson | null> {
  let metadata = metadataByCode.get(code);
  if (!metadata) {
    metadata = fetch(`${base}${code}.json`)
      .then((res) => (res.ok ? res.json() as Promise<MetadataJson> : null))
      .catch(() => null)
      .then((json) => {
        if (!json) metadataByCode.delete(code);
        return json;
      });
    metadataByCode.set(code, metadata);
  }
  return metadata;
}

/**
 * What the demo form's Submit does: checks the request with the rules the API applies, then
 * posts it and tells the visitor the outcome. The rules (zod/mini, libphonenumber-js with the
 * "min" metadata of the number's calling code: the API checks the number against the full one)
 * load when the visitor starts filling the form, not with the page.
 */
export async function submitDemoRequest(
  payload: Record<string, string>,
  excludedCountries: readonly string[],
  metadataBase: string,
  M: Words,
  form: DemoFormState,
) {
  // Busy from the first await on: a second click while the metadata loads sends nothing more.
  form.setBusy(true);
  try {
    const code = callingCodeOf(payload.phone, payload.countryCode);
    const metadata = code ? await loadPhoneMetadata(metadataBase, code) : null;
    const check = validateDemoRequest(payload, metadata, excludedCountries);
    if (!check.ok) return showErrors(form, check.errors, M);
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
      showErrors(form, body.errors, M);
      for (const err of body.errors as FieldError[]) {
        const field = M.fieldNames[err.field as DemoField] ?? err.field;
        showToast(fill(M.fieldError, { field, message: say(M, err.message) }), "error");
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
