import { z } from "zod";

export const ADMIN_ROLES = ["superadmin", "admin"] as const;
export type AdminRole = typeof ADMIN_ROLES[number];

/** A staff account as stored (the password only as a hash). */
export const adminSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  username: z.string().min(1).max(100),
  email: z.string().max(254),
  passwordHash: z.string(),
  role: z.enum(ADMIN_ROLES),
  status: z.enum(["active", "inactive"]),
  image: z.string().max(500),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Admin = z.infer<typeof adminSchema>;

/** The admin record the API shows: never the hash. */
export function toPublicAdmin(a: Admin) {
  return {
    _id: a.id,
    id: a.id,
    username: a.username,
    email: a.email,
    role: a.role,
    status: a.status,
    image: a.image,
    createdAt: a.createdAt,
  };
}
