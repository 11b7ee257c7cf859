import { isEmailAddress } from "./email-pattern.ts";

/** The spec's messages for the stock-notification call (sections 5 and 8). */
export const NOTIFY_MESSAGES = {
  empty: "Please enter your email address",
  invalid: "Please enter a valid email address",
  success: "Successfully subscribed to stock notifications!",
  failed: "Failed to subscribe to notifications",
  network: "Failed to subscribe to notifications. Please try again.",
} as const;

/** What is wrong with an address, or null when it can be sent. The dialog and the API agree. */
export function notifyEmailProblemKind(email: string): "empty" | "invalid" | null {
  const value = email.trim();
  if (value === "") return "empty";
  if (!isEmailAddress(value)) return "invalid";
  return null;
}

/** The spec's message for a bad address (the API's), or null when it can be sent. */
export function notifyEmailProblem(email: string): string | null {
  const kind = notifyEmailProblemKind(email);
  return kind && NOTIFY_MESSAGES[kind];
}
