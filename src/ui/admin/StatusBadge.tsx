export type BadgeColour = "yellow" | "blue" | "teal" | "cyan" | "red" | "green" | "grey";

const COLOURS: Record<BadgeColour, string> = {
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  blue: "bg-blue-100 text-blue-900 ring-blue-300",
  teal: "bg-teal-100 text-teal-900 ring-teal-300",
  cyan: "bg-cyan-100 text-cyan-900 ring-cyan-300",
  red: "bg-red-100 text-red-900 ring-red-300",
  green: "bg-green-100 text-green-900 ring-green-300",
  grey: "bg-slate-100 text-slate-800 ring-slate-300",
};

/** A coloured pill for a status (text always present: colour is never the only signal). */
export default function StatusBadge({ value, colour }: { value: string; colour: BadgeColour }) {
  return (
    <span
      class={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${
        COLOURS[colour]
      }`}
      data-colour={colour}
    >
      {value}
    </span>
  );
}
