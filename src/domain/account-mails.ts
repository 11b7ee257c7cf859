import type { BankAccount } from "./bank-account.ts";
import { formatIban } from "./bank-account.ts";
import type { MailMessage } from "./mail.ts";
import { accountBalance, type AccountPayment } from "./order-account.ts";
import { buyerMail, type OrderMailWords } from "./order-mails.ts";
import type { Order } from "./order.ts";
import { formatRfReference } from "./rf-reference.ts";

/** The words of the payment and reminder mails in one language (the `receivables` section). */
export interface ReceivableWords {
  paymentSubject: string;
  paymentHeading: string;
  paymentText: string;
  paymentPaid: string;
  paymentInvoice: string;
  paymentRemaining: string;
  paymentOver: string;
  reminderSubject: string;
  reminderSecondSubject: string;
  reminderHeading: string;
  reminderText: string;
  reminderPay: string;
  reminderPenalty: string;
}

interface Site {
  name: string;
  url: string;
}

const fill = (t: string, vars: Record<string, string | number>) =>
  t.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));

function payTo(bank: BankAccount, order: Order) {
  // Stripe's bank transfer: the buyer's virtual IBAN at Stripe and Stripe's reference.
  const stripe = order.account!.stripeTransfer;
  if (stripe) {
    return { iban: formatIban(stripe.iban), bic: stripe.bic, reference: stripe.reference };
  }
  return {
    iban: formatIban(bank.iban),
    bic: bank.bic,
    reference: formatRfReference(order.account!.reference),
  };
}

/**
 * The buyer's mail for a transfer received on an order on account: the amount and its value
 * date, then paid in full (with the invoice), what remains and where to pay it, or what was
 * paid too much.
 */
export function accountPaymentMail(
  order: Order,
  payment: AccountPayment,
  invoiceNumber: string | null,
  bank: BankAccount,
  ctx: { site: Site; link: string | undefined; w: ReceivableWords; ow: OrderMailWords },
  date: (day: string) => string,
): MailMessage {
  const { w, ow } = ctx;
  const n = order.orderNumber;
  const { paidCents, dueCents, state } = accountBalance(order.account!, order.totalCents);
  const paragraphs = [
    fill(w.paymentText, {
      amount: ow.money(payment.amountCents),
      date: date(payment.valueDate),
      n,
    }),
  ];
  if (state === "partially_paid") {
    paragraphs.push(
      fill(w.paymentRemaining, { amount: ow.money(dueCents), ...payTo(bank, order) }),
    );
  } else {
    paragraphs.push(w.paymentPaid);
    if (state === "overpaid") {
      paragraphs.push(fill(w.paymentOver, { amount: ow.money(paidCents - order.totalCents) }));
    }
  }
  if (invoiceNumber) paragraphs.push(fill(w.paymentInvoice, { invoice: invoiceNumber }));
  return buyerMail(order, ctx.site, ctx.link, ow, {
    subject: fill(w.paymentSubject, { n }),
    heading: w.paymentHeading,
    paragraphs,
    withOrder: false,
  });
}

/**
 * A reminder of an overdue invoice (the first or the second): what is still due, since when,
 * where to pay it with which reference, and the late-payment penalties the invoice states.
 */
export function reminderMail(
  order: Order,
  invoiceNumber: string,
  step: 1 | 2,
  bank: BankAccount,
  ctx: { site: Site; link: string | undefined; w: ReceivableWords; ow: OrderMailWords },
  date: (day: string) => string,
): MailMessage {
  const { w, ow } = ctx;
  const n = order.orderNumber;
  const { dueCents } = accountBalance(order.account!, order.totalCents);
  const vars = { n, invoice: invoiceNumber };
  return buyerMail(order, ctx.site, ctx.link, ow, {
    subject: fill(step === 1 ? w.reminderSubject : w.reminderSecondSubject, vars),
    heading: w.reminderHeading,
    paragraphs: [
      fill(w.reminderText, {
        ...vars,
        date: date(order.account!.dueDate ?? ""),
        amount: ow.money(dueCents),
      }),
      fill(w.reminderPay, payTo(bank, order)),
      w.reminderPenalty,
    ],
    withOrder: false,
  });
}
