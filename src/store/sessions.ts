import { toHex } from "../domain/hex.ts";
/**
 * Staff sign-in sessions. A session is stored under the SHA-256 of its id (the token's `jti`):
 * a copy of the KV or a backup lists no id a token could name. It carries the account's session
 * epoch of its sign-in; a session whose epoch is not the account's has ended.
 */
export interface SessionRecord {
  adminId: string;
  epoch: number;
  expiresAt: number;
}

export const SESSION_PREFIX = "admin_session";

export async function sessionKey(jti: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(jti));
  return [SESSION_PREFIX, toHex(digest)] as const;
}

/**
 * Adds to `op`, which moves account `adminId` from session epoch `from` to `to`, the move of
 * the one session `jti` along with it: the account's other sessions end, this one stays. A
 * session of another account, or already ended, is left as it is; the session's entry is
 * checked, so a sign-out meanwhile fails the commit (and its retry leaves it ended).
 */
export async function carrySession(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  jti: string,
  adminId: string,
  from: number,
  to: number,
): Promise<void> {
  const key = await sessionKey(jti);
  const entry = await kv.get<SessionRecord>(key);
  const record = entry.value;
  const left = (record?.expiresAt ?? 0) - Date.now();
  if (!record || record.adminId !== adminId || record.epoch !== from || left <= 0) return;
  op.check(entry).set(key, { ...record, epoch: to }, { expireIn: left });
}
