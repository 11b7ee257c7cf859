import { type DemoRequest, demoRequestSchema } from "../domain/demo-request.ts";
import { newId } from "../domain/ids.ts";
import { listValues, nowIso } from "./atomic.ts";

const demoKey = (id: string) => ["demo_request", id] as const;

export type DemoRequestStore = ReturnType<typeof createDemoRequestStore>;

export function createDemoRequestStore(kv: Deno.Kv) {
  const parse = (v: unknown) => demoRequestSchema.parse(v);
  return {
    /** Builds the record and adds its write to `op`, so a mail can share the commit. */
    add(op: Deno.AtomicOperation, data: Omit<DemoRequest, "schemaVersion" | "id" | "createdAt">) {
      const request: DemoRequest = demoRequestSchema.parse({
        ...data,
        schemaVersion: 1,
        id: newId(),
        createdAt: nowIso(),
      });
      op.set(demoKey(request.id), request);
      return request;
    },
    async get(id: string): Promise<DemoRequest | null> {
      const entry = await kv.get(demoKey(id));
      return entry.value ? parse(entry.value) : null;
    },
    list(): Promise<DemoRequest[]> {
      return listValues(kv, ["demo_request"], parse);
    },
  };
}
