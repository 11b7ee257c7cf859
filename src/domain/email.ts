import { z } from "zod";
import { SIMPLE_EMAIL } from "./email-pattern.ts";

export { SIMPLE_EMAIL };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailSchema = z.string().trim().max(254).regex(SIMPLE_EMAIL, "Email is invalid");
