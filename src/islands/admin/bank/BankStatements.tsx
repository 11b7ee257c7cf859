import { useState } from "preact/hooks";
import type { BankEntry, CreditOutcome } from "../../../domain/reconciliation.ts";
import { formatMoney } from "../../../domain/money.ts";
import { adminApi } from "../ui/api.ts";
import { errorSentence } from "../ui/errors.ts";
import { FIELD, ROW_ACTION } from "../ui/styles.ts";

interface CreditResult {
  id: string;
  amountCents: number;
  valueDate: string;
  payer: string;
  outcome: CreditOutcome;
  orderNumber?: string;
  remainingCents?: number;
  overCents?: number;
}

interface ImportReport {
  statementId: string;
  version: string;
  skipped: number;
  counts: Record<CreditOutcome, number>;
  results: CreditResult[];
}

const OUTCOME_LABELS: Record<CreditOutcome, string> = {
  paid: "Paid",
  partial: "Partially paid",
  over: "Overpaid: refund or reassign",
  unmatched: "Unmatched",
  duplicate: "Already recorded",
};

function outcomeText(r: CreditResult): string {
  if (r.outcome === "partial") {
    return `${OUTCOME_LABELS.partial}, ${formatMoney(r.remainingCents ?? 0)} remains`;
  }
  if (r.outcome === "over") return `${OUTCOME_LABELS.over} (${formatMoney(r.overCents ?? 0)} more)`;
  return OUTCOME_LABELS[r.outcome];
}

/** One unmatched credit: assign it to an order by its number, or set it aside. */
function EntryRow({ entry, onDone }: { entry: BankEntry; onDone: (e: BankEntry) => void }) {
  const [orderNumber, setOrderNumber] = useState("");
  const [error, setError] = useState("");
  const inputId = `assign-${entry.id}`;
  async function act(path: string, json: unknown) {
    setError("");
    try {
      const res = await adminApi<{ entry: BankEntry }>(
        `/api/bank-statements/entries/${encodeURIComponent(entry.id)}/${path}`,
        { method: "POST", json },
      );
      onDone(res.entry);
    } catch (err) {
      setError(errorSentence(err, "The entry could not be changed. Try again."));
    }
  }
  return (
    <li class="p-3 text-sm" data-testid="bank-entry">
      <p class="flex flex-wrap justify-between gap-2">
        <span class="font-medium tabular-nums">{formatMoney(entry.amountCents)}</span>
        <span class="text-slate-600">{entry.valueDate} · {entry.payer || "Unknown payer"}</span>
      </p>
      {entry.text && <p class="mt-1 break-words text-slate-700">{entry.text}</p>}
      {entry.status === "open"
        ? (
          <form
            class="mt-2 flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              act("assign", { orderNumber });
            }}
          >
            <label for={inputId} class="text-xs text-slate-700">
              Order number
              <input
                id={inputId}
                class={`${FIELD} mt-1 w-40`}
                value={orderNumber}
                onInput={(e) => setOrderNumber((e.target as HTMLInputElement).value)}
                required
              />
            </label>
            <button type="submit" class={ROW_ACTION}>Assign</button>
            <button type="button" class={ROW_ACTION} onClick={() => act("set-aside", {})}>
              Set aside
            </button>
          </form>
        )
        : (
          <p class="mt-1 text-slate-600">
            {entry.status === "assigned" ? `Assigned to ${entry.orderNumber}` : "Set aside"}
          </p>
        )}
      {error && <p role="alert" class="mt-1 text-red-700">{error}</p>}
    </li>
  );
}

/**
 * The Bank statements screen: upload a camt.053 file, read what each credit did, and deal with
 * the credits no order was found for.
 */
export default function BankStatements({ initial }: { initial: BankEntry[] }) {
  const [entries, setEntries] = useState(initial);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function upload(e: Event) {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    setBusy(true);
    setError("");
    try {
      setReport(await adminApi<ImportReport>("/api/bank-statements", { method: "POST", form }));
      setEntries(
        (await adminApi<{ entries: BankEntry[] }>("/api/bank-statements/entries"))
          .entries,
      );
    } catch (err) {
      setError(errorSentence(err, "The statement could not be imported. Try again."));
    } finally {
      setBusy(false);
    }
  }

  const open = entries.filter((e) => e.status === "open");
  return (
    <div class="space-y-4">
      <form class="rounded-xl bg-white p-4 ring-1 ring-slate-200" onSubmit={upload}>
        <label for="statement-file" class="block text-sm font-medium">
          Statement file (camt.053 XML)
        </label>
        <input
          id="statement-file"
          name="file"
          type="file"
          accept=".xml,application/xml,text/xml"
          required
          class="mt-2 block text-sm"
        />
        <button
          type="submit"
          disabled={busy}
          class="mt-3 rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
        >
          {busy ? "Importing…" : "Import"}
        </button>
        {error && <p role="alert" class="mt-2 text-sm text-red-700">{error}</p>}
      </form>

      {report && (
        <section
          class="rounded-xl bg-white p-4 ring-1 ring-slate-200"
          aria-labelledby="import-title"
          data-testid="import-report"
        >
          <h2 id="import-title" class="font-semibold">
            Statement {report.statementId} ({report.version})
          </h2>
          <p class="mt-1 text-sm text-slate-700" role="status">
            {report.counts.paid} paid, {report.counts.partial} partially paid, {report.counts.over}
            {" "}
            overpaid, {report.counts.unmatched} unmatched, {report.counts.duplicate}{" "}
            already recorded; {report.skipped} other entries.
          </p>
          <ul class="mt-2 divide-y divide-slate-100 text-sm">
            {report.results.map((r) => (
              <li
                key={r.id}
                class="flex flex-wrap justify-between gap-2 py-2"
                data-outcome={r.outcome}
              >
                <span class="tabular-nums">{formatMoney(r.amountCents)} · {r.valueDate}</span>
                <span>{r.payer}</span>
                <span>{r.orderNumber ?? ""}</span>
                <span
                  class={r.outcome === "over" || r.outcome === "unmatched" ? "text-red-800" : ""}
                >
                  {outcomeText(r)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section class="rounded-xl bg-white ring-1 ring-slate-200" aria-labelledby="unmatched-title">
        <h2 id="unmatched-title" class="p-3 font-semibold">Unmatched credits ({open.length})</h2>
        {entries.length === 0
          ? <p class="px-3 pb-3 text-sm text-slate-600">None.</p>
          : (
            <ul class="divide-y divide-slate-100">
              {entries.map((e) => (
                <EntryRow
                  key={e.id}
                  entry={e}
                  onDone={(next) => setEntries(entries.map((x) => x.id === next.id ? next : x))}
                />
              ))}
            </ul>
          )}
      </section>
    </div>
  );
}
