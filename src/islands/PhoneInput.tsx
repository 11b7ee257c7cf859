import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { PHONE_MAX_DIGITS } from "../domain/demo-form.ts";
import type { Country } from "../domain/countries.ts";

/** How long the country search waits after the last keystroke (spec: 250 ms). */
const SEARCH_DEBOUNCE_MS = 250;

interface Props {
  id: string;
  countries: Country[];
  country: string;
  digits: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (country: string, digits: string) => void;
}

const flag = (code: string) => `/flags/${code.toLowerCase()}.svg`;

/**
 * The international phone widget: a country picker (flag and dial code, searchable) and the
 * number, digits only, at most 15. Flags are our own files (flag-icons, built into /flags).
 */
export default function PhoneInput(
  { id, countries, country, digits, invalid, describedBy, onChange }: Props,
) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [debounced, setDebounced] = useState("");
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const current = countries.find((c) => c.code === country) ?? countries[0];

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    if (!open) return;
    search.current?.focus();
    const outside = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", outside);
    return () => document.removeEventListener("mousedown", outside);
  }, [open]);

  const matches = useMemo(() => {
    const q = debounced.trim().toLowerCase();
    if (!q) return countries;
    const digitsOnly = q.replace(/\D/g, "");
    return countries.filter((c) =>
      c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q ||
      (digitsOnly && c.dialCode.slice(1).startsWith(digitsOnly))
    );
  }, [debounced, countries]);

  function close() {
    setOpen(false);
    setQuery("");
    toggle.current?.focus();
  }

  function choose(code: string) {
    onChange(code, digits);
    close();
  }

  function typed(value: string) {
    let next = value.replace(/\D/g, "");
    // A pasted international number: drop the dial code we already show.
    const dial = current.dialCode.slice(1);
    if (value.trim().startsWith("+") && next.startsWith(dial)) next = next.slice(dial.length);
    onChange(current.code, next.slice(0, PHONE_MAX_DIGITS));
  }

  return (
    <div
      ref={root}
      class="relative mt-2 flex"
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
        onClick={() => (open ? close() : setOpen(true))}
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
      {open && (
        <div
          role="dialog"
          aria-label="Choose a country calling code"
          class="absolute left-0 top-full z-30 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-xl"
        >
          <label for={`${id}-search`} class="sr-only">Search countries</label>
          <input
            id={`${id}-search`}
            type="search"
            ref={search}
            placeholder="Search country or code"
            value={query}
            onInput={(e) => setQuery(e.currentTarget.value)}
            class="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <ul class="mt-2 max-h-64 overflow-y-auto" aria-label="Countries">
            {matches.map((c) => (
              <li key={c.code}>
                <button
                  type="button"
                  class={`flex w-full items-center gap-3 rounded px-2 py-1.5 text-left text-sm hover:bg-brand-50 ${
                    c.code === current.code ? "font-semibold" : ""
                  }`}
                  aria-current={c.code === current.code ? "true" : undefined}
                  onClick={() => choose(c.code)}
                >
                  <img src={flag(c.code)} alt="" width="20" height="15" loading="lazy" />
                  <span class="flex-1">{c.name}</span>
                  <span class="text-slate-600">{c.dialCode}</span>
                </button>
              </li>
            ))}
            {matches.length === 0 && <li class="px-2 py-1.5 text-sm text-slate-600">No match</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
