/**
 * What a name, an address, a company or a reference typed by a buyer or staff may not hold:
 * control characters (C0, DEL, C1), which XML cannot carry (a document's XMP would be
 * ill-formed) and which end mail headers and CSV cells; and the invisible marks that reorder
 * how text displays (bidi embeddings, overrides and isolates, LRM, RLM, ALM), with which a
 * name can show staff and documents something other than what it is. Refused at the edge with
 * a field error, never silently changed. Kept apart from zod so the browser's forms
 * (zod/mini) and the API (zod) share it.
 */

/** One line: no control character at all. */
// deno-lint-ignore no-control-regex
const LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** A message of several lines: tab, line feed and carriage return allowed. */
const TEXT =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const HIDDEN_CHARACTERS_MESSAGE =
  "Remove the invisible control or text-direction characters (pasted text can hold them)";

/** Whether a one-line field holds only characters that print as they read. */
export const isPlainLine = (value: string) => !LINE.test(value);

/** Whether a message (lines, tabs allowed) holds only characters that print as they read. */
export const isPlainText = (value: string) => !TEXT.test(value);
