import type { DayRange } from "../../../domain/date-ranges.ts";
import FormField from "../../../ui/FormField.tsx";

/** Two date inputs of a range, each bounded by the other; `onChange` gets the new range. */
export default function DateRangeInputs(
  { id, range, labels, onChange }: {
    /** What the inputs' ids start with (unique on the page). */
    id: string;
    range: DayRange;
    labels: [string, string];
    onChange: (next: DayRange) => void;
  },
) {
  const set = (bound: keyof DayRange) => (e: { currentTarget: { value: string } }) =>
    onChange({ ...range, [bound]: e.currentTarget.value });
  // Each end bounded by the other.
  const ends = [["from", labels[0], { max: range.to }], ["to", labels[1], {
    min: range.from,
  }]] as const;
  return (
    <>
      {ends.map(([end, label, bound]) => (
        <FormField
          key={end}
          id={`${id}-${end}`}
          label={label}
          type="date"
          value={range[end]}
          {...bound}
          onChange={set(end)}
        />
      ))}
    </>
  );
}
