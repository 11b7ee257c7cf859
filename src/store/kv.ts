/** Opens the one KV of this process: a file path, ":memory:" or a KV Connect URL. */
export async function openKv(path = Deno.env.get("KV_PATH") ?? "./data/shop.kv"): Promise<Deno.Kv> {
  if (path !== ":memory:" && !/^https?:\/\//.test(path)) {
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".";
    await Deno.mkdir(dir || "/", { recursive: true });
  }
  return await Deno.openKv(path);
}
