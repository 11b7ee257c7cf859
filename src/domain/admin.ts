import { z } from "zod";
import { apiRecord, recordTimes } from "./record.ts";
import { emailField as email } from "./email.ts";

export const ADMIN_ROLES = ["superadmin", "admin"] as const;
export type AdminRole = typeof ADMIN_ROLES[number];
export const ADMIN_STATUSES = ["active", "inactive"] as const;
export type AdminStatus = typeof ADMIN_STATUSES[number];

/** A staff account as stored (the password only as a hash). */
export const adminSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  username: z.string().min(1).max(100),
  email: z.string().max(254),
  passwordHash: z.string(),
  role: z.enum(ADMIN_ROLES),
  status: z.enum(ADMIN_STATUSES),
  image: z.string().max(500),
  /**
   * Sessions carry the epoch they were issued in; a change that must sign the account out
   * everywhere (deactivation, role or password change) moves it in the same write.
   */
  sessionEpoch: z.number().int().min(0).default(0),
  /** Two-factor sign-in is on (its secret lives in its own record, store/two-factor.ts). */
  twoFactor: z.boolean().default(false),
  /**
   * Its two-factor secret was lost (a restore made without secrets): two-factor turns off at
   * its next sign-in, and staff see it must be set up again, until it is.
   */
  twoFactorLost: z.boolean().default(false),
  ...recordTimes,
});
export type Admin = z.infer<typeof adminSchema>;

/** The admin record the API shows: never the hash. */
export const toPublicAdmin = (a: Admin) => ({
  ...apiRecord(a, ["id", "username", "email", "role", "status", "image"]),
  twoFactorEnabled: a.twoFactor,
  twoFactorLost: a.twoFactorLost,
  createdAt: a.createdAt,
});
export type PublicAdmin = ReturnType<typeof toPublicAdmin>;

export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";
const emailText = z.string().trim().min(1, "Email is required").max(254);
const emailField = email({ required: "Email is required", invalid: INVALID_EMAIL_MESSAGE });
const imageField = z.string().trim().max(500).default("");

export const loginBodySchema = z.object({
  email: z.string().trim().min(1, "Email is required").max(254),
  password: z.string().min(1, "Password is required").max(200),
});

export const createAdminBodySchema = z.object({
  username: z.string().trim().min(1, "Username is required").max(100),
  email: emailField,
  password: z.string().min(1, "Password is required").max(200),
  image: imageField,
});

export const updateAdminBodySchema = z.object({
  username: z.string().trim().min(1, "Username is required").max(100).optional(),
  /**
   * Checked against the email rule only when it changes (services/admin-accounts.ts): an
   * address the account already has never blocks a save of its other fields.
   */
  email: emailText.optional(),
  image: z.string().trim().max(500).optional(),
  role: z.enum(ADMIN_ROLES).optional(),
  password: z.string().min(1).max(200).optional(),
  /** Required with `password` or a new `email` on one's own account. */
  currentPassword: z.string().max(200).optional(),
});
export type UpdateAdminBody = z.infer<typeof updateAdminBodySchema>;

/** An account that counts as a working superadmin. */
export const isActiveSuperadmin = (a: Pick<Admin, "role" | "status">) =>
  a.role === "superadmin" && a.status === "active";

export const LAST_SUPERADMIN_MESSAGE =
  "The shop needs at least one active superadmin: this change would leave none";

/** What no account may do to itself: it would lock itself out of the back office. */
export const OWN_ACCOUNT_MESSAGES = {
  deactivate: "You cannot deactivate your own account",
  delete: "You cannot delete your own account",
  role: "You cannot change your own role",
} as const;
