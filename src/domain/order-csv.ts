import { formatAmount } from "./money.ts";
import type { Order } from "./order.ts";

/**
 * One CSV cell: quoted when it holds a separator, quote or line break; a cell a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR) gets a leading apostrophe (CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvRow = (cells: string[]) => `${cells.map(csvCell).join(",")}\r\n`;

export const ORDERS_CSV_HEADER = csvRow([
  "Order number",
  "Date",
  "Customer",
  "Email",
  "Country",
  "Items",
  "Subtotal",
  "Shipping",
  "Total",
  "Currency",
  "Status",
  "Payment status",
]);

export function orderCsvRow(o: Order): string {
  return csvRow([
    o.orderNumber,
    o.createdAt,
    `${o.customer.firstName} ${o.customer.lastName}`,
    o.customer.email,
    o.shippingCountry,
    o.items.map((l) => `${l.quantity} x ${l.title}`).join("; "),
    formatAmount(o.subtotalCents),
    formatAmount(o.shippingFeeCents),
    formatAmount(o.totalCents),
    o.currency,
    o.status,
    o.paymentStatus,
  ]);
}
