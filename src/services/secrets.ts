import { toHex } from "../domain/hex.ts";
/**
 * A server secret: the configured value, else one generated on first start and kept in KV,
 * so every instance on the same KV signs with the same key.
 */
export async function getOrCreateSecret(
  kv: Deno.Kv,
  name: string,
  configured?: string,
): Promise<string> {
  if (configured) return configured;
  const key = ["secret", name];
  const existing = await kv.get<string>(key);
  if (existing.value) return existing.value;
  const fresh = toHex(crypto.getRandomValues(new Uint8Array(32)));
  const res = await kv.atomic().check(existing).set(key, fresh).commit();
  if (res.ok) return fresh;
  return (await kv.get<string>(key)).value!;
}
