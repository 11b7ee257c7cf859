import { useState } from "preact/hooks";
import type { Country } from "../domain/countries.ts";
import {
  DEMO_FIELDS,
  DEMO_MESSAGE_MAX,
  DEMO_MESSAGES as M,
  type DemoField,
} from "../domain/demo-form.ts";
import type { FieldError } from "../domain/errors.ts";
import { showToast } from "./state/toasts.ts";
import PhoneInput from "./PhoneInput.tsx";

interface Props {
  countries: Country[];
  excludedCountries: string[];
  defaultPhoneCountry: string;
}

type Text = Exclude<DemoField, "phone" | "country">;
const EMPTY: Record<Text, string> = {
  firstName: "",
  lastName: "",
  email: "",
  company: "",
  message: "",
};

/**
 * The validation rules (zod + libphonenumber-js, shared with the API) are large, so they load
 * when the visitor starts filling the form, not with the page.
 */
let rules: Promise<typeof import("../domain/demo-request.ts")> | undefined;
const loadRules = () => rules ??= import("../domain/demo-request.ts");

const LABELS: Record<Text, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  company: "Company",
  message: "Message",
};

/** The request-a-demo form (spec sections 2, 4, 5, 8). */
export default function DemoForm({ countries, excludedCountries, defaultPhoneCountry }: Props) {
  const [text, setText] = useState(EMPTY);
  const [country, setCountry] = useState("");
  const [phoneCountry, setPhoneCountry] = useState(defaultPhoneCountry);
  const [digits, setDigits] = useState("");
  const [errors, setErrors] = useState<Partial<Record<DemoField, string>>>({});
  const [busy, setBusy] = useState(false);

  const clearError = (field: DemoField) =>
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const dial = countries.find((c) => c.code === phoneCountry)?.dialCode ?? "";

  function showErrors(list: FieldError[]) {
    const byField: Partial<Record<DemoField, string>> = {};
    for (const e of list) byField[e.field as DemoField] ??= e.message;
    setErrors(byField);
    const first = DEMO_FIELDS.find((f) => byField[f]);
    const el = first && document.getElementById(`demo-${first}`);
    if (el) {
      el.scrollIntoView({ behavior: "smooth", block: "center" });
      el.focus({ preventScroll: true });
    }
  }

  async function submit(e: Event) {
    e.preventDefault();
    const payload = {
      firstName: text.firstName.trim(),
      lastName: text.lastName.trim(),
      email: text.email.trim(),
      company: text.company.trim(),
      country,
      countryCode: dial,
      phone: digits ? `${dial}${digits}` : "",
      message: text.message.trim(),
    };
    try {
      const check = (await loadRules()).validateDemoRequest(payload, excludedCountries);
      if (!check.ok) return showErrors(check.errors);
    } catch {
      // The rules could not load: the server checks the same rules anyway.
    }
    setBusy(true);
    try {
      const res = await fetch("/api/demo", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(payload),
      });
      const body = await res.json().catch(() => ({}));
      if (res.ok) {
        setText(EMPTY);
        setCountry("");
        setPhoneCountry(defaultPhoneCountry);
        setDigits("");
        setErrors({});
        showToast(M.success, "success");
      } else if (Array.isArray(body?.errors)) {
        showErrors(body.errors);
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
      setBusy(false);
    }
  }

  const describedBy = (field: DemoField, extra?: string) =>
    [errors[field] ? `demo-${field}-error` : "", extra ?? ""].filter(Boolean).join(" ") ||
    undefined;
  const fieldClass = (field: DemoField) =>
    `mt-2 w-full rounded-lg border px-3 py-2 ${
      errors[field] ? "border-red-600" : "border-slate-300"
    }`;
  const label = (field: DemoField, name: string) => (
    <label for={`demo-${field}`} class="block text-sm font-semibold text-ink">
      {name} <span class="text-red-700" aria-hidden="true">*</span>
    </label>
  );
  const error = (field: DemoField) =>
    errors[field] && (
      <p id={`demo-${field}-error`} class="mt-1 text-sm text-red-700" data-error-for={field}>
        {errors[field]}
      </p>
    );

  const textInput = (field: Exclude<Text, "message">, type: string, autoComplete: string) => (
    <div>
      {label(field, LABELS[field])}
      <input
        id={`demo-${field}`}
        name={field}
        type={type}
        required
        autoComplete={autoComplete}
        aria-invalid={!!errors[field]}
        aria-describedby={describedBy(field)}
        value={text[field]}
        onInput={(e) => {
          setText({ ...text, [field]: e.currentTarget.value });
          clearError(field);
        }}
        class={fieldClass(field)}
      />
      {error(field)}
    </div>
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      onFocusIn={loadRules}
      class="grid gap-6 sm:grid-cols-2"
      data-testid="demo-form"
    >
      <p class="text-sm text-slate-600 sm:col-span-2">
        Fields marked <span class="text-red-700">*</span> are required.
      </p>
      {textInput("firstName", "text", "given-name")}
      {textInput("lastName", "text", "family-name")}
      {textInput("email", "email", "email")}
      {textInput("company", "text", "organization")}
      <div>
        {label("country", "Country")}
        <select
          id="demo-country"
          name="country"
          required
          aria-invalid={!!errors.country}
          aria-describedby={describedBy("country")}
          value={country}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setCountry(name);
            clearError("country");
            const code = countries.find((c) => c.name === name)?.code;
            if (code && !digits) setPhoneCountry(code);
          }}
          class={`${fieldClass("country")} bg-white`}
        >
          <option value="">Select a country</option>
          {countries.map((c) => <option key={c.code} value={c.name}>{c.name}</option>)}
        </select>
        {error("country")}
      </div>
      <div>
        {label("phone", "Phone")}
        <PhoneInput
          id="demo-phone"
          countries={countries}
          country={phoneCountry}
          digits={digits}
          invalid={!!errors.phone}
          describedBy={describedBy("phone")}
          onChange={(code, next) => {
            setPhoneCountry(code);
            setDigits(next);
            clearError("phone");
          }}
        />
        {error("phone")}
      </div>
      <div class="sm:col-span-2">
        {label("message", LABELS.message)}
        <textarea
          id="demo-message"
          name="message"
          rows={6}
          required
          maxLength={DEMO_MESSAGE_MAX}
          aria-invalid={!!errors.message}
          aria-describedby={describedBy("message", "demo-message-count")}
          value={text.message}
          onInput={(e) => {
            setText({ ...text, message: e.currentTarget.value.slice(0, DEMO_MESSAGE_MAX) });
            clearError("message");
          }}
          class={fieldClass("message")}
        />
        <div class="mt-1 flex justify-between gap-4">
          <div>{error("message")}</div>
          <p id="demo-message-count" class="text-sm text-slate-600" data-testid="message-count">
            {text.message.length} / {DEMO_MESSAGE_MAX}
          </p>
        </div>
      </div>
      <div class="sm:col-span-2">
        <button
          type="submit"
          disabled={busy}
          class="w-full rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-70 sm:w-auto"
        >
          {busy ? M.busy : "Submit"}
        </button>
      </div>
    </form>
  );
}
