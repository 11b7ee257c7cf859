/**
 * The demo form's fields, labels and messages. Free of zod and libphonenumber-js: the page's
 * script loads this module up front and the validation rules (demo-request.ts) only when needed.
 */

/** The demo message limit; the form's input is capped at it too. */
export const DEMO_MESSAGE_MAX = 500;
/** Digits the phone widget accepts after the dial code. */
export const PHONE_MAX_DIGITS = 15;

/** The form's fields, in the order they appear (the first failing one is focused). */
export const DEMO_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "company",
  "country",
  "phone",
  "message",
] as const;
export type DemoField = typeof DEMO_FIELDS[number];

/** Each field's label (components/DemoForm.astro renders them). */
export const DEMO_LABELS: Record<DemoField, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  company: "Company",
  country: "Country",
  phone: "Phone",
  message: "Message",
};

/** The submit button's text when the form is idle (`DEMO_MESSAGES.busy` while it sends). */
export const DEMO_SUBMIT = "Submit";

export const DEMO_MESSAGES = {
  success: "Thank you for your interest! We will contact you shortly.",
  failed: "Something went wrong",
  network: "There was a problem submitting your request.",
  busy: "Sending...",
} as const;
