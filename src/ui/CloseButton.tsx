import { CLOSE_ICON_PATH } from "./icons.ts";

/** The × button in a dialog's corner. */
export default function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      class="rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      aria-label={label}
      onClick={onClick}
    >
      <svg
        aria-hidden="true"
        width={20}
        height={20}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        stroke-width={2}
      >
        <path d={CLOSE_ICON_PATH} />
      </svg>
    </button>
  );
}
