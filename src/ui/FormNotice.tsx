import type { ComponentChildren } from "preact";

const NOTICE = {
  error: "rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800",
  success: "rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-800",
};

/** A form's answer: an error, announced at once, or a success, announced politely. */
export default function FormNotice(
  { kind = "error", children }: { kind?: keyof typeof NOTICE; children: ComponentChildren },
) {
  return <p role={kind === "error" ? "alert" : "status"} class={NOTICE[kind]}>{children}</p>;
}
