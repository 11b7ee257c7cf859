import { z } from "zod";

export const stockNotificationSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  email: z.string(),
  isNotified: z.boolean(),
  notifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StockNotification = z.infer<typeof stockNotificationSchema>;

export function toPublicStockNotification(n: StockNotification) {
  return {
    _id: n.id,
    productId: n.productId,
    productName: n.productName,
    email: n.email,
    isNotified: n.isNotified,
    notifiedAt: n.notifiedAt,
    createdAt: n.createdAt,
  };
}

/** The mail that tells a waiting customer the product is back, with a link to it. */
export function backInStockMail(
  n: Pick<StockNotification, "email" | "productName">,
  productUrl: string,
  siteName: string,
) {
  return {
    to: n.email,
    subject: `${n.productName} is back in stock`,
    text: [
      "Hello,",
      "",
      `${n.productName} is back in stock. You asked us to tell you: here it is.`,
      "",
      productUrl,
      "",
      siteName,
    ].join("\n"),
  };
}

export type { PublicStockNotification } from "./stock-notification-groups.ts";
export { groupByProduct } from "./stock-notification-groups.ts";
