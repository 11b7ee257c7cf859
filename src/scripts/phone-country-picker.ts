import type { Country } from "../domain/countries.ts";
import type { ClientMessages } from "../i18n/catalog.ts";

/** How long the country search waits after the last keystroke (spec: 250 ms). */
const SEARCH_DEBOUNCE_MS = 250;

/** A country's flag image (our own files, flag-icons built into /flags). */
export const flagUrl = (code: string) => `/flags/${code.toLowerCase()}.svg`;

interface Options {
  /** The whole widget: the list opens in it, and a press outside it closes the list. */
  widget: HTMLElement;
  /** The button that opens and closes the list; focus returns to it. */
  toggle: HTMLButtonElement;
  /** The phone input's id: the search field is `${id}-search`. */
  id: string;
  countries: readonly Country[];
  /** The picker's words, in the page's language. */
  words: ClientMessages["demoForm"];
  /** The code of the country shown (marked in the list). */
  current: () => string;
  onChoose: (country: Country) => void;
}

/**
 * The phone widget's country list (DemoPhoneInput.astro), searchable by name, code or dial code:
 * a dialog under the widget, made on first open and kept. Keyboard: the search field takes the
 * focus, Tab reaches the countries, Enter picks one, Escape closes; focus then returns to the
 * toggle.
 */
export function countryPicker(
  { widget, toggle, id, countries, words, current, onChoose }: Options,
) {
  let dialog: HTMLElement | undefined;
  let search: HTMLInputElement;
  let empty: HTMLElement;
  const items = new Map<HTMLLIElement, Country>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outside = (e: MouseEvent) => {
    if (!widget.contains(e.target as Node)) close(false);
  };

  function build() {
    const root = document.createElement("div");
    root.setAttribute("role", "dialog");
    root.setAttribute("aria-label", words.pickerDialog);
    root.className =
      "absolute left-0 top-full z-30 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-xl";
    const label = document.createElement("label");
    label.htmlFor = `${id}-search`;
    label.className = "sr-only";
    label.textContent = words.pickerSearch;
    search = document.createElement("input");
    search.id = `${id}-search`;
    search.type = "search";
    search.placeholder = words.pickerPlaceholder;
    search.className = "w-full rounded-md border border-slate-300 px-3 py-2 text-sm";
    search.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(filter, SEARCH_DEBOUNCE_MS);
    });
    const list = document.createElement("ul");
    list.className = "mt-2 max-h-64 overflow-y-auto";
    list.setAttribute("aria-label", words.pickerList);
    for (const country of countries) {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className =
        "flex w-full items-center gap-3 rounded px-2 py-1.5 text-left text-sm hover:bg-brand-50";
      const flag = document.createElement("img");
      Object.assign(flag, { src: flagUrl(country.code), alt: "", width: 20, height: 15 });
      flag.loading = "lazy";
      const name = document.createElement("span");
      name.className = "flex-1";
      name.textContent = country.name;
      const dial = document.createElement("span");
      dial.className = "text-slate-600";
      dial.textContent = country.dialCode;
      button.append(flag, name, dial);
      button.addEventListener("click", () => {
        onChoose(country);
        close(true);
      });
      li.append(button);
      items.set(li, country);
      list.append(li);
    }
    empty = document.createElement("li");
    empty.className = "px-2 py-1.5 text-sm text-slate-600";
    empty.textContent = words.pickerEmpty;
    list.append(empty);
    root.append(label, search, list);
    return root;
  }

  function filter() {
    const q = search.value.trim().toLowerCase();
    const digits = q.replace(/\D/g, "");
    let shown = 0;
    for (const [li, c] of items) {
      const match = !q || c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q ||
        (!!digits && c.dialCode.slice(1).startsWith(digits));
      li.hidden = !match;
      if (match) shown++;
    }
    empty.hidden = shown > 0;
  }

  function open() {
    dialog ??= build();
    search.value = "";
    filter();
    for (const [li, c] of items) {
      const button = li.firstElementChild!;
      const isCurrent = c.code === current();
      button.classList.toggle("font-semibold", isCurrent);
      if (isCurrent) button.setAttribute("aria-current", "true");
      else button.removeAttribute("aria-current");
    }
    widget.append(dialog);
    toggle.setAttribute("aria-expanded", "true");
    search.focus();
    document.addEventListener("mousedown", outside);
  }

  function close(focusToggle: boolean) {
    clearTimeout(timer);
    dialog?.remove();
    toggle.setAttribute("aria-expanded", "false");
    document.removeEventListener("mousedown", outside);
    if (focusToggle) toggle.focus();
  }

  const isOpen = () => !!dialog?.isConnected;
  toggle.addEventListener("click", () => (isOpen() ? close(true) : open()));
  widget.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && isOpen()) {
      e.preventDefault();
      close(true);
    }
  });
}
