import type { AuditActor } from "../domain/audit.ts";
import { restoreBackup } from "../store/backup.ts";
import { createTwoFactorStore } from "../store/two-factor.ts";

const RESTORE_ACTOR: AuditActor = { id: "restore", email: "", role: "system" };

/**
 * `deno task restore`: loads a backup into `kv` (store/backup.ts), then marks the accounts
 * whose two-factor secret the backup left out (made without --include-secrets): their
 * two-factor turns off at their next sign-in (the password alone then signs in) and must be
 * set up again. Each is audited now, and Admin Management shows them until they do. Answers
 * the entry count and those accounts' emails, which the command prints.
 */
export async function restoreShop(
  kv: Deno.Kv,
  open: () => Promise<ReadableStream<Uint8Array>>,
  options: { force?: boolean; source: string },
): Promise<{ entries: number; twoFactorLost: string[] }> {
  const entries = await restoreBackup(kv, open, options);
  const lost = await createTwoFactorStore(kv).markLost((admin) => ({
    actor: RESTORE_ACTOR,
    action: "admin.2fa.restore_lost",
    entity: "admin",
    entityId: admin.id,
    summary: `Restored from ${options.source} without its two-factor secret: two-factor turns ` +
      "off at the next sign-in and must be set up again",
  }));
  return { entries, twoFactorLost: lost.map((a) => a.email) };
}

/** What the command prints when accounts lost their two-factor: loud, and what to do. */
export function twoFactorLostWarning(emails: string[]): string {
  const n = emails.length;
  return [
    `WARNING: this backup holds no two-factor secrets (made without --include-secrets).`,
    `${n} account${n === 1 ? "" : "s"} had two-factor authentication on; it turns OFF at ` +
    `${n === 1 ? "its" : "their"} next sign-in (the password alone signs in), and must be ` +
    "set up again (Profile Settings). Admin Management shows them; the audit log has an entry " +
    "for each:",
    ...emails.map((e) => `  - ${e}`),
  ].join("\n");
}
