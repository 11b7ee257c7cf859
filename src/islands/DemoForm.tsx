import { useEffect, useState } from "preact/hooks";
import type { Country } from "../domain/countries.ts";
import { DEMO_MESSAGE_MAX, DEMO_MESSAGES as M, type DemoField } from "../domain/demo-form.ts";
import { showToast } from "./state/toasts.ts";
import type { DemoFieldErrors } from "./demo-submission.ts";
import PhoneInput from "./PhoneInput.tsx";

interface Props {
  countries: Country[];
  excludedCountries: string[];
  defaultPhoneCountry: string;
  /** Where the per-calling-code phone metadata is served (domain/phone-metadata.ts). */
  phoneMetadata: string;
  /** The main country of each shared calling code, for a pasted number (domain/phone-metadata.ts). */
  mainCountries: string[];
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
 * What Submit runs (the validation rules shared with the API, zod/mini + libphonenumber-js, then
 * the POST) loads when the visitor starts filling the form, not with the page; so does the phone
 * metadata of the calling code picked (a few hundred bytes, fetched again if it changes).
 */
let submission: Promise<typeof import("./demo-submission.ts")> | undefined;
const loadSubmission = () => submission ??= import("./demo-submission.ts");
function preload(metadataBase: string, dialCode: string) {
  loadSubmission().then(
    (m) => m.loadPhoneMetadata(metadataBase, dialCode.slice(1)),
    () => (submission = undefined),
  );
}

const LABELS: Record<Text, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  company: "Company",
  message: "Message",
};

/** The request-a-demo form (spec sections 2, 4, 5, 8). */
export default function DemoForm(
  { countries, excludedCountries, defaultPhoneCountry, phoneMetadata, mainCountries }: Props,
) {
  const [text, setText] = useState(EMPTY);
  const [country, setCountry] = useState("");
  const [phoneCountry, setPhoneCountry] = useState(defaultPhoneCountry);
  const [digits, setDigits] = useState("");
  const [errors, setErrors] = useState<DemoFieldErrors>({});
  const [busy, setBusy] = useState(false);

  const clearError = (field: DemoField) =>
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const dial = countries.find((c) => c.code === phoneCountry)?.dialCode ?? "";
  // Once the visitor is filling the form, a new calling code's metadata loads as it is picked.
  useEffect(() => {
    if (submission) preload(phoneMetadata, dial);
  }, [dial]);

  function reset() {
    setText(EMPTY);
    setCountry("");
    setPhoneCountry(defaultPhoneCountry);
    setDigits("");
    setErrors({});
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
    let send: typeof import("./demo-submission.ts");
    try {
      send = await loadSubmission();
    } catch {
      // It could not load (connection lost, or a new deployment): the next Submit tries again.
      submission = undefined;
      showToast(M.network, "error");
      return;
    }
    await send.submitDemoRequest(payload, excludedCountries, phoneMetadata, {
      setErrors,
      setBusy,
      reset,
    });
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
      onFocusIn={() => preload(phoneMetadata, dial)}
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
          mainCountries={mainCountries}
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
