import type { AuditActor } from "../domain/audit.ts";
import { DomainError, NotFoundError } from "../domain/errors.ts";
import {
  IMAGE_TYPES,
  inspectImage,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  uploadIdOf,
} from "../domain/image-type.ts";
import type { BlobStore } from "../store/blobs.ts";

export const UPLOAD_PREFIX = "/uploads/";

export class UnsupportedImageError extends DomainError {
  constructor() {
    super(
      415,
      "unsupported_media_type",
      "Only PNG, JPEG, WebP, GIF or AVIF images can be uploaded",
    );
  }
}

export class ImageDimensionsError extends DomainError {
  constructor() {
    super(
      415,
      "unsupported_media_type",
      `Images may be at most ${MAX_IMAGE_SIDE} px on a side and ${
        MAX_IMAGE_PIXELS / 1_000_000
      } megapixels`,
    );
  }
}

export class ImageTooLargeError extends DomainError {
  constructor() {
    super(413, "payload_too_large", "The image is larger than 5 MB");
  }
}

export type Uploads = ReturnType<typeof createUploads>;

/**
 * Staff image uploads: taken only when the whole file parses as the image it claims to be (see
 * domain/image-type.ts), kept as chunked blobs, served from /uploads/.
 */
export function createUploads(blobs: BlobStore) {
  return {
    /** Stores an image; answers its public path. */
    async saveImage(actor: AuditActor, file: File): Promise<{ path: string; imageUrl: string }> {
      if (file.size > MAX_IMAGE_BYTES) throw new ImageTooLargeError();
      const bytes = new Uint8Array(await file.arrayBuffer());
      const image = inspectImage(bytes);
      if (image === "too_large_dimensions") throw new ImageDimensionsError();
      if (image === "not_an_image") throw new UnsupportedImageError();
      const { ext } = image;
      const meta = await blobs.put(bytes, IMAGE_TYPES[ext], ext, (id) => ({
        actor,
        action: "upload.create",
        entity: "upload",
        entityId: id,
        summary: `Uploaded ${file.name.slice(0, 100) || "an image"} (${bytes.length} bytes)`,
      }));
      const path = `${UPLOAD_PREFIX}${meta.id}.${ext}`;
      return { path, imageUrl: path };
    },

    async deleteImage(actor: AuditActor, filename: string): Promise<void> {
      const id = uploadIdOf(filename);
      const removed = id !== null && await blobs.remove(id, {
        actor,
        action: "upload.delete",
        entity: "upload",
        entityId: id,
        summary: `Deleted ${filename}`,
      });
      if (!removed) throw new NotFoundError("File not found");
    },

    /** The stored image behind `/uploads/<name>`, or null. */
    async find(filename: string) {
      const id = uploadIdOf(filename);
      const meta = id ? await blobs.meta(id) : null;
      if (!meta || `${meta.id}.${meta.filename}` !== filename) return null;
      return {
        meta,
        read: () => blobs.read(meta.id),
        /** The first bytes (up to one chunk), enough to check the type before serving. */
        readStart: () => blobs.readStart(meta.id),
      };
    },
  };
}
