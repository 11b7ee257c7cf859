import { csvAmount, type CsvDialect, csvRow } from "./csv.ts";
import type { Order } from "./order.ts";
import { shopDay } from "./shop-time.ts";

const ORDERS_CSV_COLUMNS = [
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
];

export const ordersCsvHeader = (dialect: CsvDialect) => csvRow(ORDERS_CSV_COLUMNS, dialect);

/** One order: its date is the shop's day (`timeZone`), its amounts numbers. */
export function orderCsvRow(o: Order, timeZone: string, dialect: CsvDialect): string {
  return csvRow([
    o.orderNumber,
    shopDay(Date.parse(o.createdAt), timeZone),
    `${o.customer.firstName} ${o.customer.lastName}`,
    o.customer.email,
    o.shippingCountry,
    o.items.map((l) => `${l.quantity} x ${l.title}`).join("; "),
    csvAmount(o.subtotalCents),
    csvAmount(o.shippingFeeCents),
    csvAmount(o.totalCents),
    o.currency,
    o.status,
    o.paymentStatus,
  ], dialect);
}
