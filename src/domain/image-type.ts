/** The image types staff may upload, recognised by their first bytes (never by name or header). */
export const IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/** Largest accepted image. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The extension of the image these bytes are, or null (SVG and everything else). */
export function sniffImage(bytes: Uint8Array): ImageExtension | null {
  if (bytes.length < 12) return null;
  if (
    bytes[0] === 0x89 && ascii(bytes, 1, 4) === "PNG" && bytes[4] === 0x0d && bytes[5] === 0x0a &&
    bytes[6] === 0x1a && bytes[7] === 0x0a
  ) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp") {
    // The major brand, then the compatible brands up to the box's end.
    const boxSize = Math.min(
      bytes.length,
      ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0,
    );
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      if (at === 12) continue; // minor version
      const brand = ascii(bytes, at, at + 4);
      if (brand === "avif" || brand === "avis") return "avif";
    }
  }
  return null;
}

/** `/uploads/<id>.<ext>` -> `<id>`, or null when it is not such a name. */
export function uploadIdOf(filename: string): string | null {
  const m = /^([0-9A-HJKMNP-TV-Z]{26})\.(png|jpg|webp|gif|avif)$/.exec(filename);
  return m ? m[1] : null;
}
