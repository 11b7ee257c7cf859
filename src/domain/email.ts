import { z } from "zod";

/** The spec's "simple pattern {email}": something@something.something, no spaces. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailSchema = z.string().trim().max(254).regex(SIMPLE_EMAIL, "Email is invalid");
