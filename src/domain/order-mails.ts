import type { MailAttachment, MailMessage } from "./mail.ts";
import { formatMoney } from "./money.ts";
import { renderOrderMailHtml } from "./order-mail-html.ts";
import type { TaxWords } from "./vat-statement.ts";
import { trackingUrl } from "./order-progress.ts";
import { formatShopTime } from "./shop-time.ts";
import { type Order, orderVat } from "./order.ts";

/**
 * The words of the order mails in one language, with its money format: the catalogues make
 * them (src/i18n/mail-words.ts), the buyer's in the order's language, the shop's in English.
 */
export interface OrderMailWords {
  lang: "en" | "fr";
  money: (cents: number) => string;
  hello: (firstName: string) => string;
  line: (quantity: number, title: string, each: string, amount: string) => string;
  subtotal: string;
  shipping: (country: string) => string;
  /** A country as the shop stores it, named in the mail's language. */
  country: (country: string) => string;
  total: string;
  vat: (rate: string) => string;
  /** "Label: value" in a text part (French puts a no-break space before the colon). */
  fact: (label: string, value: string) => string;
  orderNumber: string;
  shippingAddress: string;
  follow: string;
  button: string;
  /** How VAT is stated (src/i18n/tax-words.ts). */
  tax: TaxWords;
  yourOrder: string;
  deliveryAddress: string;
  confirmed: { subject: (n: string) => string; heading: string; text: (n: string) => string };
  soldOut: { subject: (n: string) => string; heading: string; text: (n: string) => string };
  shipped: { subject: (n: string) => string; heading: string; text: (n: string) => string };
  carrier: string;
  tracking: string;
  track: string;
  delivered: { subject: (n: string) => string; heading: string; text: (n: string) => string };
  cancelled: { subject: (n: string) => string; heading: string; text: (n: string) => string };
  /** What a cancellation does with the money: refunded (how much, when), kept, none charged. */
  cancelMoney: {
    refunded: (amount: string) => string;
    kept: (amount: string) => string;
    unpaid: string;
  };
  refunded: {
    subject: (n: string) => string;
    heading: string;
    text: (amount: string, n: string) => string;
  };
  /** "Find my orders", at the foot of every buyer mail: its label and its page's path. */
  findOrders: { label: string; path: string };
  /** The confirmation's legal part: the terms accepted, and for consumers the withdrawal. */
  legal: {
    terms: (version: string) => { label: string; path: string };
    attached: string;
    withdrawalInfo: string;
    withdrawalForm: { label: string; path: string };
  };
  /** The acknowledgement of a consumer's withdrawal (a durable medium: C. consom. L221-21). */
  withdrawal: {
    subject: (n: string) => string;
    heading: string;
    text: (date: string, n: string) => string;
    returnTo: (address: string) => string;
  };
  /** A payment received after the order (staff's orders): its invoice is on the order page. */
  paid: {
    subject: (n: string) => string;
    heading: string;
    text: (n: string, invoice: string) => string;
  };
  /** A refund's facts: its credit note's number and the VAT it gives back. */
  creditNote: string;
  vatRefunded: string;
}

/** What a refund mail states: the amount given back now, and its credit note if one was issued. */
export interface RefundNews {
  amountCents: number;
  creditNote: { number: string; vatCents: number } | null;
}

/** The credit note's number and the VAT it gives back, as facts of a mail. */
const refundFacts = (news: RefundNews | undefined, w: OrderMailWords): [string, string][] =>
  news?.creditNote
    ? [
      [w.creditNote, news.creditNote.number],
      [w.vatRefunded, w.money(news.creditNote.vatCents)],
    ]
    : [];

function lines(order: Order, w: OrderMailWords): string[] {
  return order.items.map((l) =>
    w.line(l.quantity, l.title, w.money(l.priceCents), w.money(l.priceCents * l.quantity))
  );
}

/** The amounts, and the VAT as the invoice states it (none, with "excl. VAT", on exempt sales). */
function totals(order: Order, w: OrderMailWords): string[] {
  const vat = orderVat(order, w.tax);
  const excl = vat.exempt ? ` (${w.tax.excluded})` : "";
  return [
    w.fact(w.subtotal + excl, w.money(order.subtotalCents)),
    w.fact(w.shipping(w.country(order.shippingCountry)) + excl, w.money(order.shippingFeeCents)),
    w.fact(w.total + excl, w.money(order.totalCents)),
    `  ${w.fact(vat.label, w.money(vat.vatCents))}`,
  ];
}

/** The footer's sentence about VAT: included, or why not (with the invoice's mention). */
function vatNote(order: Order, w: OrderMailWords): string {
  const vat = orderVat(order, w.tax);
  return vat.mention ? `${vat.note} ${vat.mention}.` : vat.note;
}

function address(order: Order, w: OrderMailWords): string[] {
  const a = order.shippingAddress;
  return [
    `${order.customer.firstName} ${order.customer.lastName}`,
    a.address,
    [a.zipCode, a.city].filter(Boolean).join(" "),
    a.state,
    w.country(a.country),
  ].filter(Boolean);
}

function htmlTotals(order: Order, w: OrderMailWords): [string, string][] {
  const vat = orderVat(order, w.tax);
  const excl = vat.exempt ? ` (${w.tax.excluded})` : "";
  return [
    [w.subtotal + excl, w.money(order.subtotalCents)],
    [w.shipping(w.country(order.shippingCountry)) + excl, w.money(order.shippingFeeCents)],
    [vat.label, w.money(vat.vatCents)],
    [w.total + excl, w.money(order.totalCents)],
  ];
}

/** The shop as a mail's footer names it. */
interface Site {
  name: string;
  url: string;
}

/** A buyer's mail about their order, in words `w`, with the link to its page if there is one. */
type BuyerMail<R = MailMessage> = (
  order: Order,
  site: Site,
  orderLink: string | undefined,
  w: OrderMailWords,
  refund?: RefundNews,
) => R;

/**
 * A buyer's mail about their order, as one view: the text part and the HTML part are both
 * made from it, so they always say the same.
 */
export function buyerMail(
  order: Order,
  site: Site,
  orderLink: string | undefined,
  w: OrderMailWords,
  m: {
    subject: string;
    heading: string;
    paragraphs: string[];
    facts?: [string, string][];
    secondaryLink?: { label: string; url: string };
    /** Links after the text (the terms accepted, the withdrawal form). */
    links?: { label: string; url: string }[];
    withOrder?: boolean;
    attachments?: MailAttachment[];
  },
): MailMessage {
  const withOrder = m.withOrder ?? true;
  const greeting = w.hello(order.customer.firstName);
  const facts = m.facts ?? [];
  const text = [
    greeting,
    "",
    ...m.paragraphs,
    ...(facts.length ? ["", ...facts.map(([k, v]) => w.fact(k, v))] : []),
    ...(m.secondaryLink ? [w.fact(m.secondaryLink.label, m.secondaryLink.url)] : []),
    ...(m.links?.length ? ["", ...m.links.map((l) => w.fact(l.label, l.url))] : []),
    ...(withOrder
      ? [
        "",
        w.fact(w.orderNumber, order.orderNumber),
        ...lines(order, w),
        "",
        ...totals(order, w),
      ]
      : []),
    ...(withOrder ? ["", w.shippingAddress, ...address(order, w)] : []),
    ...(orderLink ? ["", w.follow, orderLink] : []),
    "",
    vatNote(order, w),
    w.fact(w.findOrders.label, site.url + w.findOrders.path),
    `${site.name} - ${site.url}`,
  ].join("\n");
  const html = renderOrderMailHtml({
    lang: w.lang,
    words: {
      yourOrder: w.yourOrder,
      deliveryAddress: w.deliveryAddress,
      footer: vatNote(order, w),
    },
    siteName: site.name,
    siteUrl: site.url,
    heading: m.heading,
    greeting,
    paragraphs: m.paragraphs,
    facts,
    secondaryLink: m.secondaryLink,
    links: m.links,
    footerLink: { label: w.findOrders.label, url: site.url + w.findOrders.path },
    lines: withOrder
      ? order.items.map((l) => ({
        title: l.title,
        quantity: l.quantity,
        amount: w.money(l.priceCents * l.quantity),
      }))
      : [],
    totals: htmlTotals(order, w),
    address: withOrder ? address(order, w) : [],
    button: orderLink ? { label: w.button, url: orderLink } : undefined,
  });
  return {
    to: order.customer.email,
    subject: m.subject,
    text,
    html,
    ...(m.attachments?.length ? { attachments: m.attachments } : {}),
  };
}

/**
 * The customer's order confirmation: number, lines, totals with the VAT part, address, and
 * the link to the order's page.
 */
export const orderConfirmationMail: BuyerMail = (order, site, orderLink, w) =>
  confirmationMail(order, site, orderLink, w);

/**
 * The order confirmation; `payment`: how to pay an order not paid yet (a bank transfer's
 * account and reference), said instead of "we have received your payment".
 */
export function confirmationMail(
  order: Order,
  site: Site,
  orderLink: string | undefined,
  w: OrderMailWords,
  payment?: { text: string; facts: [string, string][] },
): MailMessage {
  const n = order.orderNumber;
  const said = order.needsRefund ? w.soldOut : w.confirmed;
  // Consumers may withdraw (C. consom. L221-18); the confirmation on a durable medium carries
  // the terms accepted and the withdrawal form (L221-13).
  const consumer = !order.business;
  const terms = order.termsVersion ? w.legal.terms(order.termsVersion) : null;
  const link = (l: { label: string; path: string }) => ({ label: l.label, url: site.url + l.path });
  return buyerMail(order, site, orderLink, w, {
    subject: said.subject(n),
    heading: said.heading,
    paragraphs: [
      payment ? payment.text : said.text(n),
      ...(consumer ? [w.legal.withdrawalInfo] : []),
      ...(terms ? [w.legal.attached] : []),
    ],
    ...(payment ? { facts: payment.facts } : {}),
    links: [
      ...(terms ? [link(terms)] : []),
      ...(consumer ? [link(w.legal.withdrawalForm)] : []),
    ],
    attachments: order.termsVersion
      ? [
        { kind: "terms", version: order.termsVersion, lang: w.lang },
        { kind: "withdrawal-form", lang: w.lang },
      ]
      : [],
  });
}

/** The customer's news that the payment of an order placed earlier arrived, with its invoice. */
export function orderPaidMail(
  order: Order,
  site: Site,
  orderLink: string | undefined,
  w: OrderMailWords,
  invoice: string,
): MailMessage {
  const n = order.orderNumber;
  return buyerMail(order, site, orderLink, w, {
    subject: w.paid.subject(n),
    heading: w.paid.heading,
    paragraphs: [w.paid.text(n, invoice)],
    withOrder: false,
  });
}

/**
 * The acknowledgement of a consumer's withdrawal, sent when it is received: the day, the items
 * withdrawn, where to send them back and how the refund comes.
 */
export function withdrawalMail(
  order: Order,
  site: Site,
  orderLink: string | undefined,
  w: OrderMailWords,
  withdrawal: { day: string; items: { title: string; quantity: number }[] },
  returnAddress: string,
): MailMessage {
  return buyerMail(order, site, orderLink, w, {
    subject: w.withdrawal.subject(order.orderNumber),
    heading: w.withdrawal.heading,
    paragraphs: [
      w.withdrawal.text(withdrawal.day, order.orderNumber),
      ...withdrawal.items.map((i) => `${i.quantity} × ${i.title}`),
      w.withdrawal.returnTo(returnAddress),
    ],
    withOrder: false,
  });
}

/**
 * The shop's new-order notice, its time the shop's (`timeZone`); orders paid for sold-out
 * stock say that a refund is due.
 */
export function newOrderNotice(
  order: Order,
  shopEmail: string,
  w: OrderMailWords,
  timeZone: string,
): MailMessage {
  const c = order.customer;
  return {
    to: shopEmail,
    subject: order.needsRefund
      ? `REFUND NEEDED: order ${order.orderNumber} was paid but stock ran out`
      : `New order ${order.orderNumber}: ${formatMoney(order.totalCents)}`,
    text: [
      `Order ${order.orderNumber} (${order.id}), ${
        formatShopTime(order.createdAt, timeZone)
      } (${timeZone})`,
      `Payment: ${order.paymentMethod}, ${order.paymentStatus}, intent ${
        order.paymentIntentId ?? "-"
      }`,
      ...(order.needsRefund
        ? ["The stock was gone when the payment completed: ship if possible, otherwise refund."]
        : []),
      "",
      `Customer: ${c.firstName} ${c.lastName} <${c.email}> ${c.phone}`,
      "",
      ...lines(order, w),
      "",
      ...totals(order, w),
      "",
      "Ship to:",
      ...address(order, w),
    ].join("\n"),
  };
}

/** What a cancellation does with the buyer's money: whether, how much and when it comes back. */
function moneyBack(order: Order, w: OrderMailWords, refund?: RefundNews): string {
  if (refund) return w.cancelMoney.refunded(w.money(refund.amountCents));
  if (order.refund) return w.cancelMoney.refunded(w.money(order.refund.amountCents));
  if (order.paymentStatus === "paid") return w.cancelMoney.kept(w.money(order.totalCents));
  return w.cancelMoney.unpaid;
}

/**
 * The customer's news about a status staff set: shipped (carrier, tracking number and the
 * carrier's tracking page), delivered, cancelled.
 */
export const orderStatusMail: BuyerMail<MailMessage | null> = (
  order,
  site,
  orderLink,
  w,
  refund,
) => {
  const ship = order.shipment;
  const n = order.orderNumber;
  switch (order.status) {
    case "shipped": {
      const tracking = ship ? trackingUrl(ship.carrier, ship.trackingNumber) : null;
      return buyerMail(order, site, orderLink, w, {
        subject: w.shipped.subject(n),
        heading: w.shipped.heading,
        paragraphs: [w.shipped.text(n)],
        facts: [
          ...(ship?.carrier ? [[w.carrier, ship.carrier] as [string, string]] : []),
          ...(ship?.trackingNumber ? [[w.tracking, ship.trackingNumber] as [string, string]] : []),
        ],
        secondaryLink: tracking ? { label: w.track, url: tracking } : undefined,
      });
    }
    case "delivered":
    case "cancelled": {
      const said = w[order.status];
      return buyerMail(order, site, orderLink, w, {
        subject: said.subject(n),
        heading: said.heading,
        paragraphs: order.status === "cancelled"
          ? [said.text(n), moneyBack(order, w, refund)]
          : [said.text(n)],
        facts: order.status === "cancelled" ? refundFacts(refund, w) : [],
        withOrder: false,
      });
    }
    default:
      return null;
  }
};

/** The customer's news that their payment was given back. */
export const orderRefundedMail: BuyerMail = (order, site, orderLink, w, refund) => {
  const n = order.orderNumber;
  const amount = refund?.amountCents ?? order.refund?.amountCents ?? order.totalCents;
  return buyerMail(order, site, orderLink, w, {
    subject: w.refunded.subject(n),
    heading: w.refunded.heading,
    paragraphs: [w.refunded.text(w.money(amount), n)],
    facts: refundFacts(refund, w),
    withOrder: false,
  });
};

/** The "Find my orders" mail's words in one language (src/i18n/mail-words.ts makes them). */
export interface FindMailWords {
  lang: "en" | "fr";
  subject: (site: string) => string;
  hello: string;
  text: string;
  ignore: string;
  line: (n: string, date: string, url: string) => string;
}

/**
 * "Find my orders": the links of an address's newest orders, each with its day (the shop's,
 * as the language writes it), as text and HTML like every mail about an order.
 */
export function orderLinksMail(
  to: string,
  orders: { orderNumber: string; date: string; url: string }[],
  site: Site,
  w: FindMailWords,
): MailMessage {
  const text = [
    w.hello,
    "",
    w.text,
    "",
    ...orders.map((o) => w.line(o.orderNumber, o.date, o.url)),
    "",
    w.ignore,
    "",
    site.name,
    site.url,
  ].join("\n");
  const html = renderOrderMailHtml({
    lang: w.lang,
    // Not about one order: no VAT sentence in the footer.
    words: { yourOrder: "", deliveryAddress: "", footer: "" },
    siteName: site.name,
    siteUrl: site.url,
    heading: w.subject(site.name),
    greeting: w.hello,
    paragraphs: [w.text],
    facts: [],
    links: orders.map((o) => ({ label: `${o.orderNumber}, ${o.date}`, url: o.url })),
    closing: w.ignore,
    lines: [],
    totals: [],
    address: [],
  });
  return { to, subject: w.subject(site.name), text, html };
}
