import { type MetadataJson, parsePhoneNumberWithError } from "libphonenumber-js/core";
import { z } from "zod/mini";
import { isEmailAddress } from "./email-pattern.ts";
import { DEMO_MESSAGE_MAX } from "./demo-form.ts";
import type { FieldError } from "./errors.ts";
import { HIDDEN_CHARACTERS_MESSAGE, isPlainLine, isPlainText } from "./plain-text.ts";

/**
 * The demo request's rules, shared by the API and the browser, written with zod/mini: the
 * browser loads them when the visitor starts filling the form, and zod/mini is 5 KB gzip where
 * zod is 25. The messages the API answers stay zod's English ones (the server loads them
 * through zod; the limits below spell them out for the browser).
 */

/** zod's English message for a string over `max` characters. */
const tooBig = (max: number) => `Too big: expected string to have <=${max} characters`;

/**
 * A required text field: trimmed, one message whether it is missing, blank or not text, then at
 * most `max` characters when given, and no control or text-direction character (a message may
 * hold lines and tabs).
 */
const required = (
  message: string,
  max?: number,
  maxMessage = tooBig(max ?? 0),
  plain = isPlainLine,
) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, { error: message, abort: true }),
    ...(max === undefined ? [] : [z.maxLength(max, { error: maxMessage })]),
    z.refine(plain, HIDDEN_CHARACTERS_MESSAGE),
  );

/**
 * Parses a phone number as an international number (a plus is prefixed if missing). Null when
 * it does not parse (NOT_A_NUMBER, TOO_SHORT, TOO_LONG, INVALID_COUNTRY: national numbers of
 * fewer than 2 or more than 17 digits are refused by the parser), is not a valid number, or
 * belongs to an excluded country. With libphonenumber's "max" metadata (the API) a number must
 * match its country's patterns; the "min" metadata (the browser: the part for the number's
 * calling code, see phone-metadata.ts) checks its length.
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
 * form and the dial code is taken from it. Null `metadata` leaves the number unchecked but
 * required: the browser could not load its metadata, and the API (which always has it) decides.
 */
export function demoRequestInputSchema(
  metadata: MetadataJson | null,
  excludedCountries: readonly string[] = [],
) {
  const phoneInvalid = "Phone number is invalid";
  return z.pipe(
    z.object({
      firstName: required("First name is required", 100),
      lastName: required("Last name is required", 100),
      email: z.string({ error: "Email is required" }).check(
        z.trim(),
        z.minLength(1, { error: "Email is required", abort: true }),
        z.refine(isEmailAddress, "Email is invalid"),
      ),
      company: required("Company name is required", 200),
      country: required("Country is required", 100),
      countryCode: z.optional(z.string().check(z.trim(), z.maxLength(8, { error: tooBig(8) }))),
      phone: z.pipe(
        required("Phone number is required"),
        z.transform((value, ctx) => {
          if (!metadata) return { number: value, dialCode: "" };
          const phone = parseInternationalPhone(value, metadata, excludedCountries);
          if (!phone) {
            ctx.issues.push({ code: "custom", message: phoneInvalid, input: value });
            return z.NEVER;
          }
          return { number: phone.number as string, dialCode: `+${phone.countryCallingCode}` };
        }),
      ),
      message: required(
        "Message is required",
        DEMO_MESSAGE_MAX,
        `Message cannot exceed ${DEMO_MESSAGE_MAX} characters`,
        isPlainText,
      ),
    }),
    z.transform(({ phone, countryCode: _sent, ...rest }) => ({
      ...rest,
      countryCode: phone.dialCode,
      phone: phone.number,
    })),
  );
}
export type DemoRequestInput = z.output<ReturnType<typeof demoRequestInputSchema>>;

/** Runs the schema and answers the spec's `{ field, message }` list, one error per field. */
export function validateDemoRequest(
  input: unknown,
  metadata: MetadataJson | null,
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
  message: z.string().check(z.maxLength(DEMO_MESSAGE_MAX)),
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
