import { useState } from "preact/hooks";

const BUTTON =
  "rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const QUIET =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50";

/** The file a download saves: one code a line, with what they are for. */
function codesFile(codes: string[], site: string) {
  const text = [
    `${site} back office: two-factor recovery codes`,
    "Each code signs you in once, in place of your authenticator app's code.",
    "",
    ...codes,
    "",
  ].join("\n");
  return new Blob([text], { type: "text/plain;charset=utf-8" });
}

/**
 * Recovery codes just made, shown once: copy them, download them as a text file, then say they
 * are saved (`onDone`).
 */
export default function RecoveryCodes(
  { codes, onDone }: { codes: string[]; onDone: () => void },
) {
  const [said, setSaid] = useState("");

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setSaid("Copied");
    } catch {
      setSaid("Copy failed: select the codes and copy them");
    }
  }

  function download() {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(codesFile(codes, location.hostname));
    link.download = "recovery-codes.txt";
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
    setSaid("Downloaded recovery-codes.txt");
  }

  return (
    <div class="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p class="text-sm font-medium">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone.
        They are shown only now.
      </p>
      <ul class="grid gap-1 font-mono text-sm sm:grid-cols-2" data-testid="recovery-codes">
        {codes.map((c) => <li key={c} class="whitespace-nowrap">{c}</li>)}
      </ul>
      <div class="flex flex-wrap gap-2">
        <button type="button" class={QUIET} onClick={copy}>Copy</button>
        <button type="button" class={QUIET} onClick={download}>Download</button>
        <button type="button" class={BUTTON} onClick={onDone}>I have saved these codes</button>
      </div>
      <p role="status" class="text-sm text-slate-700">{said}</p>
    </div>
  );
}
