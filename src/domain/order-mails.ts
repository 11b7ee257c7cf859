import { vatPart } from "./checkout.ts";
import type { MailMessage } from "./mail.ts";
import { formatMoney } from "./money.ts";
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
    `${a.zipCode} ${a.city}`,
    a.state,
    a.country,
  ];
}

/** The buyer's order page, where the order's progress and its invoice are. */
const followLink = (link?: string) =>
  link ? ["", "Follow your order and download its invoice:", link] : [];

/**
 * The customer's order confirmation: number, lines, totals with the VAT part, address, and
 * the link to the order's page.
 */
export function orderConfirmationMail(
  order: Order,
  site: { name: string; url: string },
  orderLink?: string,
): MailMessage {
  const intro = order.needsRefund
    ? [
      `We received your payment for order ${order.orderNumber}, but the last units sold out ` +
      "while you were paying. We will contact you shortly and refund you in full if we cannot " +
      "ship your order.",
    ]
    : [`Thank you for your order ${order.orderNumber}. We have received your payment.`];
  return {
    to: order.customer.email,
    subject: order.needsRefund
      ? `Order ${order.orderNumber}: payment received, item sold out`
      : `Your order ${order.orderNumber} is confirmed`,
    text: [
      `Hello ${order.customer.firstName},`,
      "",
      ...intro,
      "",
      `Order number: ${order.orderNumber}`,
      ...lines(order),
      "",
      ...totals(order),
      "",
      "Shipping address:",
      ...address(order),
      ...followLink(orderLink),
      "",
      "Prices include VAT.",
      `${site.name} - ${site.url}`,
    ].join("\n"),
  };
}

/** The shop's new-order notice; orders paid for sold-out stock say that a refund is due. */
export function newOrderNotice(order: Order, shopEmail: string): MailMessage {
  const c = order.customer;
  return {
    to: shopEmail,
    subject: order.needsRefund
      ? `REFUND NEEDED: order ${order.orderNumber} was paid but stock ran out`
      : `New order ${order.orderNumber}: ${formatMoney(order.totalCents)}`,
    text: [
      `Order ${order.orderNumber} (${order.id}), ${order.createdAt}`,
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

/** The customer's news about a status staff set: shipped (with tracking), delivered, cancelled. */
export function orderStatusMail(
  order: Order,
  site: { name: string; url: string },
  orderLink?: string,
): MailMessage | null {
  const hello = `Hello ${order.customer.firstName},`;
  const sign = [...followLink(orderLink), "", `${site.name}`, site.url];
  const ship = order.shipment;
  switch (order.status) {
    case "shipped":
      return {
        to: order.customer.email,
        subject: `Your order ${order.orderNumber} has shipped`,
        text: [
          hello,
          "",
          `Your order ${order.orderNumber} is on its way.`,
          ...(ship?.carrier ? [`Carrier: ${ship.carrier}`] : []),
          ...(ship?.trackingNumber ? [`Tracking number: ${ship.trackingNumber}`] : []),
          "",
          ...lines(order),
          "",
          "Shipping to:",
          ...address(order),
          ...sign,
        ].join("\n"),
      };
    case "delivered":
      return {
        to: order.customer.email,
        subject: `Your order ${order.orderNumber} has been delivered`,
        text: [hello, "", `Your order ${order.orderNumber} has been delivered.`, ...sign].join(
          "\n",
        ),
      };
    case "cancelled":
      return {
        to: order.customer.email,
        subject: `Your order ${order.orderNumber} has been cancelled`,
        text: [hello, "", `Your order ${order.orderNumber} has been cancelled.`, ...sign].join(
          "\n",
        ),
      };
    default:
      return null;
  }
}
