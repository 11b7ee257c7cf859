import FormField, { FIELD } from "../../../ui/FormField.tsx";

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
  /** The select's look, when not the form field's (a toolbar's compact one). */
  selectClass?: string;
}

let lastId = 0;

/** A labelled native select: keyboard, screen reader and phone friendly by construction. */
export default function DropdownSelect(props: Props) {
  const id = props.id ?? `select-${++lastId}`;
  return (
    <FormField id={id} label={props.label} hideLabel={props.hideLabel} class={props.class}>
      {(wiring) => (
        <select
          {...wiring}
          value={props.value}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          class={props.selectClass ?? `${FIELD} disabled:bg-slate-100`}
        >
          {props.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      )}
    </FormField>
  );
}
