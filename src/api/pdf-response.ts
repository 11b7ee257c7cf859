/**
 * A PDF made for one buyer or staff member: shown in the browser under its own name, never
 * cached nor indexed (it sits behind a signed link or a session).
 */
export const pdfResponse = (bytes: Uint8Array, name: string) =>
  new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
