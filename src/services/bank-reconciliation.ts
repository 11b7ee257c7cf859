import type { AuditActor } from "../domain/audit.ts";
import type { StatementCredit } from "../domain/bank-statement.ts";
import { ConflictError, NotFoundError } from "../domain/errors.ts";
import { formatMoney } from "../domain/money.ts";
import {
  type BankEntry,
  type CreditOutcome,
  creditReference,
  matchCredit,
  type OpenAccount,
  openAccountOf,
  outcomeOf,
  squeeze,
} from "../domain/reconciliation.ts";
import { nowIso } from "../store/atomic.ts";
import type { BankEntryStore } from "../store/bank-entries.ts";
import type { OpenAccountStore } from "../store/open-accounts.ts";
import type { OrderStore } from "../store/orders.ts";
import type { AccountPayments } from "./account-payments.ts";
import { parseCamt053 } from "./camt053.ts";

export interface BankReconciliationDeps {
  orders: OrderStore;
  accounts: Pick<OpenAccountStore, "byReference" | "owing">;
  entries: BankEntryStore;
  payments: AccountPayments;
}

/** One credit of an import, as staff read it on the results. */
export interface CreditResult {
  id: string;
  amountCents: number;
  currency: string;
  valueDate: string;
  payer: string;
  reference: string | null;
  outcome: CreditOutcome;
  orderNumber?: string;
  /** How it was matched: its RF reference, or its amount and payer. */
  via?: "reference" | "amount_payer";
  /** Still due after it (partially paid). */
  remainingCents?: number;
  /** Paid beyond what was due (flagged). */
  overCents?: number;
}

export interface ImportReport {
  statementId: string;
  version: string;
  iban: string | null;
  /** Entries that are not payments received (debits, reversals, pending). */
  skipped: number;
  counts: Record<CreditOutcome, number>;
  results: CreditResult[];
}

export type BankReconciliation = ReturnType<typeof createBankReconciliation>;

/**
 * Bank statements (camt.053) against the orders on account. Each credit is matched against the
 * index of orders on account (store/open-accounts.ts: what it names, read as it is now, so an
 * earlier credit of the same file is counted); each matched credit is recorded by the one
 * payment function (services/account-payments.ts), in its own audited commit with the buyer's
 * mail; a credit with no order is kept for staff. A credit's id is the bank's reference: a
 * statement imported twice, or two imports at once, record each payment once.
 */
export function createBankReconciliation(deps: BankReconciliationDeps) {
  /** The order on account a credit pays (matchCredit), reading only what it needs. */
  async function match(c: StatementCredit) {
    if (c.currency !== "EUR") return null;
    const reference = creditReference(c);
    const byReference = reference ? await deps.accounts.byReference(reference) : null;
    if (byReference) return matchCredit(c, { byReference });
    const owing = squeeze(c.payer) ? await deps.accounts.owing(c.amountCents) : [];
    return matchCredit(c, { owing });
  }

  async function recordOn(
    actor: AuditActor,
    account: OpenAccount,
    c: StatementCredit,
  ): Promise<{ recorded: boolean; dueCents: number }> {
    const r = await deps.payments.record(actor, account.orderId, {
      id: c.id,
      valueDate: c.valueDate,
      amountCents: c.amountCents,
      source: "bank",
      note: c.payer || undefined,
    });
    return { recorded: r.recorded, dueCents: r.balance.dueCents };
  }

  return {
    match,

    /** Reads `bytes` as a camt.053 statement (422/413 and nothing done if it is not one). */
    async import(actor: AuditActor, bytes: Uint8Array): Promise<ImportReport> {
      const statement = parseCamt053(bytes);
      const counts = { paid: 0, partial: 0, over: 0, unmatched: 0, duplicate: 0 };
      const results: CreditResult[] = [];
      const importedAt = nowIso();
      for (const c of statement.credits) {
        const base = {
          id: c.id,
          amountCents: c.amountCents,
          currency: c.currency,
          valueDate: c.valueDate,
          payer: c.payer,
          reference: c.reference,
        };
        const owner = await deps.payments.owner(c.id);
        if (owner || await deps.entries.get(c.id)) {
          counts.duplicate++;
          results.push({ ...base, outcome: "duplicate" });
          continue;
        }
        const found = await match(c);
        if (!found) {
          const entry: BankEntry = {
            schemaVersion: 1,
            ...base,
            text: c.text,
            statementId: statement.id,
            importedAt,
            status: "open",
          };
          const added = await deps.entries.add(entry, {
            actor,
            action: "bank.unmatched",
            entity: "bank_entry",
            entityId: c.id,
            summary: `Unmatched credit of ${formatMoney(c.amountCents)} from ${
              c.payer || "an unknown payer"
            } (${statement.id})`,
          });
          const outcome = added ? "unmatched" : "duplicate";
          counts[outcome]++;
          results.push({ ...base, outcome });
          continue;
        }
        const { account, via } = found;
        const dueBefore = account.dueCents;
        const r = await recordOn(actor, account, c);
        if (!r.recorded) {
          counts.duplicate++;
          results.push({ ...base, outcome: "duplicate", orderNumber: account.orderNumber });
          continue;
        }
        const outcome = outcomeOf(c.amountCents, dueBefore);
        counts[outcome]++;
        results.push({
          ...base,
          outcome,
          orderNumber: account.orderNumber,
          via,
          ...(outcome === "partial" ? { remainingCents: r.dueCents } : {}),
          ...(outcome === "over" ? { overCents: c.amountCents - dueBefore } : {}),
        });
      }
      return {
        statementId: statement.id,
        version: statement.version,
        iban: statement.iban,
        skipped: statement.skipped,
        counts,
        results,
      };
    },

    /** The credits kept for staff: open ones first, then the others. */
    async entries(): Promise<BankEntry[]> {
      const all = await deps.entries.list();
      return [...all.filter((e) => e.status === "open"), ...all.filter((e) => e.status !== "open")];
    },

    /** Staff assign a kept credit to an order: recorded as the statement would have. */
    async assign(actor: AuditActor, id: string, orderNumber: string) {
      const entry = await deps.entries.get(id);
      if (!entry) throw new NotFoundError("No such bank entry");
      if (entry.status !== "open") throw new ConflictError("This entry is already dealt with");
      const order = await deps.orders.getByNumber(orderNumber.trim().toUpperCase());
      if (!order) throw new NotFoundError(`No order ${orderNumber}`);
      if (!order.account) throw new ConflictError("This order is not paid by bank transfer");
      const dueBefore = openAccountOf(order)?.dueCents ?? 0;
      const r = await deps.payments.record(actor, order.id, {
        id: entry.id,
        valueDate: entry.valueDate,
        amountCents: entry.amountCents,
        source: "bank",
        note: entry.payer || undefined,
      });
      const updated = await deps.entries.change(
        id,
        (e) => ({ ...e, status: "assigned", orderNumber: order.orderNumber }),
        (e) => ({
          actor,
          action: "bank.assign",
          entity: "bank_entry",
          entityId: e.id,
          summary: `Credit of ${formatMoney(e.amountCents)} assigned to ${order.orderNumber}`,
        }),
      );
      return {
        entry: updated,
        outcome: outcomeOf(entry.amountCents, dueBefore),
        remainingCents: r.balance.dueCents,
      };
    },

    /** Staff set a kept credit aside (not a payment of an order: a refund, a mistake...). */
    async setAside(actor: AuditActor, id: string, note?: string) {
      const entry = await deps.entries.get(id);
      if (!entry) throw new NotFoundError("No such bank entry");
      if (entry.status !== "open") throw new ConflictError("This entry is already dealt with");
      return await deps.entries.change(
        id,
        (e) => ({ ...e, status: "set_aside", ...(note ? { note } : {}) }),
        (e) => ({
          actor,
          action: "bank.set_aside",
          entity: "bank_entry",
          entityId: e.id,
          summary: `Credit of ${formatMoney(e.amountCents)} set aside${note ? `: ${note}` : ""}`,
        }),
      );
    },
  };
}
