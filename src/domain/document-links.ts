import type { Order } from "./order.ts";

/**
 * Where the buyer downloads the PDFs made for them, behind the signed token of their quote's
 * or order's link (the API checks it as the page does).
 */

export const quotePdfPath = (number: string, token: string) =>
  `/api/public/quotes/${encodeURIComponent(number)}/pdf?t=${encodeURIComponent(token)}`;

export const proFormaPath = (orderNumber: string, token: string) =>
  `/api/public/orders/${encodeURIComponent(orderNumber)}/pro-forma?t=${encodeURIComponent(token)}`;

/** Whether an order has a pro-forma: paid by bank transfer before it ships. */
export const hasProForma = (o: Pick<Order, "account">) => o.account?.terms === "before_shipping";
