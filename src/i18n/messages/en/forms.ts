import { DEMO_LABELS, DEMO_MESSAGES, DEMO_SUBMIT } from "../../../domain/demo-form.ts";

/** The demo form and its phone widget (server HTML, then demo-form.ts in the browser). */
export const demoForm = {
  labels: DEMO_LABELS,
  /** How a field is named in the error toast 'field: message' (the spec's field names). */
  fieldNames: {
    firstName: "firstName",
    lastName: "lastName",
    email: "email",
    company: "company",
    country: "country",
    phone: "phone",
    message: "message",
  },
  fieldError: "{field}: {message}",
  submit: DEMO_SUBMIT,
  ...DEMO_MESSAGES,
  requiredBefore: "Fields marked",
  requiredAfter: "are required.",
  selectCountry: "Select a country",
  count: "{count} / {max}",
  phoneCountry: "Country calling code: {name} {dial}. Change",
  pickerDialog: "Choose a country calling code",
  pickerSearch: "Search countries",
  pickerPlaceholder: "Search country or code",
  pickerList: "Countries",
  pickerEmpty: "No match",
  /** The rules' messages (domain/demo-request.ts, shared with the API) as this page says them. */
  errors: {
    "First name is required": "First name is required",
    "Last name is required": "Last name is required",
    "Email is required": "Email is required",
    "Email is invalid": "Email is invalid",
    "Company name is required": "Company name is required",
    "Country is required": "Country is required",
    "Phone number is required": "Phone number is required",
    "Phone number is invalid": "Phone number is invalid",
    "Message is required": "Message is required",
    "Message cannot exceed 500 characters": "Message cannot exceed 500 characters",
    "Too big: expected string to have <=100 characters":
      "Too big: expected string to have <=100 characters",
    "Too big: expected string to have <=200 characters":
      "Too big: expected string to have <=200 characters",
    "Remove the invisible control or text-direction characters (pasted text can hold them)":
      "Remove the invisible control or text-direction characters (pasted text can hold them)",
  } as Record<string, string>,
};
