import type { DayRange } from "../../../domain/date-ranges.ts";
import { FIELD } from "../ui/styles.ts";

/** Two date inputs of a range, each bounded by the other; `onChange` gets the new range. */
export default function DateRangeInputs(
  { range, labels, onChange }: {
    range: DayRange;
    labels: [string, string];
    onChange: (next: DayRange) => void;
  },
) {
  return (
    <>
      <label class="text-sm font-medium">
        {labels[0]}
        <input
          type="date"
          class={FIELD}
          value={range.from}
          max={range.to}
          onChange={(e) => onChange({ ...range, from: e.currentTarget.value })}
        />
      </label>
      <label class="text-sm font-medium">
        {labels[1]}
        <input
          type="date"
          class={FIELD}
          value={range.to}
          min={range.from}
          onChange={(e) => onChange({ ...range, to: e.currentTarget.value })}
        />
      </label>
    </>
  );
}
