/**
 * An admin account's key, below admins.ts and two-factor.ts: both write the account (two-factor
 * under its versionstamp) and admins.ts deletes its two-factor keys with it.
 */
export const adminKey = (id: string) => ["admin", id] as const;
