import { accountPaymentMail } from "../domain/account-mails.ts";
import type { AuditActor } from "../domain/audit.ts";
import type { BankAccount } from "../domain/bank-account.ts";
import { ConflictError } from "../domain/errors.ts";
import {
  accountBalance,
  type AccountPayment,
  accountPaymentSchema,
  hasPayment,
} from "../domain/order-account.ts";
import { type Order, orderLocale } from "../domain/order.ts";
import { formatMoney } from "../domain/money.ts";
import { formatDate } from "../i18n/format.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { mailWords } from "../i18n/mail-words.ts";
import { nowIso } from "../store/atomic.ts";
import type { InvoiceStore } from "../store/invoices.ts";
import type { OrderStore } from "../store/orders.ts";
import type { OutboxStore } from "../store/outbox.ts";
import type { Mailer } from "./mail/mailer.ts";
import { orderAudit } from "./order-audit.ts";
import type { OrderLinks } from "./order-links.ts";

export interface AccountPaymentDeps {
  kv: Deno.Kv;
  orders: OrderStore;
  outbox: OutboxStore;
  mailer: Mailer;
  links: OrderLinks;
  documents: Pick<InvoiceStore, "issuedIn">;
  site: { name: string; url: string };
  bank: BankAccount;
}

/** A payment to record: its id makes it once (a statement entry's reference, a Stripe id). */
export type NewAccountPayment = Omit<AccountPayment, "at">;

export interface PaymentResult {
  /** False when this payment id was recorded already (on this order or another): nothing done. */
  recorded: boolean;
  order: Order;
  balance: ReturnType<typeof accountBalance>;
  /** The invoice this payment issued (an order paid before shipping), if any. */
  invoiceNumber: string | null;
}

/** Which order took a payment id: one payment, one order, whatever the source. */
const paymentKey = (id: string) => ["account_payment", id] as const;

/** The payment id was recorded already: the commit is given up, nothing written. */
class AlreadyRecorded extends Error {}

export type AccountPayments = ReturnType<typeof createAccountPayments>;

/**
 * THE one way a payment reaches an order on account (bank statements, staff, Stripe's bank
 * transfer). One commit: the payment in the order's `account.payments`, the order paid once
 * the payments cover its total (which issues its invoice when it had none: the hook of
 * store/invoices.ts, never twice), the payment id's claim, the audit entry and the buyer's
 * mail. The same id again, on any instance, at any time, records nothing.
 */
export function createAccountPayments(deps: AccountPaymentDeps) {
  return {
    async owner(paymentId: string): Promise<string | null> {
      return (await deps.kv.get<string>(paymentKey(paymentId))).value;
    },

    async record(
      actor: AuditActor,
      orderId: string,
      input: NewAccountPayment,
    ): Promise<PaymentResult> {
      const payment = accountPaymentSchema.parse({ ...input, at: nowIso() });
      let mailSubject: string | null = null;
      let invoiceNumber: string | null = null;
      try {
        const order = await deps.orders.update(
          orderId,
          (o) => {
            if (!o.account) throw new ConflictError("This order is not paid by bank transfer");
            if (hasPayment(o.account, payment.id)) throw new AlreadyRecorded();
            const account = { ...o.account, payments: [...o.account.payments, payment] };
            const { state } = accountBalance(account, o.totalCents);
            const settled = (state === "paid" || state === "overpaid") &&
              o.paymentStatus === "pending";
            return { ...o, account, ...(settled ? { paymentStatus: "paid" as const } : {}) };
          },
          async (op, before, after) => {
            const claim = await deps.kv.get(paymentKey(payment.id));
            if (claim.value) throw new AlreadyRecorded();
            op.check(claim).set(paymentKey(payment.id), orderId);
            invoiceNumber = deps.documents.issuedIn(op).find((d) => d.kind === "invoice")
              ?.number ?? null;
            await orderAudit(
              actor,
              "order.account_payment",
              () =>
                `Payment of ${
                  formatMoney(payment.amountCents)
                } received (${payment.source}, ${payment.id}, value date ${payment.valueDate})`,
            )(op, before, after);
            mailSubject = null;
            if (!after!.customer.email) return;
            const lang = orderLocale(after!);
            const mail = accountPaymentMail(after!, payment, invoiceNumber, deps.bank, {
              site: deps.site,
              link: await deps.links.url(after!.orderNumber, lang),
              w: messagesFor(lang).receivables,
              ow: mailWords(lang),
            }, (day) => formatDate(`${day}T12:00:00Z`, lang, "UTC"));
            deps.outbox.add(op, mail);
            mailSubject = mail.subject;
          },
        );
        if (mailSubject) deps.mailer.wake([mailSubject]);
        return {
          recorded: true,
          order,
          balance: accountBalance(order.account!, order.totalCents),
          invoiceNumber,
        };
      } catch (err) {
        if (!(err instanceof AlreadyRecorded)) throw err;
        const order = (await deps.orders.get(orderId))!;
        return {
          recorded: false,
          order,
          balance: accountBalance(order.account!, order.totalCents),
          invoiceNumber: null,
        };
      }
    },
  };
}
