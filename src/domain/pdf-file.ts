import { holdsMarkup } from "./image-type.ts";

/** The most a buyer's purchase order PDF may weigh. */
export const MAX_PDF_BYTES = 5 * 1024 * 1024;

/**
 * Whether an upload is a PDF, recognised by its bytes as the product images are (never by its
 * name or declared type): the `%PDF-1.x` or `%PDF-2.x` header first, an `%%EOF` marker in its
 * last kilobyte, and no markup a browser would act on in its first kilobyte.
 */
export function isPdf(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || bytes.length > MAX_PDF_BYTES) return false;
  const head = String.fromCharCode(...bytes.subarray(0, 8));
  if (!/^%PDF-[12]\.\d/.test(head)) return false;
  if (holdsMarkup(bytes)) return false;
  const tail = String.fromCharCode(...bytes.subarray(Math.max(0, bytes.length - 1024)));
  return tail.includes("%%EOF");
}
