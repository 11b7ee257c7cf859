import type { MailMessage } from "./mail.ts";
import { buyerMail, type OrderMailWords } from "./order-mails.ts";
import type { Order } from "./order.ts";
import type { SalesQuote } from "./sales-quote.ts";
import type { BankAccount } from "./bank-account.ts";
import { formatIban } from "./bank-account.ts";
import { formatRfReference } from "./rf-reference.ts";
import { formatMoney } from "./money.ts";

/** The quote mails' words in one language (the catalogue's `quotes` section). */
export interface QuoteWords {
  validUntil: string;
  sentSubject: string;
  sentText: string;
  button: string;
  total: string;
  acceptedSubject: string;
  acceptedText: string;
  payBefore: string;
  payOnTerms: string;
  pdfLine: string;
  proFormaLine: string;
  stockShortSubject: string;
  stockShortText: string;
  requestSubject: string;
  requestText: string;
  declinedSubject: string;
  acceptedStaffSubject: string;
  terms: { before_shipping: string; on_terms: string };
  reason: string;
  message: string;
}

/** Fills `{name}` placeholders (the catalogue's). */
const fill = (t: string, vars: Record<string, string | number>) =>
  t.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));

interface Site {
  name: string;
  url: string;
}

/** The buyer's mail with the link to their quote page, and to its PDF. */
export function quoteSentMail(
  q: SalesQuote,
  link: string,
  pdfLink: string,
  site: Site,
  w: QuoteWords,
  money: (cents: number) => string,
  date: (day: string) => string,
): MailMessage {
  const n = q.number;
  return {
    to: q.customer.email,
    subject: fill(w.sentSubject, { n }),
    text: [
      `${q.customer.firstName} ${q.customer.lastName},`,
      "",
      fill(w.sentText, { n, company: q.business.companyName, date: date(q.validUntil) }),
      link,
      "",
      fill(w.total, { amount: money(q.totalCents) }),
      fill(w.terms[q.terms.kind], { days: q.terms.days }),
      "",
      fill(w.pdfLine, { link: pdfLink }),
      "",
      `${site.name} - ${site.url}`,
    ].join("\n"),
  };
}

/** Staff's notice of a buyer's request (sent to the buyer at once), in English. */
export function quoteRequestNotice(
  q: SalesQuote,
  shopEmail: string,
  adminUrl: string,
  w: QuoteWords,
): MailMessage {
  const vars = { n: q.number, company: q.business.companyName, email: q.customer.email };
  return {
    to: shopEmail,
    subject: fill(w.requestSubject, vars),
    text: [
      fill(w.requestText, vars),
      adminUrl,
      "",
      ...q.lines.map((l) => `  ${l.quantity} × ${l.title}`),
      fill(w.total, { amount: formatMoney(q.totalCents) }),
      ...(q.message ? ["", `${w.message}:`, q.message] : []),
    ].join("\n"),
  };
}

/** Staff's notice of a buyer's answer: declined (with the reason) or accepted (its order). */
export function quoteAnswerNotice(
  q: SalesQuote,
  shopEmail: string,
  adminUrl: string,
  w: QuoteWords,
): MailMessage {
  const accepted = q.status === "accepted";
  const vars = { n: q.number, company: q.business.companyName, order: q.orderNumber ?? "" };
  return {
    to: shopEmail,
    subject: fill(accepted ? w.acceptedStaffSubject : w.declinedSubject, vars),
    text: [
      adminUrl,
      ...(q.declineReason ? ["", `${w.reason}: ${q.declineReason}`] : []),
      ...(q.acceptance ? ["", `PO: ${q.acceptance.purchaseOrder}`] : []),
      ...(q.paidWith === "card" ? ["", "Paid by card on the quote page"] : []),
      ...(q.paidWith === "transfer"
        ? ["", "To pay by bank transfer (Stripe) on the quote page"]
        : []),
    ].join("\n"),
  };
}

/** Staff's notice that a quote could not be accepted for want of stock. */
export function stockShortNotice(
  q: SalesQuote,
  reason: string,
  shopEmail: string,
  adminUrl: string,
  w: QuoteWords,
): MailMessage {
  const vars = { n: q.number, company: q.business.companyName, reason };
  return {
    to: shopEmail,
    subject: fill(w.stockShortSubject, vars),
    text: [fill(w.stockShortText, vars), adminUrl].join("\n"),
  };
}

/**
 * The buyer's confirmation of an accepted quote: its order, and how to pay it: the amount, the
 * IBAN and BIC, the RF reference; before shipping or within the terms, and then the link to its
 * pro-forma.
 */
export function quoteAcceptedMail(
  order: Order,
  q: SalesQuote,
  account: BankAccount,
  orderLink: string,
  site: Site,
  w: QuoteWords,
  ow: OrderMailWords,
  proFormaLink: string,
): MailMessage {
  const a = order.account!;
  const pay = {
    amount: ow.money(order.totalCents),
    iban: formatIban(account.iban),
    bic: account.bic,
    reference: formatRfReference(a.reference),
    days: a.termsDays,
  };
  const vars = {
    n: order.orderNumber,
    quote: q.number,
    po: order.business?.purchaseOrder ?? "",
  };
  return buyerMail(order, site, orderLink, ow, {
    subject: fill(w.acceptedSubject, vars),
    heading: fill(w.acceptedSubject, vars),
    paragraphs: [
      fill(w.acceptedText, vars),
      fill(a.terms === "before_shipping" ? w.payBefore : w.payOnTerms, pay),
      ...(a.terms === "before_shipping" ? [fill(w.proFormaLine, { link: proFormaLink })] : []),
    ],
  });
}
