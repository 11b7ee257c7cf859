import { z } from "zod";

/** KV values are capped at 64 KiB; blobs are stored in chunks of this size. */
export const BLOB_CHUNK_SIZE = 60 * 1024;

export const blobMetaSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
  chunks: z.number().int().min(0),
  etag: z.string(),
  createdAt: z.string(),
});
export type BlobMeta = z.infer<typeof blobMetaSchema>;
