import { isEmailAddress } from "./email-pattern.ts";

/** The spec's messages for the stock-notification call (sections 5 and 8). */
export const NOTIFY_MESSAGES = {
  empty: "Please enter your email address",
  invalid: "Please enter a valid email address",
  success: "Successfully subscribed to stock notifications!",
  failed: "Failed to subscribe to notifications",
  network: "Failed to subscribe to notifications. Please try again.",
} as const;

/** The message for a bad address, or null when it can be sent. The dialog and the API agree. */
export function notifyEmailProblem(email: string): string | null {
  const value = email.trim();
  if (value === "") return NOTIFY_MESSAGES.empty;
  if (!isEmailAddress(value)) return NOTIFY_MESSAGES.invalid;
  return null;
}
