export interface Option {
  value: string;
  label: string;
}

interface Props {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  /** Hides the label visually (tables), keeping it for screen readers. */
  hideLabel?: boolean;
  id?: string;
  disabled?: boolean;
  class?: string;
}

let lastId = 0;

/** A labelled native select: keyboard, screen reader and phone friendly by construction. */
export default function DropdownSelect(props: Props) {
  const id = props.id ?? `select-${++lastId}`;
  return (
    <div class={props.class}>
      <label for={id} class={props.hideLabel ? "sr-only" : "mb-1 block text-sm font-medium"}>
        {props.label}
      </label>
      <select
        id={id}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        class="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100"
      >
        {props.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </div>
  );
}
