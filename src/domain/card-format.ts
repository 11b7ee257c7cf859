import { digitsOnly } from "./sandbox-cards.ts";

/** A field's text and where its caret goes after formatting. */
export interface Formatted {
  value: string;
  caret: number;
}

export type CardInputKind = "number" | "expiry";

const MAX_CARD_DIGITS = 19;

function groupCardNumber(digits: string): string {
  return digits.slice(0, MAX_CARD_DIGITS).replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1234" -> "12 / 34"; the separator appears once the year starts, so Backspace never sticks. */
function expiryText(digits: string): string {
  const d = digits.slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

/** The expiry's digits: a 4-digit year keeps its last two, a lone 2-9 month gets its 0. */
function expiryDigits(raw: string, typing: boolean): string {
  const long = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(raw);
  if (long) return long[1].padStart(2, "0") + long[2];
  const digits = digitsOnly(raw);
  return typing && /^[2-9]/.test(digits) ? `0${digits}` : digits;
}

/** The index just after the `n`-th digit of `text` (0 -> 0). */
function caretAfterDigits(text: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text[i]) && ++seen === n) return i + 1;
  }
  return text.length;
}

/**
 * Formats a card field as the buyer types, the way Stripe Elements does: the number in groups
 * of four, the expiry as "MM / YY". `raw` and `caret` are the field right after the edit,
 * `previous` its text before. The caret stays after the same digit it followed; deleting a
 * separator deletes the digit before it instead (else Backspace would seem stuck).
 */
export function formatCardInput(
  kind: CardInputKind,
  previous: string,
  raw: string,
  caret: number,
): Formatted {
  let digits = kind === "number"
    ? digitsOnly(raw)
    : expiryDigits(raw, raw.length > previous.length);
  let before = digitsOnly(raw.slice(0, caret)).length + (digits.length - digitsOnly(raw).length);
  const deletedSeparator = raw.length < previous.length &&
    digitsOnly(raw) === digitsOnly(previous);
  if (deletedSeparator && before > 0) {
    digits = digits.slice(0, before - 1) + digits.slice(before);
    before--;
  }
  const value = kind === "number" ? groupCardNumber(digits) : expiryText(digits);
  const caretDigits = Math.min(before, digitsOnly(value).length);
  return { value, caret: caretAfterDigits(value, caretDigits) };
}
