import { type RefObject } from "preact";
import { useEffect, useLayoutEffect, useMemo, useState } from "preact/hooks";
import type { Country } from "../domain/countries.ts";

/** How long the country search waits after the last keystroke (spec: 250 ms). */
const SEARCH_DEBOUNCE_MS = 250;

interface Props {
  /** The phone input's id: the search field is `${id}-search`. */
  id: string;
  countries: Country[];
  current: string;
  /** A country's flag image (PhoneInput's, so both show the same files). */
  flag: (code: string) => string;
  /** The whole widget: a press outside it closes the picker. */
  widget: RefObject<HTMLElement>;
  onChoose: (code: string) => void;
  onClose: () => void;
}

/**
 * The phone widget's open country list, searchable by name, code or dial code. PhoneInput
 * loads it when the visitor reaches for the widget, so the page does not ship it up front.
 */
export default function PhoneCountryPicker(
  { id, countries, current, flag, widget, onChoose, onClose }: Props,
) {
  const [query, setQuery] = useState("");
  const [debounced, setDebounced] = useState("");

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  // A layout effect: focus and outside clicks work from the moment the list is on screen.
  useLayoutEffect(() => {
    document.getElementById(`${id}-search`)?.focus();
    const outside = (e: MouseEvent) => {
      if (!widget.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener("mousedown", outside);
    return () => document.removeEventListener("mousedown", outside);
  }, []);

  const matches = useMemo(() => {
    const q = debounced.trim().toLowerCase();
    if (!q) return countries;
    const digitsOnly = q.replace(/\D/g, "");
    return countries.filter((c) =>
      c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q ||
      (digitsOnly && c.dialCode.slice(1).startsWith(digitsOnly))
    );
  }, [debounced, countries]);

  return (
    <div
      role="dialog"
      aria-label="Choose a country calling code"
      class="absolute left-0 top-full z-30 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-xl"
    >
      <label for={`${id}-search`} class="sr-only">Search countries</label>
      <input
        id={`${id}-search`}
        type="search"
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
                c.code === current ? "font-semibold" : ""
              }`}
              aria-current={c.code === current ? "true" : undefined}
              onClick={() => onChoose(c.code)}
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
  );
}
