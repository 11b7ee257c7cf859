/** Base64url without padding (RFC 4648 section 5), as signed links carry it. */
export function toBase64Url(bytes: Uint8Array): string {
  return bytes.toBase64({ alphabet: "base64url", omitPadding: true });
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return Uint8Array.fromBase64(text, { alphabet: "base64url" });
  } catch {
    return null;
  }
}
