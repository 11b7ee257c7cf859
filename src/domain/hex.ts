/** Each byte's two hex digits: one lookup a byte instead of `toString(16)` and `padStart`. */
const BYTE_HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/** Bytes as lowercase hex. */
export function toHex(bytes: Uint8Array | ArrayBuffer): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = "";
  for (let i = 0; i < view.length; i++) out += BYTE_HEX[view[i]];
  return out;
}
