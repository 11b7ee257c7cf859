import { z } from "zod";
import { isEmailAddress } from "./email-pattern.ts";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** An email field (trimmed) under the app's one rule, with the form's own messages. */
export function emailField(messages: { required: string; invalid: string }) {
  return z.string({ error: messages.required }).trim()
    .min(1, { error: messages.required, abort: true })
    .refine(isEmailAddress, messages.invalid);
}

/** An email a form may leave empty (an order taken by phone); when given, the same rule. */
export function optionalEmailField(invalid: string) {
  return z.string().trim().refine((v) => v === "" || isEmailAddress(v), invalid).default("");
}
