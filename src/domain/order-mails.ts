import { vatPart } from "./checkout.ts";
import type { MailMessage } from "./mail.ts";
import { formatMoney } from "./money.ts";
import { renderOrderMailHtml } from "./order-mail-html.ts";
import { trackingUrl } from "./order-progress.ts";
import { formatDay, formatShopTime } from "./shop-time.ts";
import type { Order } from "./order.ts";

function lines(order: Order): string[] {
  return order.items.map((l) =>
    `  ${l.quantity} × ${l.title}  ${formatMoney(l.priceCents)} each  ${
      formatMoney(l.priceCents * l.quantity)
    }`
  );
}

function totals(order: Order): string[] {
  return [
    `Subtotal: ${formatMoney(order.subtotalCents)}`,
    `Shipping (${order.shippingCountry}): ${formatMoney(order.shippingFeeCents)}`,
    `Total: ${formatMoney(order.totalCents)}`,
    `  incl. VAT (20%): ${formatMoney(vatPart(order.totalCents))}`,
  ];
}

function address(order: Order): string[] {
  const a = order.shippingAddress;
  return [
    `${order.customer.firstName} ${order.customer.lastName}`,
    a.address,
    [a.zipCode, a.city].filter(Boolean).join(" "),
    a.state,
    a.country,
  ].filter(Boolean);
}

/** The buyer's order page, where the order's progress and its invoice are. */
const FOLLOW = "Follow your order and download its invoice:";

/**
 * A buyer's mail about their order, as one view: the text part and the HTML part are both
 * made from it, so they always say the same.
 */
function buyerMail(
  order: Order,
  site: { name: string; url: string },
  orderLink: string | undefined,
  m: {
    subject: string;
    heading: string;
    paragraphs: string[];
    facts?: [string, string][];
    secondaryLink?: { label: string; url: string };
    withOrder?: boolean;
  },
): MailMessage {
  const withOrder = m.withOrder ?? true;
  const greeting = `Hello ${order.customer.firstName},`;
  const facts = m.facts ?? [];
  const text = [
    greeting,
    "",
    ...m.paragraphs,
    ...(facts.length ? ["", ...facts.map(([k, v]) => `${k}: ${v}`)] : []),
    ...(m.secondaryLink ? [`${m.secondaryLink.label}: ${m.secondaryLink.url}`] : []),
    ...(withOrder
      ? ["", `Order number: ${order.orderNumber}`, ...lines(order), "", ...totals(order)]
      : []),
    ...(withOrder ? ["", "Shipping address:", ...address(order)] : []),
    ...(orderLink ? ["", FOLLOW, orderLink] : []),
    "",
    "Prices include VAT.",
    `${site.name} - ${site.url}`,
  ].join("\n");
  const html = renderOrderMailHtml({
    siteName: site.name,
    siteUrl: site.url,
    heading: m.heading,
    greeting,
    paragraphs: m.paragraphs,
    facts,
    secondaryLink: m.secondaryLink,
    lines: withOrder
      ? order.items.map((l) => ({
        title: l.title,
        quantity: l.quantity,
        amount: formatMoney(l.priceCents * l.quantity),
      }))
      : [],
    totals: [
      ["Subtotal", formatMoney(order.subtotalCents)],
      [`Shipping (${order.shippingCountry})`, formatMoney(order.shippingFeeCents)],
      [`incl. VAT (20%)`, formatMoney(vatPart(order.totalCents))],
      ["Total", formatMoney(order.totalCents)],
    ],
    address: withOrder ? address(order) : [],
    button: orderLink ? { label: "View your order and invoice", url: orderLink } : undefined,
  });
  return { to: order.customer.email, subject: m.subject, text, html };
}

/**
 * The customer's order confirmation: number, lines, totals with the VAT part, address, and
 * the link to the order's page.
 */
export function orderConfirmationMail(
  order: Order,
  site: { name: string; url: string },
  orderLink?: string,
): MailMessage {
  return buyerMail(
    order,
    site,
    orderLink,
    order.needsRefund
      ? {
        subject: `Order ${order.orderNumber}: payment received, item sold out`,
        heading: "Payment received, item sold out",
        paragraphs: [
          `We received your payment for order ${order.orderNumber}, but the last units sold out ` +
          "while you were paying. We will contact you shortly and refund you in full if we cannot " +
          "ship your order.",
        ],
      }
      : {
        subject: `Your order ${order.orderNumber} is confirmed`,
        heading: "Thank you for your order",
        paragraphs: [
          `Thank you for your order ${order.orderNumber}. We have received your payment.`,
        ],
      },
  );
}

/**
 * The shop's new-order notice, its time the shop's (`timeZone`); orders paid for sold-out
 * stock say that a refund is due.
 */
export function newOrderNotice(order: Order, shopEmail: string, timeZone: string): MailMessage {
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
      ...lines(order),
      "",
      ...totals(order),
      "",
      "Ship to:",
      ...address(order),
    ].join("\n"),
  };
}

/** What a cancellation does with the buyer's money: whether, how much and when it comes back. */
function moneyBack(order: Order): string {
  if (order.refund) {
    return `We have refunded ${formatMoney(order.refund.amountCents)} to the card you paid ` +
      "with. It usually shows within 5 to 10 days. The credit note is on your order's page.";
  }
  if (order.paymentStatus === "paid") {
    return `No refund has been made with this cancellation: the ${
      formatMoney(order.totalCents)
    } you paid stays charged for now. Reply to this mail if you expected it back.`;
  }
  return "You have not been charged for it.";
}

/**
 * The customer's news about a status staff set: shipped (carrier, tracking number and the
 * carrier's tracking page), delivered, cancelled.
 */
export function orderStatusMail(
  order: Order,
  site: { name: string; url: string },
  orderLink?: string,
): MailMessage | null {
  const ship = order.shipment;
  switch (order.status) {
    case "shipped": {
      const tracking = ship ? trackingUrl(ship.carrier, ship.trackingNumber) : null;
      return buyerMail(order, site, orderLink, {
        subject: `Your order ${order.orderNumber} has shipped`,
        heading: "Your order is on its way",
        paragraphs: [`Your order ${order.orderNumber} is on its way.`],
        facts: [
          ...(ship?.carrier ? [["Carrier", ship.carrier] as [string, string]] : []),
          ...(ship?.trackingNumber
            ? [["Tracking number", ship.trackingNumber] as [string, string]]
            : []),
        ],
        secondaryLink: tracking ? { label: "Track the parcel", url: tracking } : undefined,
      });
    }
    case "delivered":
      return buyerMail(order, site, orderLink, {
        subject: `Your order ${order.orderNumber} has been delivered`,
        heading: "Your order has been delivered",
        paragraphs: [
          `Your order ${order.orderNumber} has been delivered. We hope you enjoy building with it.`,
        ],
        withOrder: false,
      });
    case "cancelled":
      return buyerMail(order, site, orderLink, {
        subject: `Your order ${order.orderNumber} has been cancelled`,
        heading: "Your order has been cancelled",
        paragraphs: [`Your order ${order.orderNumber} has been cancelled.`, moneyBack(order)],
        withOrder: false,
      });
    default:
      return null;
  }
}

/** The customer's news that their payment was given back. */
export function orderRefundedMail(
  order: Order,
  site: { name: string; url: string },
  orderLink?: string,
): MailMessage {
  return buyerMail(order, site, orderLink, {
    subject: `Your order ${order.orderNumber} has been refunded`,
    heading: "Your refund is on its way",
    paragraphs: [
      `We have refunded ${formatMoney(order.refund?.amountCents ?? order.totalCents)} for ` +
      `order ${order.orderNumber} to the card you paid with. It usually shows within 5 to 10 ` +
      "days. The credit note is on your order's page.",
    ],
    withOrder: false,
  });
}

/**
 * "Find my orders": the links of an address's newest orders, each with its day (the shop's),
 * as text and HTML like every mail about an order.
 */
export function orderLinksMail(
  to: string,
  orders: { orderNumber: string; day: string; url: string }[],
  site: { name: string; url: string },
): MailMessage {
  const heading = "Your orders";
  const greeting = "Hello,";
  const paragraphs = [
    "Here are the links to your orders. Each one shows where the order is and its invoice.",
  ];
  const footer = "If you did not ask for this mail, you can ignore it.";
  const text = [
    greeting,
    "",
    ...paragraphs,
    "",
    ...orders.map((o) => `${o.orderNumber} (${o.day}): ${o.url}`),
    "",
    footer,
    "",
    site.name,
    site.url,
  ].join("\n");
  const html = renderOrderMailHtml({
    siteName: site.name,
    siteUrl: site.url,
    heading,
    greeting,
    paragraphs,
    facts: [],
    links: orders.map((o) => ({ label: `${o.orderNumber}, ${formatDay(o.day)}`, url: o.url })),
    closing: footer,
    lines: [],
    totals: [],
    address: [],
  });
  return { to, subject: `Your orders at ${site.name}`, text, html };
}
