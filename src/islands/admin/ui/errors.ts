import { ApiError } from "./api.ts";

/** An error whose message is already written for staff ("Failed to upload image"). */
export class StaffError extends Error {}

/** A screen's labels by the API's field path ("customer.firstName": "First name"). */
export type FieldLabels = Record<string, string>;

/** What the validator says of a missing or empty value (zod's words). */
const MISSING = /required|expected \w+, received undefined|too small: expected string to have >=1/i;

/** "customer.firstName" -> "First name" when the screen names no label for it. */
function humanize(path: string): string {
  const last = path.split(".").filter((p) => !/^\d+$/.test(p)).pop() ?? path;
  const words = last.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function labelOf(field: string, labels: FieldLabels): string {
  if (labels[field]) return labels[field];
  const bare = field.replace(/\.\d+(?=\.|$)/g, "");
  return labels[bare] ?? humanize(field);
}

/** One field's problem as staff read it: "First name is required". */
function fieldSentence(field: string, message: string, labels: FieldLabels): string {
  const label = labelOf(field, labels);
  // A message that already names its field ("Current password is incorrect") is kept whole.
  if (message.toLowerCase().startsWith(label.toLowerCase())) return message;
  if (MISSING.test(message)) return `${label} is required`;
  // Validator wording ("Too big: expected ...") is not for staff; our own rules' messages are.
  if (/^(too (big|small)|invalid|expected)\b/i.test(message)) return `${label} is not valid`;
  return `${label}: ${message}`;
}

/**
 * The one place an error becomes a sentence for staff: field errors named with the screen's
 * labels, a refusal's own message, and `fallback` (the spec's wording) for everything technical
 * (a server failure, no network, an answer without a message).
 */
export function errorSentence(err: unknown, fallback: string, labels: FieldLabels = {}): string {
  if (err instanceof StaffError) return err.message;
  if (!(err instanceof ApiError) || err.status >= 500) return fallback;
  const fields = err.errors.filter((e) => e.field && e.field !== "body");
  if (fields.length) {
    const lines = fields.map((e) => fieldSentence(e.field, e.message, labels));
    return [...new Set(lines)].join("\n");
  }
  return err.message || fallback;
}

/**
 * The sentence of a failed call whose spec gives two fallbacks: `refused` when the server
 * answered (a server error included), `broken` when no answer came.
 */
export function failureSentence(
  err: unknown,
  refused: string,
  broken: string,
  labels: FieldLabels = {},
): string {
  return errorSentence(err, err instanceof ApiError ? refused : broken, labels);
}
