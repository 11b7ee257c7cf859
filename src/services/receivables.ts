import type { AuditActor } from "../domain/audit.ts";
import { reminderMail } from "../domain/account-mails.ts";
import type { BankAccount } from "../domain/bank-account.ts";
import { accountBalance } from "../domain/order-account.ts";
import { type Order, orderLocale } from "../domain/order.ts";
import {
  agingBucket,
  daysBetween,
  isReceivable,
  type Receivable,
  reminderDue,
  totalsOf,
} from "../domain/receivables.ts";
import { shopDay } from "../domain/shop-time.ts";
import { formatDate } from "../i18n/format.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { mailWords } from "../i18n/mail-words.ts";
import { addAudit } from "../store/audit.ts";
import { nowIso } from "../store/atomic.ts";
import type { InvoiceStore } from "../store/invoices.ts";
import type { OrderStore } from "../store/orders.ts";
import type { OutboxStore } from "../store/outbox.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { OrderLinks } from "./order-links.ts";

export interface ReceivablesDeps {
  kv: Deno.Kv;
  orders: OrderStore;
  invoices: Pick<InvoiceStore, "ofOrder">;
  outbox: OutboxStore;
  mailer: Mailer;
  links: OrderLinks;
  site: { name: string; url: string };
  bank: BankAccount;
  timeZone: string;
  /** REMINDER_DAYS: days after the due date each reminder leaves. */
  reminderDays: readonly number[];
}

/** A reminder sent: its step (1-based) on its order, written in the commit that queues it. */
const reminderKey = (orderId: string, step: number) => ["reminder", orderId, step] as const;

/** The system, sending what the calendar calls for. */
const CALENDAR: AuditActor = { id: "reminders", email: "", role: "system" };

export type Receivables = ReturnType<typeof createReceivables>;

/**
 * Receivables (invoices on terms not paid in full) and their reminders. A reminder is queued in
 * the outbox in ONE commit with its mark and its audit entry, checked against the order as read
 * (a payment committed meanwhile stops it) and against the mark's absence (another instance that
 * sent it first): never the same reminder twice, never one after the payment.
 */
export function createReceivables(deps: ReceivablesDeps) {
  const today = () => shopDay(Date.now(), deps.timeZone);

  async function sentSteps(orderId: string): Promise<Set<number>> {
    const out = new Set<number>();
    for await (const e of deps.kv.list({ prefix: ["reminder", orderId] })) {
      out.add(Number(e.key[2]));
    }
    return out;
  }

  async function receivableOrders(): Promise<Order[]> {
    return (await deps.orders.list()).filter(isReceivable);
  }

  /** Sends the reminder `step` of `order` unless sent or paid meanwhile; whether it was sent. */
  async function remind(order: Order, step: number): Promise<boolean> {
    const [current, mark] = await Promise.all([
      deps.orders.entry(order.id),
      deps.kv.get(reminderKey(order.id, step)),
    ]);
    if (mark.value || !current.value) return false;
    const invoice = (await deps.invoices.ofOrder(order.id)).findLast((d) => d.kind === "invoice");
    if (!invoice) return false;
    const lang = orderLocale(order);
    const op = deps.kv.atomic().check(current).check(mark);
    // Earlier steps a pause skipped are marked too: they are not sent late.
    for (let s = 1; s <= step; s++) op.set(reminderKey(order.id, s), nowIso());
    const mail = reminderMail(order, invoice.number, step === 1 ? 1 : 2, deps.bank, {
      site: deps.site,
      link: await deps.links.url(order.orderNumber, lang),
      w: messagesFor(lang).receivables,
      ow: mailWords(lang),
    }, (day) => formatDate(`${day}T12:00:00Z`, lang, "UTC"));
    if (order.customer.email) deps.outbox.add(op, mail);
    addAudit(op, {
      actor: CALENDAR,
      action: "order.reminder",
      entity: "order",
      entityId: order.id,
      summary: `Reminder ${step} of invoice ${invoice.number} (due ${order.account!.dueDate})`,
    });
    const ok = (await op.commit()).ok;
    if (ok && order.customer.email) deps.mailer.wake([mail.subject]);
    return ok;
  }

  /** When this process last passed: the job ticks each minute, reminders are a matter of days. */
  let lastPass = -Infinity;

  return {
    /** A pass unless this process made one in the last 10 minutes. */
    async wake(): Promise<void> {
      if (Date.now() - lastPass < 10 * 60_000) return;
      lastPass = Date.now();
      await this.pass();
    },

    /** One pass: every overdue invoice owed a reminder today gets it. */
    async pass(): Promise<{ sent: number }> {
      const day = today();
      let sent = 0;
      for (const o of await receivableOrders()) {
        const step = reminderDue(o, day, deps.reminderDays, await sentSteps(o.id));
        if (step !== null && await remind(o, step)) sent++;
      }
      return { sent };
    },

    /** The open invoices on terms, most overdue first, with their aging and totals. */
    async list(): Promise<{ receivables: Receivable[]; totals: ReturnType<typeof totalsOf> }> {
      const day = today();
      const rows: Receivable[] = [];
      for (const o of await receivableOrders()) {
        const { paidCents, dueCents } = accountBalance(o.account!, o.totalCents);
        const daysLate = daysBetween(o.account!.dueDate!, day);
        const sent = (await sentSteps(o.id)).size;
        const invoice = (await deps.invoices.ofOrder(o.id)).findLast((d) => d.kind === "invoice");
        rows.push({
          orderId: o.id,
          orderNumber: o.orderNumber,
          invoiceNumber: invoice?.number ?? null,
          company: o.business?.companyName ?? `${o.customer.firstName} ${o.customer.lastName}`,
          email: o.customer.email,
          reference: o.account!.reference,
          dueDate: o.account!.dueDate!,
          totalCents: o.totalCents,
          paidCents,
          dueCents,
          daysLate,
          bucket: agingBucket(daysLate),
          remindersSent: sent,
          flagged: sent >= deps.reminderDays.length,
        });
      }
      rows.sort((a, b) => b.daysLate - a.daysLate || a.orderNumber.localeCompare(b.orderNumber));
      return { receivables: rows, totals: totalsOf(rows) };
    },
  };
}
