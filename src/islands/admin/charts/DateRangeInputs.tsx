import { useId } from "preact/hooks";
import type { DayRange } from "../../../domain/date-ranges.ts";
import FormField from "../../../ui/FormField.tsx";

/** Two date inputs of a range, each bounded by the other; `onChange` gets the new range. */
export default function DateRangeInputs(
  { range, labels, onChange }: {
    range: DayRange;
    labels: [string, string];
    onChange: (next: DayRange) => void;
  },
) {
  const id = useId();
  const set = (bound: keyof DayRange) => (e: { currentTarget: { value: string } }) =>
    onChange({ ...range, [bound]: e.currentTarget.value });
  return (
    <>
      <FormField
        id={`${id}-from`}
        label={labels[0]}
        type="date"
        value={range.from}
        max={range.to}
        onChange={set("from")}
      />
      <FormField
        id={`${id}-to`}
        label={labels[1]}
        type="date"
        value={range.to}
        min={range.from}
        onChange={set("to")}
      />
    </>
  );
}
