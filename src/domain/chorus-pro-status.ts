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
