import { type MetadataJson, parsePhoneNumberWithError } from "libphonenumber-js/core";
import { z } from "zod";
import { emailField } from "./email.ts";
import { DEMO_MESSAGE_MAX } from "./demo-form.ts";
import type { FieldError } from "./errors.ts";

/** A required text field: trimmed, and one message whether it is missing, blank or not text. */
const required = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });

/**
 * Parses a phone number as an international number (a plus is prefixed if missing). Null when
 * it does not parse (NOT_A_NUMBER, TOO_SHORT, TOO_LONG, INVALID_COUNTRY: national numbers of
 * fewer than 2 or more than 17 digits are refused by the parser), is not a valid number, or
 * belongs to an excluded country. With libphonenumber's "max" metadata (the API) a number must
 * match its country's patterns; the "min" metadata (the browser: 100 KB less) checks its length.
 */
export function parseInternationalPhone(
  raw: string,
  metadata: MetadataJson,
  excluded: readonly string[] = [],
) {
  const compact = raw.replace(/[\s().-]/g, "");
  if (!compact) return null;
  const withPlus = compact.startsWith("+") ? compact : `+${compact}`;
  try {
    const phone = parsePhoneNumberWithError(withPlus, metadata);
    if (!phone.isValid()) return null;
    if (phone.country && excluded.includes(phone.country)) return null;
    return phone;
  } catch {
    return null;
  }
}

/**
 * The demo request as the form sends it (spec section 5), validated the same way in the browser
 * and in the API (each with its phone metadata). The output is trimmed; the phone is in E.164
 * form and the dial code is taken from it.
 */
export function demoRequestInputSchema(
  metadata: MetadataJson,
  excludedCountries: readonly string[] = [],
) {
  return z.object({
    firstName: required("First name is required").pipe(z.string().max(100)),
    lastName: required("Last name is required").pipe(z.string().max(100)),
    email: emailField({ required: "Email is required", invalid: "Email is invalid" }),
    company: required("Company name is required").pipe(z.string().max(200)),
    country: required("Country is required").pipe(z.string().max(100)),
    countryCode: z.string().trim().max(8).optional(),
    phone: required("Phone number is required").transform((value, ctx) => {
      const phone = parseInternationalPhone(value, metadata, excludedCountries);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: "Phone number is invalid" });
        return z.NEVER;
      }
      return { number: phone.number as string, dialCode: `+${phone.countryCallingCode}` };
    }),
    message: required("Message is required").pipe(
      z.string().max(DEMO_MESSAGE_MAX, "Message cannot exceed 500 characters"),
    ),
  }).transform(({ phone, countryCode: _sent, ...rest }) => ({
    ...rest,
    countryCode: phone.dialCode,
    phone: phone.number,
  }));
}
export type DemoRequestInput = z.output<ReturnType<typeof demoRequestInputSchema>>;

/** Runs the schema and answers the spec's `{ field, message }` list, one error per field. */
export function validateDemoRequest(
  input: unknown,
  metadata: MetadataJson,
  excludedCountries: readonly string[] = [],
): { ok: true; data: DemoRequestInput } | { ok: false; errors: FieldError[] } {
  const result = demoRequestInputSchema(metadata, excludedCountries).safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    if (!errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
  }
  return { ok: false, errors };
}

/** A stored request for a demo (the form's eight fields plus bookkeeping). */
export const demoRequestSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  country: z.string(),
  countryCode: z.string(),
  phone: z.string(),
  message: z.string().max(DEMO_MESSAGE_MAX),
  createdAt: z.string(),
});
export type DemoRequest = z.infer<typeof demoRequestSchema>;

/** The mail that tells the shop about a new demo request. */
export function demoRequestMail(r: DemoRequest, to: string) {
  const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, " ").slice(0, 120);
  return {
    to,
    subject: oneLine(`Demo request: ${r.firstName} ${r.lastName} (${r.company})`),
    text: [
      `A demo was requested on ${r.createdAt}.`,
      "",
      `Name:    ${r.firstName} ${r.lastName}`,
      `Email:   ${r.email}`,
      `Company: ${r.company}`,
      `Country: ${r.country}`,
      `Phone:   ${r.phone} (${r.countryCode})`,
      "",
      "Message:",
      r.message,
      "",
      `Reference: ${r.id}`,
    ].join("\n"),
    headers: { "Reply-To": r.email },
  };
}
