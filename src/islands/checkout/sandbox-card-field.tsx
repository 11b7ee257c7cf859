import type { RefObject } from "preact";
import { useState } from "preact/hooks";
import { type CardInputKind, formatCardInput } from "../../domain/card-format.ts";
import { digitsOnly, luhnValid, sandboxToken } from "../../domain/sandbox-cards.ts";
import type { CardField } from "./card-field.ts";
import { pageMessages } from "../../i18n/client.ts";
import type { ClientMessages } from "../../i18n/catalog.ts";
import type { Lang } from "../../i18n/locales.ts";

/** The card's inputs, typed as digits: label (the catalogue's), name, autofill, placeholder. */
const PARTS = [
  ["number", "cardNumber", "cardnumber", "cc-number", "4242 4242 4242 4242"],
  ["expiry", "expiry", "exp-date", "cc-exp", "12 / 34"],
  ["cvc", "cvc", "cvc", "cc-csc", "123"],
] as const;
type Part = typeof PARTS[number][0];

function expiryProblem(value: string, t: ClientMessages["checkout"]): string | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return t.expiryIncomplete;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return t.expiryInvalid;
  const now = new Date();
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return t.expiryPast;
  }
  return null;
}

/**
 * An input handler formatting the field as typed (Stripe Elements' way), writing the text and
 * the caret to the element at once so the caret does not jump to the end on re-render.
 */
function formatOnInput(kind: CardInputKind, previous: string, set: (value: string) => void) {
  return (e: Event & { currentTarget: HTMLInputElement }) => {
    const el = e.currentTarget;
    const next = formatCardInput(kind, previous, el.value, el.selectionStart ?? el.value.length);
    el.value = next.value;
    if (document.activeElement === el) el.setSelectionRange(next.caret, next.caret);
    set(next.value);
  };
}

/**
 * The offline sandbox's card field. The typed number never leaves the browser: it is turned
 * into the matching Stripe test token (4242... -> pm_card_visa, 4000 0000 0000 0002 ->
 * pm_card_chargeDeclined, ...) and only that token is sent. Sandbox only.
 */
export function SandboxCardField(
  { fieldRef, lang }: { fieldRef: RefObject<CardField | null>; lang: Lang },
) {
  const t = pageMessages("checkout", lang);
  const [card, setCard] = useState<Record<Part, string>>({ number: "", expiry: "", cvc: "" });
  const { number, expiry, cvc } = card;
  const set = (part: Part) => (value: string) => setCard((c) => ({ ...c, [part]: value }));

  fieldRef.current = {
    problem() {
      if (!luhnValid(number)) return t.cardNumberInvalid;
      const exp = expiryProblem(expiry, t);
      if (exp) return exp;
      if (!/^\d{3,4}$/.test(cvc.trim())) return t.cvcIncomplete;
      return null;
    },
    async confirm(clientSecret) {
      const res = await fetch("/api/sandbox/confirm-card", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ clientSecret, paymentMethod: sandboxToken(number) }),
      });
      const data = await res.json().catch(() => ({}));
      if (res.status === 402) {
        return {
          error: { code: data.code, decline_code: data.decline_code, message: data.message },
        };
      }
      if (!res.ok) return { error: { message: data.message ?? t.confirmFailed } };
      return { status: data.paymentIntent?.status };
    },
  };

  return (
    <div class="grid grid-cols-2 gap-3" data-testid="sandbox-card">
      {PARTS.map(([part, label, name, autocomplete, placeholder]) => (
        <label
          key={part}
          class={`${
            part === "number" ? "col-span-2 " : ""
          }flex flex-col gap-1 text-sm font-medium text-gray-700`}
        >
          {t[label]}
          <input
            name={name}
            inputMode="numeric"
            autocomplete={autocomplete}
            placeholder={placeholder}
            value={card[part]}
            maxLength={part === "cvc" ? 4 : undefined}
            onInput={part === "cvc"
              ? (e) => set(part)(digitsOnly(e.currentTarget.value))
              : formatOnInput(part, card[part], set(part))}
            class="rounded-md border border-gray-300 px-3 py-2 text-base text-gray-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
        </label>
      ))}
      <p class="col-span-2 text-xs text-gray-500">
        {t.testMode}
      </p>
    </div>
  );
}
