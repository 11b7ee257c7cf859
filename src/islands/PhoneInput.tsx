import { useRef, useState } from "preact/hooks";
import { PHONE_MAX_DIGITS } from "../domain/demo-form.ts";
import type { Country } from "../domain/countries.ts";

interface Props {
  id: string;
  countries: Country[];
  country: string;
  /** The country a pasted number takes when its calling code is shared (GB for +44). */
  mainCountries: readonly string[];
  digits: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (country: string, digits: string) => void;
}

const flag = (code: string) => `/flags/${code.toLowerCase()}.svg`;

type Picker = typeof import("./PhoneCountryPicker.tsx");
let picker: Promise<Picker> | undefined;
/**
 * The open country list is fetched when the visitor reaches for the widget (focus, pointer),
 * not with the page.
 */
const loadPicker = () => picker ??= import("./PhoneCountryPicker.tsx");

/**
 * The international phone widget: a country picker (flag and dial code, searchable) and the
 * number, digits only, at most 15. Flags are our own files (flag-icons, built into /flags).
 */
export default function PhoneInput(
  { id, countries, country, mainCountries, digits, invalid, describedBy, onChange }: Props,
) {
  const [open, setOpen] = useState(false);
  const [List, setList] = useState<Picker["default"]>();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const current = countries.find((c) => c.code === country) ?? countries[0];

  function show() {
    setOpen(true);
    loadPicker().then((m) => setList(() => m.default), () => setOpen(false));
  }

  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  function choose(code: string) {
    onChange(code, digits);
    close();
  }

  function typed(value: string) {
    let next = value.replace(/\D/g, "");
    let picked = current;
    // A pasted international number: its calling code picks the country (the one shown if it
    // has that code), and the digits keep the national number. Calling codes are prefix-free,
    // so the countries matched share one.
    if (value.trim().startsWith("+")) {
      const matched = countries.filter((c) => next.startsWith(c.dialCode.slice(1)));
      picked = matched.find((c) => c.code === current.code) ??
        matched.find((c) => mainCountries.includes(c.code)) ?? matched[0] ?? current;
      if (matched.length) next = next.slice(picked.dialCode.length - 1);
    }
    onChange(picked.code, next.slice(0, PHONE_MAX_DIGITS));
  }

  return (
    <div
      ref={root}
      class="relative mt-2 flex"
      onFocusIn={loadPicker}
      onPointerEnter={loadPicker}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.preventDefault();
          close();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        class="flex flex-none items-center gap-2 rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 hover:bg-slate-100"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`Country calling code: ${current.name} ${current.dialCode}. Change`}
        onClick={() => (open ? close() : show())}
        data-testid="phone-country"
      >
        <img src={flag(current.code)} alt="" width="20" height="15" class="rounded-sm" />
        <span class="text-sm">{current.dialCode}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14">
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" stroke-width="2" />
        </svg>
      </button>
      <input
        id={id}
        // "tel-national" (the number without the calling code picked beside it) is a text
        // autofill field: HTML allows it on type=text, not on type=tel.
        type="text"
        inputMode="numeric"
        autoComplete="tel-national"
        required
        aria-invalid={invalid}
        aria-describedby={describedBy}
        value={digits}
        onInput={(e) => typed(e.currentTarget.value)}
        class={`min-w-0 flex-1 rounded-r-lg border px-3 py-2 ${
          invalid ? "border-red-600" : "border-slate-300"
        }`}
      />
      {open && List && (
        <List
          id={id}
          countries={countries}
          current={current.code}
          flag={flag}
          widget={root}
          onChoose={choose}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
