import {
  type Admin,
  type AdminRole,
  INVALID_EMAIL_MESSAGE,
  OWN_ACCOUNT_MESSAGES,
  toPublicAdmin,
  type UpdateAdminBody,
} from "../domain/admin.ts";
import { type AuditActor, type AuditDraft, auditFields } from "../domain/audit.ts";
import { normalizeEmail } from "../domain/email.ts";
import { isEmailAddress } from "../domain/email-pattern.ts";
import { DomainError, NotFoundError, ValidationError } from "../domain/errors.ts";
import { passwordProblem } from "../domain/password-policy.ts";
import type { AdminPatch, AdminStore } from "../store/admins.ts";
import { hashPassword } from "./passwords.ts";

const SHOWN_FIELDS = ["username", "email", "role", "status", "image"] as const;

export class PasswordPolicyError extends DomainError {
  constructor(message: string) {
    super(422, "weak_password", message, [{ field: "password", message }]);
  }
}

/** A superadmin acting on its own account in a way that would lock it out: refused. */
export class OwnAccountError extends DomainError {
  constructor(what: keyof typeof OWN_ACCOUNT_MESSAGES) {
    super(409, "own_account", OWN_ACCOUNT_MESSAGES[what]);
  }
}

export const CURRENT_PASSWORD_REQUIRED = "Enter your current password to set a new one";
export const CURRENT_PASSWORD_FOR_EMAIL = "Enter your current password to change your email";
export const CURRENT_PASSWORD_WRONG = "Current password is incorrect";

/** 403: the current password given (on a change of one's own account) is not the account's. */
export class CurrentPasswordError extends DomainError {
  constructor(field = "currentPassword") {
    super(403, "wrong_password", CURRENT_PASSWORD_WRONG, [
      { field, message: CURRENT_PASSWORD_WRONG },
    ]);
  }
}

/** Checks a password against an account's own, counted like a login (see AdminAuth). */
export type ConfirmPassword = (admin: Admin, password: string, client: string) => Promise<boolean>;

export const actorOf = (a: Admin): AuditActor => ({ id: a.id, email: a.email, role: a.role });

function draft(actor: AuditActor, action: string, before: Admin | null, after: Admin | null) {
  const subject = after ?? before!;
  return (summary: string): AuditDraft => ({
    actor,
    action,
    entity: "admin",
    entityId: subject.id,
    summary,
    before: auditFields(before, SHOWN_FIELDS),
    after: auditFields(after, SHOWN_FIELDS),
  });
}

export type AdminAccounts = ReturnType<typeof createAdminAccounts>;

/** Staff accounts: creation with a role, profile edits, activation, deletion; all audited. */
export function createAdminAccounts(admins: AdminStore, confirmPassword: ConfirmPassword) {
  async function found(id: string) {
    const admin = await admins.get(id);
    if (!admin) throw new NotFoundError("Admin not found");
    return admin;
  }

  return {
    async list(role: AdminRole) {
      return (await admins.list()).filter((a) => a.role === role).map(toPublicAdmin);
    },

    async create(
      actor: AuditActor,
      body: { username: string; email: string; password: string; image: string },
      role: AdminRole,
    ) {
      const problem = passwordProblem(body.password, body);
      if (problem) throw new PasswordPolicyError(problem);
      const admin = await admins.create(
        {
          username: body.username,
          email: body.email,
          passwordHash: await hashPassword(body.password),
          role,
          image: body.image,
        },
        (_, after) => draft(actor, "admin.create", null, after)(`Created ${role} ${after!.email}`),
      );
      return toPublicAdmin(admin);
    },

    /**
     * A profile or account edit. Only superadmins change a role, and only of another account
     * (the change signs that account out). A field sent unchanged is no change: the address an
     * account has is never refused. A new password or email for one's own account needs the
     * current password (`from.client` counts the attempt, as a login); a new email ends the
     * account's sessions but `from.sessionId`, the one making the change.
     */
    async update(
      actor: AuditActor,
      id: string,
      body: UpdateAdminBody,
      from: { client: string; sessionId?: string } = { client: "unknown" },
    ) {
      const current = await found(id);
      const newEmail = body.email !== undefined && normalizeEmail(body.email) !== current.email;
      if (newEmail && !isEmailAddress(body.email!)) {
        throw new ValidationError(`email: ${INVALID_EMAIL_MESSAGE}`, [
          { field: "email", message: INVALID_EMAIL_MESSAGE },
        ]);
      }
      if (actor.id === id && (body.password !== undefined || newEmail)) {
        if (!body.currentPassword) {
          const message = body.password !== undefined
            ? CURRENT_PASSWORD_REQUIRED
            : CURRENT_PASSWORD_FOR_EMAIL;
          throw new ValidationError(message, [{ field: "currentPassword", message }]);
        }
        if (!await confirmPassword(current, body.currentPassword, from.client)) {
          throw new CurrentPasswordError();
        }
      }
      const patch: AdminPatch = {};
      if (body.username !== undefined) patch.username = body.username;
      if (newEmail) patch.email = body.email;
      if (body.image !== undefined) patch.image = body.image;
      if (body.role !== undefined && body.role !== current.role) {
        if (actor.role !== "superadmin") {
          throw new DomainError(403, "forbidden", "Only a superadmin can change a role");
        }
        if (id === actor.id) throw new OwnAccountError("role");
        patch.role = body.role;
      }
      if (body.password !== undefined) {
        const problem = passwordProblem(body.password, {
          email: body.email ?? current.email,
          username: body.username ?? current.username,
        });
        if (problem) throw new PasswordPolicyError(problem);
        patch.passwordHash = await hashPassword(body.password);
      }
      const admin = await admins.update(id, patch, (before, after) => {
        const changed = SHOWN_FIELDS.filter((f) => before![f] !== after![f]);
        if (patch.passwordHash) changed.push("password" as never);
        return draft(actor, "admin.update", before, after)(
          `Updated ${after!.email}: ${changed.join(", ") || "no change"}`,
        );
      }, from.sessionId);
      return toPublicAdmin(admin);
    },

    async toggleStatus(actor: AuditActor, id: string) {
      if (id === actor.id) throw new OwnAccountError("deactivate");
      const current = await found(id);
      const status = current.status === "active" ? "inactive" : "active";
      const admin = await admins.update(
        id,
        { status },
        (before, after) =>
          draft(actor, "admin.status", before, after)(
            `${status === "active" ? "Activated" : "Deactivated"} ${after!.email}`,
          ),
      );
      return toPublicAdmin(admin);
    },

    async remove(actor: AuditActor, id: string) {
      if (id === actor.id) throw new OwnAccountError("delete");
      const admin = await admins.remove(
        id,
        (before) => draft(actor, "admin.delete", before, null)(`Deleted ${before!.email}`),
      );
      return toPublicAdmin(admin);
    },
  };
}
