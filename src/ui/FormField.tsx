import type { ComponentChildren, JSX, Ref } from "preact";

/**
 * The site's text field: one look, one focus ring, in the shop and the back office. 16 px text on
 * phones, where a smaller one makes Safari zoom the page on focus.
 */
export const FIELD =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/** How a control is tied to its field: its id, the hint and error describing it, its validity. */
export interface FieldWiring {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: "true";
}

type InputProps = Omit<
  JSX.InputHTMLAttributes<HTMLInputElement>,
  "id" | "label" | "class" | "className" | "ref" | "children"
>;

interface Props extends InputProps {
  id: string;
  label: ComponentChildren;
  /** A line under the control (a rule, what a blank means) that describes it. */
  hint?: ComponentChildren;
  /** The field's own error, under the control: announced, and the control marked invalid. */
  error?: string;
  /** Marks the label as required (the control's `required` is what assistive technology reads). */
  marked?: boolean;
  /** Keeps the label for screen readers only (a table's compact control). */
  hideLabel?: boolean;
  /** Ids of notes outside the field (a fieldset's) that describe the control too. */
  describedBy?: string;
  class?: string;
  /** Classes added to the input's look (a code's monospace). */
  inputClass?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Another control in the input's place (a password with its Show button), given its wiring. */
  children?: (wiring: FieldWiring) => ComponentChildren;
}

/** The red asterisk of a required field's label; hidden from screen readers, which read `required`. */
export function Required() {
  return <span aria-hidden="true" class="ml-0.5 text-red-700">*</span>;
}

/**
 * A form field: its label, the input (or the control given as `children`), a hint and an error,
 * the hint and the error tied to the control by `aria-describedby`. Every form of the site uses
 * it, so a field reads, looks and is announced the same everywhere.
 */
export default function FormField(
  {
    id,
    label,
    hint,
    error,
    marked,
    hideLabel,
    describedBy,
    class: className,
    inputClass,
    inputRef,
    children,
    ...input
  }: Props,
) {
  const wiring: FieldWiring = {
    id,
    "aria-describedby": [describedBy, hint && `${id}-hint`, error && `${id}-error`]
      .filter(Boolean).join(" ") || undefined,
    "aria-invalid": error ? "true" : undefined,
  };
  return (
    <div class={className}>
      <label for={id} class={hideLabel ? "sr-only" : "block text-sm font-medium"}>
        {label}
        {marked && <Required />}
      </label>
      {children
        ? children(wiring)
        : <input ref={inputRef} {...input} {...wiring} class={`${FIELD} ${inputClass ?? ""}`} />}
      {hint && <p id={`${id}-hint`} class="mt-1 text-xs text-slate-600">{hint}</p>}
      {error && <p id={`${id}-error`} role="alert" class="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}

/** The site's primary button. */
export const PRIMARY_BUTTON =
  "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";

/** A form's submit button: disabled and saying `busyLabel` while the form is sent. */
export function SubmitButton(
  { busy, busyLabel, class: extra = "", children }: {
    busy: boolean;
    busyLabel: string;
    /** Classes added to the primary look (a full width). */
    class?: string;
    children: ComponentChildren;
  },
) {
  return (
    <button type="submit" disabled={busy} class={`${PRIMARY_BUTTON} ${extra}`}>
      {busy ? busyLabel : children}
    </button>
  );
}
