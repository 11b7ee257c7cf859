import {
  CHANNEL_LABELS,
  type EinvoiceTransmission,
  KIND_LABELS,
} from "../../domain/einvoice-transmission.ts";
import StatusBadge from "../../ui/admin/StatusBadge.tsx";

/** When, to the minute, in UTC: the same for every member of staff. */
const when = (iso: string | null) => iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "—";

function Status({ tx }: { tx: EinvoiceTransmission }) {
  return (
    <span class="inline-flex flex-wrap items-center gap-1">
      <StatusBadge
        value={tx.status.code}
        colour={tx.flagged ? "red" : tx.settled ? "green" : "blue"}
      />
      <span>{tx.status.label}</span>
    </span>
  );
}

/** The document's number, linking to its order when it has one. */
function Document({ tx }: { tx: EinvoiceTransmission }) {
  return tx.orderId
    ? (
      <a class="font-medium text-blue-800 underline" href={`/admin/orders/${tx.orderId}`}>
        {tx.documentNumber}
      </a>
    )
    : <span class="font-medium">{tx.documentNumber}</span>;
}

/**
 * The E-invoices screen's body: each document sent to Chorus Pro or the platform, flagged ones
 * (rejected, suspended, refused, given up) first with their reason, then newest first.
 */
export default function EinvoiceList({ transmissions }: { transmissions: EinvoiceTransmission[] }) {
  if (transmissions.length === 0) {
    return (
      <p class="rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200">
        No e-invoice sent yet. Invoices of public buyers are deposited on Chorus Pro when it is
        configured (see docs/chorus-pro.md).
      </p>
    );
  }
  return (
    <div class="rounded-xl bg-white ring-1 ring-slate-200">
      <ul class="divide-y divide-slate-100 md:hidden" data-testid="einvoices-stacked">
        {transmissions.map((tx) => (
          <li
            key={tx.id}
            class={`p-3 text-sm ${tx.flagged ? "bg-red-50" : ""}`}
            data-flagged={tx.flagged}
          >
            <p class="flex flex-wrap justify-between gap-2">
              <Document tx={tx} />
              <span class="text-slate-600">
                {KIND_LABELS[tx.kind]} · {CHANNEL_LABELS[tx.channel]}
              </span>
            </p>
            <p class="mt-1">
              <Status tx={tx} />
            </p>
            {tx.status.reason && <p class="mt-1 break-words text-red-800">{tx.status.reason}</p>}
            <p class="mt-1 text-xs text-slate-600">Updated {when(tx.updatedAt)}</p>
          </li>
        ))}
      </ul>
      <table class="hidden w-full text-left text-sm md:table" data-testid="einvoices">
        <thead class="text-slate-600">
          <tr>
            <th scope="col" class="px-3 py-2">Document</th>
            <th scope="col" class="px-3 py-2">Kind</th>
            <th scope="col" class="px-3 py-2">Channel</th>
            <th scope="col" class="px-3 py-2">Status</th>
            <th scope="col" class="px-3 py-2">Reason</th>
            <th scope="col" class="px-3 py-2">Updated</th>
            <th scope="col" class="px-3 py-2">Next check</th>
          </tr>
        </thead>
        <tbody>
          {transmissions.map((tx) => (
            <tr
              key={tx.id}
              class={`border-t border-slate-100 ${tx.flagged ? "bg-red-50" : ""}`}
              data-flagged={tx.flagged}
            >
              <th scope="row" class="px-3 py-2 font-normal">
                <Document tx={tx} />
              </th>
              <td class="px-3 py-2">{KIND_LABELS[tx.kind]}</td>
              <td class="px-3 py-2">{CHANNEL_LABELS[tx.channel]}</td>
              <td class="px-3 py-2">
                <Status tx={tx} />
              </td>
              <td class="max-w-xs break-words px-3 py-2">{tx.status.reason ?? ""}</td>
              <td class="whitespace-nowrap px-3 py-2">{when(tx.updatedAt)}</td>
              <td class="whitespace-nowrap px-3 py-2">{when(tx.nextAttemptAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
