import type { TransmissionStatus } from "./einvoice-transmission.ts";

/** How often a deposited invoice's status is asked again: twice a day. */
export const POLL_INTERVAL_MS = 12 * 3600_000;

/** The states of a deposited flow (`consulterCR`'s `etatCourantFlux`) the worker acts on. */
export const CHORUS_FLOW_STATES = { integrated: "IN_INTEGRE", rejected: "IN_REJETE" } as const;

/**
 * An invoice's statuses on Chorus Pro, as staff read them; `flagged` needs staff (the buyer
 * refused or stopped it), `settled` ends the follow-up.
 */
const STATUSES: Readonly<Record<string, { label: string; flagged?: true; settled?: true }>> = {
  DEPOSEE: { label: "Deposited" },
  EN_COURS_ACHEMINEMENT: { label: "Being routed to the buyer" },
  MISE_A_DISPOSITION: { label: "Made available to the buyer" },
  MISE_A_DISPOSITION_COMPTABLE: { label: "With the buyer's accountant" },
  COMPLETEE: { label: "Completed, back with the buyer" },
  SERVICE_FAIT: { label: "Service done: accepted by the buyer" },
  MANDATEE: { label: "Payment ordered" },
  MISE_EN_PAIEMENT: { label: "MISE_EN_PAIEMENT: payment on its way", settled: true },
  SUSPENDUE: { label: "Suspended by the buyer: complete it on Chorus Pro", flagged: true },
  A_RECYCLER: {
    label: "To recycle: the buyer asks for another service code or engagement number",
    flagged: true,
  },
  REJETEE: { label: "Rejected by the buyer", flagged: true, settled: true },
};

/** A Chorus Pro status as the transmission records it, with its comment as the reason. */
export function chorusStatus(
  code: string,
  comment?: string,
): { status: TransmissionStatus; flagged: boolean; settled: boolean } {
  const known = STATUSES[code];
  return {
    status: {
      code,
      label: known?.label ?? code,
      ...(comment ? { reason: comment.slice(0, 1000) } : {}),
    },
    flagged: known?.flagged ?? false,
    settled: known?.settled ?? false,
  };
}

/** How long before the technical account's password expires staff are warned. */
export const PASSWORD_WARNING_DAYS = 30;

/**
 * The dashboard's warning about the Chorus Pro technical account's password (it expires, and
 * every deposit fails after): from 30 days before `expires` (YYYY-MM-DD), null before that.
 */
export function passwordExpiryWarning(expires: string | undefined, today: string): string | null {
  if (!expires) return null;
  const days = Math.round(
    (Date.parse(`${expires}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) /
      86_400_000,
  );
  if (days > PASSWORD_WARNING_DAYS) return null;
  const change = "change it on Chorus Pro, then set CHORUS_PRO_PASSWORD and " +
    "CHORUS_PRO_PASSWORD_EXPIRES and restart.";
  return days < 0
    ? `The Chorus Pro technical account's password expired on ${expires}: public buyers' invoices are not deposited until you ${change}`
    : `The Chorus Pro technical account's password expires on ${expires} (in ${days} day${
      days === 1 ? "" : "s"
    }): ${change}`;
}
