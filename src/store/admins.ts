import { type Admin, type AdminRole, adminSchema } from "../domain/admin.ts";
import { normalizeEmail } from "../domain/email.ts";
import { ConflictError, NotFoundError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { conflict, done, listValues, nowIso, retryOnConflict } from "./atomic.ts";

const adminKey = (id: string) => ["admin", id] as const;
/** One account per email: the unique index. */
const emailKey = (email: string) => ["admin_by_email", normalizeEmail(email)] as const;

const emailTaken = () =>
  new ConflictError("An admin with this email already exists", [
    { field: "email", message: "An admin with this email already exists" },
  ]);

export interface NewAdmin {
  username: string;
  email: string;
  passwordHash: string;
  role: AdminRole;
  image?: string;
}

export type AdminStore = ReturnType<typeof createAdminStore>;

export function createAdminStore(kv: Deno.Kv) {
  const parse = (v: unknown) => adminSchema.parse(v);

  async function get(id: string): Promise<Admin | null> {
    const entry = await kv.get(adminKey(id));
    return entry.value ? parse(entry.value) : null;
  }

  return {
    get,

    async getByEmail(email: string): Promise<Admin | null> {
      const id = await kv.get<string>(emailKey(email));
      return id.value ? await get(id.value) : null;
    },

    list(): Promise<Admin[]> {
      return listValues(kv, ["admin"], parse);
    },

    async count(): Promise<number> {
      let n = 0;
      for await (const _ of kv.list({ prefix: ["admin"] })) n++;
      return n;
    },

    async create(data: NewAdmin): Promise<Admin> {
      const now = nowIso();
      const admin = adminSchema.parse({
        schemaVersion: 1,
        id: newId(),
        username: data.username.trim(),
        email: normalizeEmail(data.email),
        passwordHash: data.passwordHash,
        role: data.role,
        status: "active",
        image: data.image ?? "",
        createdAt: now,
        updatedAt: now,
      });
      const res = await kv.atomic()
        .check({ key: emailKey(admin.email), versionstamp: null })
        .set(adminKey(admin.id), admin)
        .set(emailKey(admin.email), admin.id)
        .commit();
      if (!res.ok) throw emailTaken();
      return admin;
    },

    async update(
      id: string,
      patch: Partial<
        Pick<Admin, "username" | "email" | "image" | "status" | "role" | "passwordHash">
      >,
    ): Promise<Admin> {
      return await retryOnConflict(async () => {
        const entry = await kv.get(adminKey(id));
        if (!entry.value) throw new NotFoundError("Admin not found");
        const current = parse(entry.value);
        const next = adminSchema.parse({
          ...current,
          ...patch,
          ...(patch.email ? { email: normalizeEmail(patch.email) } : {}),
          updatedAt: nowIso(),
        });
        const op = kv.atomic().check(entry).set(adminKey(id), next);
        if (next.email !== current.email) {
          const taken = await kv.get(emailKey(next.email));
          if (taken.value) throw emailTaken();
          op.check(taken).delete(emailKey(current.email)).set(emailKey(next.email), id);
        }
        const res = await op.commit();
        return res.ok ? done(next) : conflict;
      });
    },

    async remove(id: string): Promise<void> {
      const admin = await get(id);
      if (!admin) throw new NotFoundError("Admin not found");
      await kv.atomic().delete(adminKey(id)).delete(emailKey(admin.email)).commit();
    },
  };
}
