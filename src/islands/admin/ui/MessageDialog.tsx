import ModalFrame from "../../ModalFrame.tsx";

export type MessageKind = "info" | "success" | "error" | "warning";

const KIND: Record<MessageKind, { icon: string; tone: string }> = {
  info: { icon: "i", tone: "bg-brand-100 text-brand-700" },
  success: { icon: "✓", tone: "bg-green-100 text-green-700" },
  error: { icon: "!", tone: "bg-red-100 text-red-700" },
  warning: { icon: "!", tone: "bg-amber-100 text-amber-700" },
};

interface Props {
  open: boolean;
  kind: MessageKind;
  title: string;
  message: string;
  onClose: () => void;
}

/** The info / success / error / warning dialog with a Close button (spec: shared pieces). */
export default function MessageDialog({ open, kind, title, message, onClose }: Props) {
  if (!open) return null;
  const { icon, tone } = KIND[kind];
  return (
    <ModalFrame
      labelledBy="message-dialog-title"
      onClose={onClose}
      panelClass="w-full max-w-md rounded-xl bg-white p-6 shadow-xl"
      testId="message-dialog"
    >
      <div class="flex items-start gap-4" data-kind={kind}>
        <span
          aria-hidden="true"
          class={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-lg font-bold ${tone}`}
        >
          {icon}
        </span>
        <div class="min-w-0 flex-1">
          <h2 id="message-dialog-title" class="text-lg font-semibold">{title}</h2>
          <p class="mt-2 whitespace-pre-line break-words text-sm text-slate-700">{message}</p>
        </div>
      </div>
      <div class="mt-6 flex justify-end">
        <button
          type="button"
          data-autofocus
          class="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
          onClick={onClose}
        >
          Close
        </button>
      </div>
    </ModalFrame>
  );
}
