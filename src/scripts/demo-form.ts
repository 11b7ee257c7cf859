import type { Country } from "../domain/countries.ts";
import {
  DEMO_FIELDS,
  DEMO_MESSAGE_MAX,
  type DemoField,
  PHONE_MAX_DIGITS,
} from "../domain/demo-form.ts";
import { pageLang, pageMessages } from "../i18n/client.ts";
import { fill } from "../i18n/fill.ts";
import type { DemoFieldErrors } from "./demo-submission.ts";
import { showToast } from "../browser/state/toasts.ts";
import { countryPicker, flagUrl } from "./phone-country-picker.ts";

/**
 * The demo form's behaviour (DemoForm.astro renders it): inline errors, the phone widget, the
 * message counter and Submit. The fields hold the form's state, so what a visitor typed before
 * this script ran is kept and sent. What Submit runs (the validation rules shared with the API,
 * zod/mini + libphonenumber-js, then the POST) loads when the visitor starts filling the form,
 * not with the page; so does the phone metadata of the calling code picked (a few hundred bytes,
 * fetched again if it changes).
 */
const M = pageMessages("demoForm", pageLang());
const form = document.getElementById("demo-form") as HTMLFormElement;
const data = form.dataset;
const metadataBase = data.phoneMetadata!;
const mainCountries = data.mainCountries!.split(" ");
const excludedCountries = data.excludedCountries!.split(" ").filter(Boolean);
const control = (field: DemoField) =>
  document.getElementById(`demo-${field}`) as
    | HTMLInputElement
    | HTMLSelectElement
    | HTMLTextAreaElement;
const select = document.getElementById("demo-country") as HTMLSelectElement;
const phone = document.getElementById("demo-phone") as HTMLInputElement;
const message = document.getElementById("demo-message") as HTMLTextAreaElement;
const counter = document.getElementById("demo-message-count")!;
const submitButton = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
const widget = form.querySelector<HTMLElement>("[data-phone-widget]")!;
const toggle = widget.querySelector("button")!;

const countries: Country[] = [...select.options].filter((o) => o.value).map((o) => ({
  code: o.dataset.code!,
  name: o.value,
  dialCode: o.dataset.dial!,
}));
const defaultPhoneCountry = countries.find((c) => c.code === data.defaultPhoneCountry) ??
  countries[0];
let phoneCountry = defaultPhoneCountry;

let submission: Promise<typeof import("./demo-submission.ts")> | undefined;
const loadSubmission = () => submission ??= import("./demo-submission.ts");
function preload() {
  loadSubmission().then(
    (m) => m.loadPhoneMetadata(metadataBase, phoneCountry.dialCode.slice(1)),
    () => (submission = undefined),
  );
}

function setPhoneCountry(country: Country) {
  if (country === phoneCountry) return;
  phoneCountry = country;
  toggle.querySelector("img")!.src = flagUrl(country.code);
  toggle.querySelector("span")!.textContent = country.dialCode;
  toggle.setAttribute(
    "aria-label",
    fill(M.phoneCountry, { name: country.name, dial: country.dialCode }),
  );
  // Once the visitor is filling the form, a new calling code's metadata loads as it is picked.
  if (submission) preload();
}

/** Shows `text` as `field`'s error (at the field, linked to it), or clears it. */
function showError(field: DemoField, text?: string) {
  const input = control(field);
  const id = `demo-${field}-error`;
  document.getElementById(id)?.remove();
  input.setAttribute("aria-invalid", String(!!text));
  input.classList.toggle("border-red-600", !!text);
  input.classList.toggle("border-slate-300", !text);
  const describedBy = (input.getAttribute("aria-describedby") ?? "").split(" ")
    .filter((token) => token && token !== id);
  if (text) {
    const p = document.createElement("p");
    p.id = id;
    p.className = "mt-1 text-sm text-red-700";
    p.dataset.errorFor = field;
    p.textContent = text;
    form.querySelector(`[data-error-slot=${field}]`)!.append(p);
    describedBy.unshift(id);
  }
  if (describedBy.length) input.setAttribute("aria-describedby", describedBy.join(" "));
  else input.removeAttribute("aria-describedby");
}

function setErrors(errors: DemoFieldErrors) {
  for (const field of DEMO_FIELDS) showError(field, errors[field]);
}

function setBusy(busy: boolean) {
  submitButton.disabled = busy;
  submitButton.textContent = busy ? M.busy : M.submit;
}

function countMessage() {
  if (message.value.length > DEMO_MESSAGE_MAX) {
    message.value = message.value.slice(0, DEMO_MESSAGE_MAX);
  }
  counter.textContent = fill(M.count, { count: message.value.length, max: DEMO_MESSAGE_MAX });
}

/** The phone as typed or pasted: digits only, at most 15. */
function typedPhone() {
  const value = phone.value;
  let digits = value.replace(/\D/g, "");
  let picked = phoneCountry;
  // A pasted international number: its calling code picks the country (the one shown if it has
  // that code), and the digits keep the national number. Calling codes are prefix-free, so the
  // countries matched share one.
  if (value.trim().startsWith("+")) {
    const matched = countries.filter((c) => digits.startsWith(c.dialCode.slice(1)));
    picked = matched.find((c) => c === phoneCountry) ??
      matched.find((c) => mainCountries.includes(c.code)) ?? matched[0] ?? phoneCountry;
    if (matched.length) digits = digits.slice(picked.dialCode.length - 1);
  }
  digits = digits.slice(0, PHONE_MAX_DIGITS);
  // Rewritten only when it changes: the caret stays where the visitor types.
  if (digits !== value) phone.value = digits;
  setPhoneCountry(picked);
}

/** The country picked also picks the phone's calling code while no number is typed. */
function countryPicked() {
  const country = countries.find((c) => c.name === select.value);
  if (country && !phone.value) setPhoneCountry(country);
}

function reset() {
  form.reset();
  setErrors({});
  setPhoneCountry(defaultPhoneCountry);
  countMessage();
}

form.addEventListener("input", (e) => {
  const field = (e.target as HTMLInputElement).name as DemoField;
  if (!DEMO_FIELDS.includes(field)) return; // the picker's search field
  showError(field);
  if (field === "phone") typedPhone();
  if (field === "message") countMessage();
  if (field === "country") countryPicked();
});
form.addEventListener("focusin", preload);

countryPicker({
  widget,
  toggle,
  id: phone.id,
  countries,
  words: M,
  current: () => phoneCountry.code,
  onChoose(country) {
    setPhoneCountry(country);
    showError("phone");
  },
});

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  if (submitButton.disabled) return;
  const value = (field: DemoField) => control(field).value.trim();
  const dial = phoneCountry.dialCode;
  const payload = {
    firstName: value("firstName"),
    lastName: value("lastName"),
    email: value("email"),
    company: value("company"),
    country: select.value,
    countryCode: dial,
    phone: phone.value ? `${dial}${phone.value}` : "",
    message: value("message"),
  };
  // Busy from the click on: a second click while the rules load sends nothing more.
  setBusy(true);
  let send: typeof import("./demo-submission.ts");
  try {
    send = await loadSubmission();
  } catch {
    // It could not load (connection lost, or a new deployment): the next Submit tries again.
    submission = undefined;
    setBusy(false);
    showToast(M.network, "error");
    return;
  }
  await send.submitDemoRequest(payload, excludedCountries, metadataBase, M, {
    setErrors,
    setBusy,
    reset,
  });
});

// What was typed before this script ran: the phone cleaned up, the country's calling code, the
// count; then Submit works.
typedPhone();
countryPicked();
countMessage();
if (form.contains(document.activeElement)) preload();
setBusy(false);
form.dataset.ready = "";
