import type { ComponentChildren, JSX } from "preact";

/**
 * A back-office checkbox inside its label ("Buying for a company"): the whole line is the click
 * target, the look of the checkout's boxes. Kept out of ui/FormField.tsx, whose chunk /shop loads
 * (at its script budget). `class` adds layout.
 */
export default function CheckboxField(
  { label, class: extra = "", ...input }:
    & { label: ComponentChildren; class?: string }
    & Omit<JSX.InputHTMLAttributes<HTMLInputElement>, "class" | "label" | "type">,
) {
  return (
    <label class={`flex items-center gap-3 text-sm ${extra}`}>
      <input type="checkbox" {...input} />
      <span class="font-medium text-gray-900">{label}</span>
    </label>
  );
}
