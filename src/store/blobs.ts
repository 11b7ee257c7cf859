import { toHex } from "../domain/hex.ts";
import { BLOB_CHUNK_SIZE, type BlobMeta, blobMetaSchema } from "../domain/blob.ts";
import type { AuditDraft } from "../domain/audit.ts";
import { newId } from "../domain/ids.ts";
import { nowIso } from "./atomic.ts";
import { addAudit } from "./audit.ts";
import { keyedRecords } from "./records.ts";

const metaKey = (id: string) => ["blob_meta", id] as const;
const chunkKey = (id: string, n: number) => ["blob", id, n] as const;

export type BlobStore = ReturnType<typeof createBlobStore>;

/** Uploaded files, stored as 60 KiB chunks (KV values are capped at 64 KiB). */
export function createBlobStore(kv: Deno.Kv) {
  const metas = keyedRecords(kv, metaKey, blobMetaSchema);

  return {
    /** Stores a blob; `audit` describes the write for the audit log (same commit as the meta). */
    async put(
      bytes: Uint8Array,
      contentType: string,
      filename: string,
      audit?: (id: string) => AuditDraft,
    ): Promise<BlobMeta> {
      const id = newId();
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
      const etag = `"${toHex(digest.slice(0, 12))}"`;
      const chunks = Math.ceil(bytes.length / BLOB_CHUNK_SIZE);
      const meta: BlobMeta = {
        schemaVersion: 1,
        id,
        filename,
        contentType,
        size: bytes.length,
        chunks,
        etag,
        createdAt: nowIso(),
      };
      // Chunks first, the metadata last: a blob is visible only once all of it is written.
      for (let n = 0; n < chunks; n += 8) {
        const op = kv.atomic();
        for (let i = n; i < Math.min(n + 8, chunks); i++) {
          op.set(chunkKey(id, i), bytes.subarray(i * BLOB_CHUNK_SIZE, (i + 1) * BLOB_CHUNK_SIZE));
        }
        const res = await op.commit();
        if (!res.ok) throw new Error("Could not store upload");
      }
      const op = kv.atomic().set(metaKey(id), meta);
      if (audit) addAudit(op, audit(id));
      if (!(await op.commit()).ok) throw new Error("Could not store upload");
      return meta;
    },

    meta: metas.get,

    async read(id: string): Promise<Uint8Array | null> {
      const meta = await metas.get(id);
      if (!meta) return null;
      const out = new Uint8Array(meta.size);
      let offset = 0;
      for await (const chunk of kv.list<Uint8Array>({ prefix: ["blob", id] })) {
        out.set(chunk.value, offset);
        offset += chunk.value.length;
      }
      return out;
    },

    /** The blob's first chunk (empty when it has none). */
    async readStart(id: string): Promise<Uint8Array> {
      return (await kv.get<Uint8Array>(chunkKey(id, 0))).value ?? new Uint8Array();
    },

    /** Removes a blob: its meta (with the audit entry) at once, then its chunks. */
    async remove(id: string, audit?: AuditDraft): Promise<boolean> {
      const meta = await kv.get(metaKey(id));
      if (!meta.value) return false;
      const op = kv.atomic().check(meta).delete(metaKey(id));
      if (audit) addAudit(op, audit);
      if (!(await op.commit()).ok) return false;
      for await (const chunk of kv.list({ prefix: ["blob", id] })) await kv.delete(chunk.key);
      return true;
    },
  };
}
